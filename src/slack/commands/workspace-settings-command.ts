/**
 * `/shipwatch settings workspace` (also `/shipwatch workspace-settings`): the workspace's policy settings — who may
 * write, where Shipwatch answers, the custom fields offered, the owner field (docs/oauth.md, "Workspace settings").
 * In OAuth mode they are the workspace's own: the loading modal opens first (the trigger_id expires in 3 s), then the
 * same admin check as `/shipwatch connect`, then the form with what is saved; saving is
 * views/workspace-settings-submission.ts. In single-workspace mode they come from the environment: shown read-only,
 * privately, with where to change them. `/shipwatch settings` alone stays the channel's settings for watched
 * shipments.
 */
import { VIEW } from '../../cards/ids.js';
import {
  renderEnvironmentSettings,
  renderWorkspaceSettingsModal,
} from '../../cards/settings/workspace-settings-card.js';
import { showWorkspaceSettings } from '../../features/settings/workspace-settings.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';

const TITLE = 'Workspace settings';

export const workspaceSettingsCommand: CommandSpec = {
  slash: null,
  words: ['workspace-settings'],
  usage: '/shipwatch settings workspace',
  description:
    'This workspace’s settings: who may change things, where Shipwatch answers, the custom fields offered, the owner field (workspace admins edit them).',
  examples: () => ['/shipwatch settings workspace'],
  readsData: false,
  opensForm: () => true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch settings workspace', async (invocation) => {
      const admin = runtime.workspaceAdmin ?? null;
      const { features } = invocation;
      if (!admin) {
        return void (await invocation.replier.tell(
          renderEnvironmentSettings(await showWorkspaceSettings(features, null)),
        ));
      }
      const io = { client: invocation.client, replier: invocation.replier };
      const opened = await openLoadingModal(runtime, io, invocation.payload.trigger_id, TITLE);
      if (!opened) return;
      const { tenant } = features;
      const edit = {
        title: TITLE,
        action: VIEW.workspaceSettings,
        target: tenant.id,
        teamId: invocation.payload.team_id ?? null,
        tenant,
        policy: 'admin' as const,
        what: 'this workspace’s Shipwatch settings',
      };
      if (!(await allowedToEdit(runtime, io, opened, edit))) return;
      await fillModal(runtime, io, opened, TITLE, async () =>
        renderWorkspaceSettingsModal(await showWorkspaceSettings(features, admin)),
      );
    }),
};

/** `/shipwatch settings <rest>` is the workspace's settings when `rest` says so. */
export function asksForWorkspaceSettings(text: string): boolean {
  return /^workspace$/i.test(text.trim());
}
