/** "Open shipment" on a tracking-request card: the tracked shipment's card, in the request card's thread. */
import { ACTION } from '../../cards/index.js';
import { openTrackedShipment } from '../../features/shipments/open-tracked-shipment.js';
import { privateCardIn } from '../../features/shipments/private-card.js';
import type { ButtonSpec } from './button.js';

export const openTrackedShipmentButton: ButtonSpec = {
  actionIds: [ACTION.trackingRequestOpenShipment],
  access: 'read',
  create:
    () =>
    ({ ctx, replier, features }) =>
      openTrackedShipment(features, replier, { shipmentId: ctx.value, privateIn: privateCardIn(ctx) }),
};
