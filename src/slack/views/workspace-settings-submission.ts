/**
 * Saving `/shipwatch settings workspace`'s modal (OAuth mode): the workspace's policy settings, through the one write
 * flow like every write of Shipwatch's own state — the ledger (a re-submitted form saves once), the admin policy (the
 * same check as connecting a key), the save, and a line to the admin saying who changed what. A value that is not an
 * id or a slug is said next to its field while the modal is open, and nothing is saved. The tenant's cached settings
 * are dropped on save (oauth-setup.ts), so the next request of that workspace, and of no other, uses them.
 */
import { INPUT, VIEW } from '../../cards/ids.js';
import { renderSettingsSavedLine } from '../../cards/settings/workspace-settings-card.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import {
  readSettingsForm,
  type SettingsForm,
  saveWorkspaceSettings,
} from '../../features/settings/workspace-settings.js';
import type { SettingsField, WorkspaceSettings } from '../../tenancy/index.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier } from '../delivery/replier.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { type StateValues, textValue } from './state.js';
import { adminSubmitter, guardSubmission, submittedState } from './view-args.js';

const BLOCKS: Record<SettingsField, { block: string; action: string }> = {
  editors: INPUT.settingsEditors,
  channels: INPUT.settingsChannels,
  customFieldSlugs: INPUT.settingsCustomFields,
  ownerField: INPUT.settingsOwnerField,
};

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
function formOf(values: StateValues): SettingsForm {
  const read = (ids: { block: string; action: string }) =>
    values[ids.block] ? (textValue(values, ids.block, ids.action) ?? '') : null;
  return {
    editors: read(INPUT.settingsEditors),
    channels: read(INPUT.settingsChannels),
    customFieldSlugs: read(INPUT.settingsCustomFields),
    ownerField: read(INPUT.settingsOwnerField),
  };
}

export function createWorkspaceSettingsSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  const block = INPUT.settingsEditors.block;
  return guardSubmission(logger, block, async ({ ack, body, view, client, context }) => {
    const startedAt = performance.now();
    const who = await adminSubmitter(
      { ack, body },
      runtime.workspaceAdmin,
      block,
      'This Shipwatch takes its settings from the environment.',
    );
    if (who === null) return;
    const { admin, userId, teamId } = who;
    const form = readSettingsForm(formOf(submittedState(view)));
    if (!form.ok) {
      await ack({ response_action: 'errors', errors: errorsOf(form.problems) });
      return;
    }
    const features = featuresOf(runtime, context);
    const { tenant } = features;
    const replier = createReplier(
      { client: withChatApi(client, chatOf(runtime, context)), respond: null, logger },
      { teamId, channelId: null, userId, card: null },
    );
    await runWrite(
      { runtime, replier, directoryClient: client, tenant },
      {
        action: VIEW.workspaceSettings,
        policy: 'admin',
        repeatWindowMs: runtime.timing.redeliveryWindowMs,
        key: viewSubmissionKey(view.id, form.change),
        target: tenant.id,
        what: 'this workspace’s Shipwatch settings',
        actor: { userId, teamId },
        channelId: null,
        write: async (): Promise<WorkspaceSettings> => {
          const saved = await saveWorkspaceSettings(features, admin, form.change, userId);
          if (!saved.ok) throw new SettingsRefused(saved.problems);
          return saved.settings;
        },
        auditLine: (saved) => renderSettingsSavedLine(userId, saved),
        describeFailure: (error) =>
          error instanceof SettingsRefused
            ? error.problems.map((problem) => `${problem.field} ${problem.message}`).join('; ')
            : 'The settings were not saved. Try again in a moment.',
      },
      {
        kind: 'modal',
        ack,
        startedAt,
        refusalBlockId: block,
        errorsFor: (error) =>
          error instanceof SettingsRefused
            ? errorsOf(error.problems)
            : { [block]: 'The settings were not saved. Try again in a moment.' },
      },
    );
  });
}
