/** Refresh on the tracking-request card: re-read the request (and its shipment) and replace the card in place. */
import { renderTrackingRequestCard } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { readTrackingRequest } from './tracking-requests.js';

export async function refreshTrackingRequestCard(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'replaceCard'>,
  trackingRequestId: string,
): Promise<void> {
  const detail = await readTrackingRequest(ctx, trackingRequestId, { fresh: true });
  await replies.replaceCard(renderTrackingRequestCard(detail, { now: ctx.clock.now() }));
}
