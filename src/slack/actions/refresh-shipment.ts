/** Refresh on the shipment card: re-read the shipment past the cache and replace the card in place. */
import { ACTION, renderShipmentCard } from '../../cards/index.js';
import type { ButtonSpec } from './button.js';

export const refreshShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentRefresh],
  access: 'read',
  create:
    ({ tracking, clock }) =>
    async ({ ctx, replier }) => {
      const detail = await tracking.getShipment(ctx.value, { fresh: true });
      await replier.replaceCard(renderShipmentCard(detail, { now: clock.now() }));
    },
};
