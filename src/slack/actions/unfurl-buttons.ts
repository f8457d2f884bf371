/**
 * The buttons of a shipment link's details (the Work Object flexpane, docs/unfurls.md): Refresh re-reads the shipment
 * (a person asked: one API request) and shows its card to that person; Watch here watches it in the channel the link
 * was shared in, posting a watched card there. The value names the shipment and that channel
 * (`<shipment id>~<channel id>`), since a click in the flexpane need not carry a channel of its own.
 */
import { ACTION, readUnfurlActionValue } from '../../cards/index.js';
import { readShipment } from '../../features/shipments/look-up-shipment.js';
import { refreshFromDetails } from '../../features/unfurls/refresh-from-details.js';
import { startWatching } from '../../features/watching/start-watching.js';
import { flowPorts } from '../flows/flow-ports.js';
import type { ButtonSpec } from './button.js';
import { clickWrite } from './click-writes.js';

const channelOf = (value: string) => readUnfurlActionValue(value).channelId;

export const unfurlRefreshButton: ButtonSpec = {
  actionIds: [ACTION.unfurlRefresh],
  access: 'read',
  channelOf,
  create: () => (click) => refreshFromDetails(click.features, click.replier, click.ctx),
};

export const unfurlWatchButton: ButtonSpec = {
  actionIds: [ACTION.unfurlWatch],
  access: 'write',
  channelOf,
  create: (runtime) => async (click) => {
    const { ctx, features } = click;
    const detail = await readShipment(features, readUnfurlActionValue(ctx.value).shipmentId);
    await startWatching(features, flowPorts(runtime, click), { ...clickWrite(ctx), detail, card: null });
  },
};
