/**
 * **Card** on a row of "Find shipments in this message": the number's full card, in the thread the list is in (or to
 * the person alone when the list was private), looked up as `/shipment` would.
 */
import {
  ACTION,
  renderNotFoundCard,
  renderShipmentCard,
  renderTrackingRequestCard,
} from '../../cards/index.js';
import { lookUpShipment } from '../../features/shipments/look-up-shipment.js';
import type { ButtonSpec } from './button.js';

export const foundShowCardButton: ButtonSpec = {
  actionIds: [ACTION.foundShowCard],
  access: 'read',
  create:
    (runtime) =>
    async ({ ctx, replier, features }) => {
      const resolution = await lookUpShipment(features, ctx.value);
      const now = runtime.clock.now();
      if (resolution.kind === 'shipment') {
        await replier.followUp(
          renderShipmentCard(resolution.detail, { now, matchedContainer: resolution.container }),
        );
      } else if (resolution.kind === 'tracking_request') {
        await replier.followUp(
          renderTrackingRequestCard({ trackingRequest: resolution.trackingRequest, shipment: null }, { now }),
        );
      } else {
        await replier.tell(renderNotFoundCard(resolution, { now, private: true }));
      }
    },
};
