/**
 * `/shipwatch settings workspace` (also `/shipwatch workspace-settings`): the workspace's policy settings — who may
 * write, where Shipwatch answers, the custom fields offered, the owner field (docs/oauth.md, "Workspace settings";
 * the use case is features/settings/workspace-settings-request.ts). In OAuth mode the loading modal opens first (the
 * trigger_id expires in 3 s), then the same admin check as `/shipwatch connect`, then the form with what is saved.
 * In single-workspace mode they are shown read-only, privately.
 */
import {
  environmentSettingsNotice,
  workspaceSettingsEdit,
  workspaceSettingsForm,
} from '../../features/settings/workspace-settings-request.js';
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
      if (!admin) return void (await invocation.replier.tell(await environmentSettingsNotice(features)));
      const io = { client: invocation.client, replier: invocation.replier };
      const opened = await openLoadingModal(runtime, io, invocation.payload.trigger_id, TITLE);
      if (!opened) return;
      const teamId = invocation.payload.team_id ?? null;
      const edit = { title: TITLE, teamId, ...workspaceSettingsEdit(features.tenant) };
      if (!(await allowedToEdit(runtime, io, opened, edit))) return;
      await fillModal(runtime, io, opened, TITLE, () => workspaceSettingsForm(features, admin));
    }),
};
