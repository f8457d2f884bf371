/** "Open shipment" on a tracking-request card: the tracked shipment's card, in the request card's thread. */
import { renderShipmentCard } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { readShipment } from './look-up-shipment.js';
import type { PrivateCardIn } from './private-card.js';

export async function openTrackedShipment(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'followUp'>,
  request: { shipmentId: string; privateIn: PrivateCardIn },
): Promise<void> {
  const detail = await readShipment(ctx, request.shipmentId);
  await replies.followUp(renderShipmentCard(detail, { now: ctx.clock.now(), privateIn: request.privateIn }));
}
