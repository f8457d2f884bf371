/**
 * Saving `/shipwatch settings workspace`'s form (OAuth mode): the workspace's policy settings, through the one write
 * flow like every write of Shipwatch's own state — the ledger (a re-submitted form saves once), the admin policy (the
 * same check as connecting a key), the save, and a line to the admin saying who changed what. A value that is not an
 * id or a slug is said next to its field while the form is open, and nothing is saved. The tenant's cached settings
 * are dropped on save (oauth-setup.ts), so the next request of that workspace, and of no other, uses them.
 */
import { INPUT, VIEW } from '../../cards/ids.js';
import { renderSettingsSavedLine } from '../../cards/settings/workspace-settings-card.js';
import type { SettingsField, WorkspaceSettings } from '../../tenancy/index.js';
import type { FeatureContext } from '../context.js';
import type { FormPort, FormSubmission } from '../forms/form-port.js';
import { adminOfForm } from '../forms/form-submitter.js';
import { type FormValues, textValue } from '../forms/form-values.js';
import { viewSubmissionKey } from '../idempotency/index.js';
import {
  readSettingsForm,
  type SettingsForm,
  saveWorkspaceSettings,
  type WorkspaceSettingsAdmin,
} from './workspace-settings.js';

const BLOCKS: Record<SettingsField, { block: string; action: string }> = {
  editors: INPUT.settingsEditors,
  channels: INPUT.settingsChannels,
  customFieldSlugs: INPUT.settingsCustomFields,
  ownerField: INPUT.settingsOwnerField,
};

const NOT_SAVED = 'The settings were not saved. Try again in a moment.';

/** Saving found a value it cannot use (checked again over what is stored). */
class SettingsRefused extends Error {
  override readonly name = 'SettingsRefused';
  constructor(readonly problems: Array<{ field: SettingsField; message: string }>) {
    super('settings refused');
  }
}

function errorsOf(problems: Array<{ field: SettingsField; message: string }>): Record<string, string> {
  return Object.fromEntries(problems.map((problem) => [BLOCKS[problem.field].block, problem.message]));
}

/** An input left empty is submitted as null: it means "the default", not "unchanged". */
function formOf(values: FormValues): SettingsForm {
  const read = (ids: { block: string; action: string }) =>
    values[ids.block] ? (textValue(values, ids.block, ids.action) ?? '') : null;
  return {
    editors: read(INPUT.settingsEditors),
    channels: read(INPUT.settingsChannels),
    customFieldSlugs: read(INPUT.settingsCustomFields),
    ownerField: read(INPUT.settingsOwnerField),
  };
}

export async function submitWorkspaceSettingsForm(
  ctx: FeatureContext,
  submission: FormSubmission,
  ports: { form: FormPort; admin: WorkspaceSettingsAdmin | undefined },
): Promise<void> {
  const { form } = ports;
  const block = INPUT.settingsEditors.block;
  const admin = await adminOfForm(
    form,
    submission,
    ports.admin,
    block,
    'This Shipwatch takes its settings from the environment.',
  );
  if (admin === null) return;
  const { actor } = submission;
  const checked = readSettingsForm(formOf(submission.values));
  if (!checked.ok) {
    await form.refuse(errorsOf(checked.problems));
    return;
  }
  const { tenant } = ctx;
  const { run } = form.open(
    { channelId: null, card: null },
    {
      refusalBlockId: block,
      errorsFor: (error) =>
        error instanceof SettingsRefused ? errorsOf(error.problems) : { [block]: NOT_SAVED },
    },
  );
  await run({
    action: VIEW.workspaceSettings,
    policy: 'admin',
    repeatWindowMs: form.replayWindowMs,
    key: viewSubmissionKey(submission.viewId, checked.change),
    target: tenant.id,
    what: 'this workspace’s Shipwatch settings',
    actor,
    channelId: null,
    write: async (): Promise<WorkspaceSettings> => {
      const saved = await saveWorkspaceSettings(ctx, admin, checked.change, actor.userId);
      if (!saved.ok) throw new SettingsRefused(saved.problems);
      return saved.settings;
    },
    auditLine: (saved) => renderSettingsSavedLine(actor.userId, saved),
    describeFailure: (error) =>
      error instanceof SettingsRefused
        ? error.problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')
        : NOT_SAVED,
  });
}
