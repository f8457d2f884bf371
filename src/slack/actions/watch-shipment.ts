/**
 * Watch and Unwatch on the shipment card (README "Watching shipments"). Watch keeps this card true in this channel
 * (a private card cannot be updated, so a new card is posted in the channel instead, once the person confirmed the
 * dialog the private card's Watch carries) and posts its changes in the
 * card's thread; Unwatch stops that. Both are writes of Shipwatch's own state: the write flow checks the policy and
 * attributes them in the thread.
 */
import { ACTION } from '../../cards/index.js';
import { readShipment } from '../../features/shipments/look-up-shipment.js';
import { startWatching } from '../../features/watching/start-watching.js';
import { stopWatching } from '../../features/watching/stop-watching.js';
import { watchedNumberOf } from '../../features/watching/unwatch-shipment.js';
import { flowPorts } from '../flows/flow-ports.js';
import type { ButtonSpec } from './button.js';
import { clickWrite } from './click-writes.js';

export const watchShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentWatch],
  access: 'write',
  create: (runtime) => async (click) => {
    const { ctx, features } = click;
    const detail = await readShipment(features, ctx.value);
    const onPublicCard = !ctx.isEphemeral && ctx.messageTs !== null;
    const card = onPublicCard && ctx.messageTs ? { ts: ctx.messageTs, threadTs: ctx.threadTs } : null;
    await startWatching(features, flowPorts(runtime, click), { ...clickWrite(ctx), detail, card });
  },
};

export const unwatchShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentUnwatch],
  access: 'write',
  create: (runtime) => async (click) => {
    const { ctx, features } = click;
    const number = await watchedNumberOf(features, ctx, ctx.value);
    const shipmentNumber = number ?? 'This shipment';
    await stopWatching(features, flowPorts(runtime, click), {
      ...clickWrite(ctx),
      shipmentId: ctx.value,
      shipmentNumber,
    });
  },
};
