/**
 * **Card** on a row of "Find shipments in this message": the number's full card, in the thread the list is in (or to
 * the person alone when the list was private), looked up as `/shipment` would.
 */
import { renderNotFoundCard, renderShipmentCard, renderTrackingRequestCard } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { lookUpShipment } from '../shipments/look-up-shipment.js';

export async function showFoundCard(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'followUp' | 'tell'>,
  number: string,
): Promise<void> {
  const resolution = await lookUpShipment(ctx, number);
  const now = ctx.clock.now();
  if (resolution.kind === 'shipment') {
    await replies.followUp(
      renderShipmentCard(resolution.detail, { now, matchedContainer: resolution.container }),
    );
  } else if (resolution.kind === 'tracking_request') {
    await replies.followUp(
      renderTrackingRequestCard({ trackingRequest: resolution.trackingRequest, shipment: null }, { now }),
    );
  } else {
    await replies.tell(renderNotFoundCard(resolution, { now, private: true }));
  }
}
