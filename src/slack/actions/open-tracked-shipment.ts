/** "Open shipment" on a tracking-request card: the tracked shipment's card, in the request card's thread. */
import { ACTION, renderShipmentCard } from '../../cards/index.js';
import { readShipment } from '../../features/shipments/look-up-shipment.js';
import type { ButtonSpec } from './button.js';
import { privateCardIn } from './private-card.js';

export const openTrackedShipmentButton: ButtonSpec = {
  actionIds: [ACTION.trackingRequestOpenShipment],
  access: 'read',
  create:
    ({ clock }) =>
    async ({ ctx, replier, features }) => {
      const detail = await readShipment(features, ctx.value);
      await replier.followUp(renderShipmentCard(detail, { now: clock.now(), privateIn: privateCardIn(ctx) }));
    },
};
