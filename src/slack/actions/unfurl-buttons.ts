/**
 * The buttons of a shipment link's details (the Work Object flexpane, docs/unfurls.md): Refresh re-reads the shipment
 * (a person asked: one API request) and shows its card to that person; Watch here watches it in the channel the link
 * was shared in, posting a watched card there. The value names the shipment and that channel
 * (`<shipment id>~<channel id>`), since a click in the flexpane need not carry a channel of its own.
 */
import { ACTION, readUnfurlActionValue, renderShipmentCard } from '../../cards/index.js';
import { buttonIntentKey } from '../../features/idempotency/index.js';
import { readShipment } from '../../features/shipments/look-up-shipment.js';
import { refreshShipment } from '../../features/shipments/refresh-shipment.js';
import { startWatching } from '../../features/watching/start-watching.js';
import { flowPorts } from '../flows/flow-ports.js';
import type { ButtonSpec } from './button.js';

const channelOf = (value: string) => readUnfurlActionValue(value).channelId;

export const unfurlRefreshButton: ButtonSpec = {
  actionIds: [ACTION.unfurlRefresh],
  access: 'read',
  channelOf,
  create:
    ({ clock }) =>
    async ({ ctx, replier, features }) => {
      const { shipmentId } = readUnfurlActionValue(ctx.value);
      const { detail } = await refreshShipment(features, shipmentId, { ...ctx, messageTs: null });
      await replier.tell(renderShipmentCard(detail, { now: clock.now() }));
    },
};

export const unfurlWatchButton: ButtonSpec = {
  actionIds: [ACTION.unfurlWatch],
  access: 'write',
  channelOf,
  create:
    (runtime) =>
    async ({ ctx, replier, client, features }) => {
      const { shipmentId } = readUnfurlActionValue(ctx.value);
      const detail = await readShipment(features, shipmentId);
      await startWatching(features, flowPorts(runtime, { replier, client, features }), {
        teamId: ctx.teamId,
        channelId: ctx.channelId,
        userId: ctx.userId,
        detail,
        card: null,
        key: buttonIntentKey(ctx),
        action: ctx.actionId,
      });
    },
};
