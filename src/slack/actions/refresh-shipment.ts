/**
 * Refresh on the shipment card: the card re-read and replaced in place, a watched card staying one
 * (features/shipments/refresh-shipment-card.ts; what it shows beyond its reading: features/watching/watched-card-context.ts).
 */
import { ACTION } from '../../cards/index.js';
import { privateCardIn } from '../../features/shipments/private-card.js';
import { refreshShipmentCard } from '../../features/shipments/refresh-shipment-card.js';
import { watchedCardContext } from '../../features/watching/watched-card-context.js';
import type { ButtonSpec } from './button.js';

export const refreshShipmentButton: ButtonSpec = {
  actionIds: [ACTION.shipmentRefresh],
  access: 'read',
  create:
    (runtime) =>
    async ({ ctx, replier, features }) => {
      const { teamId, channelId, messageTs } = ctx;
      await refreshShipmentCard(
        features,
        { replies: replier, watchedCard: (key, now) => watchedCardContext(runtime, features, key, now) },
        { shipmentId: ctx.value, teamId, channelId, messageTs, privateIn: privateCardIn(ctx) },
      );
    },
};
