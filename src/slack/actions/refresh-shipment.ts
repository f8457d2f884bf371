/**
 * Refresh on the shipment card: re-read the shipment past the cache and replace the card in place. On a watched
 * card the reading also goes through the change engine (what changed is posted in the thread, once) and the card
 * stays a watched card (features/shipments/refresh-shipment.ts).
 */
import { ACTION, renderShipmentCard } from '../../cards/index.js';
import { refreshShipment } from '../../features/shipments/refresh-shipment.js';
import type { ButtonSpec } from './button.js';
import { privateCardIn } from './private-card.js';

export const refreshShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentRefresh],
  access: 'read',
  create:
    ({ clock }) =>
    async ({ ctx, replier, features }) => {
      const { detail, watched } = await refreshShipment(features, ctx.value, ctx);
      await replier.replaceCard(
        renderShipmentCard(detail, {
          now: clock.now(),
          ...(watched ? { watch: { updatedAtMs: clock.now().getTime() } } : {}),
          privateIn: privateCardIn(ctx),
        }),
      );
    },
};
