/**
 * `/shipwatch connect` (OAuth mode): a workspace admin (or a Shipwatch editor) connects, replaces or removes the
 * workspace's Terminal49 key in a modal (docs/oauth.md, "Connecting a key"). The loading modal opens first (the
 * trigger_id expires in 3 s), then the admin check, then the form with the connection as it is. In single-workspace
 * mode there is nothing to connect: the operator's TRACKING_API_KEY is the key.
 */
import { renderConnectModal } from '../../cards/connect/connect-modal.js';
import { CONNECT_TITLE, renderKeyConfiguredNotice } from '../../cards/connect/connect-notices.js';
import { VIEW } from '../../cards/ids.js';
import { allowedToEdit, fillModal, openLoadingModal } from '../flows/modal-flow.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';

export const connectCommand: CommandSpec = {
  slash: null,
  words: ['connect'],
  usage: '/shipwatch connect',
  description: 'Connect, replace or remove this workspace’s Terminal49 API key (workspace admins).',
  examples: () => ['/shipwatch connect'],
  readsData: false,
  opensForm: () => true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch connect', async (invocation) => {
      const admin = runtime.workspaceAdmin;
      if (!admin) return void (await invocation.replier.tell(renderKeyConfiguredNotice()));
      const io = { client: invocation.client, replier: invocation.replier };
      const opened = await openLoadingModal(runtime, io, invocation.payload.trigger_id, CONNECT_TITLE);
      if (!opened) return;
      const { tenant } = invocation.features;
      const edit = {
        title: CONNECT_TITLE,
        action: VIEW.connect,
        target: tenant.id,
        teamId: invocation.payload.team_id ?? null,
        tenant,
        policy: 'admin' as const,
      };
      if (!(await allowedToEdit(runtime, io, opened, edit))) return;
      await fillModal(runtime, io, opened, CONNECT_TITLE, async () =>
        renderConnectModal(await admin.connection(tenant.id)),
      );
    }),
};
