/**
 * Refresh on the shipment card: re-read the shipment past the cache and replace the card in place. On a watched
 * card the reading also goes through the change engine (what changed is posted in the thread, once) and the card
 * stays a watched card, with its owner and its own link (features/shipments/refresh-shipment.ts).
 */
import { ACTION, renderShipmentCard } from '../../cards/index.js';
import { privateCardIn } from '../../features/shipments/private-card.js';
import { refreshShipment } from '../../features/shipments/refresh-shipment.js';
import { watchedCardContext } from '../delivery/watched-card.js';
import type { ButtonSpec } from './button.js';

export const refreshShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentRefresh],
  access: 'read',
  create:
    (runtime) =>
    async ({ ctx, replier, features }) => {
      const { detail, watched } = await refreshShipment(features, ctx.value, ctx);
      const now = runtime.clock.now();
      // A watched card keeps its owner, its quiet boxes and its own link through a Refresh.
      const watch =
        watched && ctx.teamId && ctx.channelId
          ? await watchedCardContext(
              runtime,
              features,
              { teamId: ctx.teamId, channelId: ctx.channelId, shipmentId: detail.shipment.id },
              now,
            )
          : null;
      await replier.replaceCard(renderShipmentCard(detail, { now, watch, privateIn: privateCardIn(ctx) }));
    },
};
