/**
 * Opening the connect form (docs/oauth.md, "Connecting a key"), from `/shipwatch connect` or Home's Connect button:
 * the loading modal first (the trigger_id expires in 3 s), then the admin check, then the form with the connection as
 * it is. In single-workspace mode there is nothing to connect: the operator's TRACKING_API_KEY is the key.
 */
import { renderConnectModal } from '../../cards/connect/connect-modal.js';
import { CONNECT_TITLE, renderKeyConfiguredNotice } from '../../cards/connect/connect-notices.js';
import { VIEW } from '../../cards/ids.js';
import type { Tenant } from '../../tenancy/index.js';
import type { SlackRuntime } from '../runtime.js';
import { allowedToEdit, fillModal, type ModalIo, openLoadingModal } from './modal-flow.js';

export async function openConnectForm(
  runtime: SlackRuntime,
  io: ModalIo,
  asked: { triggerId: string; teamId: string | null; tenant: Tenant },
): Promise<void> {
  const admin = runtime.workspaceAdmin;
  if (!admin) return void (await io.replier.tell(renderKeyConfiguredNotice()));
  const opened = await openLoadingModal(runtime, io, asked.triggerId, CONNECT_TITLE);
  if (!opened) return;
  const { tenant } = asked;
  const edit = {
    title: CONNECT_TITLE,
    action: VIEW.connect,
    target: tenant.id,
    teamId: asked.teamId,
    tenant,
    policy: 'admin' as const,
  };
  if (!(await allowedToEdit(runtime, io, opened, edit))) return;
  await fillModal(runtime, io, opened, CONNECT_TITLE, async () =>
    renderConnectModal(await admin.connection(tenant.id)),
  );
}
