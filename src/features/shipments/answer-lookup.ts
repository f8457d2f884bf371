/**
 * The answer to one shipment lookup, wherever it was asked (`/shipment`, the not-found card's "Look up …" button):
 * the shipment card, the tracking request still being tracked, or the private not-found card with its next step.
 */
import { renderNotFoundCard, renderShipmentCard, renderTrackingRequestCard } from '../../cards/index.js';
import type { Resolution } from '../../tracking/tracking-client.js';
import type { CardReplies, Visibility } from '../card-replies.js';
import type { FeatureContext } from '../context.js';

export async function answerShipmentLookup(
  ctx: Pick<FeatureContext, 'clock'>,
  replies: CardReplies,
  resolution: Resolution,
  visibility: Visibility,
  /** The channel's name as Slack sent it, so a private card's Watch can say where it would post. */
  channelName: string | null = null,
): Promise<void> {
  const now = ctx.clock.now();
  if (resolution.kind === 'not_found') {
    await replies.tell(renderNotFoundCard(resolution, { now, private: visibility === 'private' }));
    return;
  }
  if (resolution.kind === 'tracking_request') {
    const card = renderTrackingRequestCard(
      { trackingRequest: resolution.trackingRequest, shipment: null },
      { now },
    );
    await replies.card(card, visibility, {
      subject: { kind: 'tracking_request', subjectId: resolution.trackingRequest.id },
    });
    return;
  }
  const card = renderShipmentCard(resolution.detail, {
    now,
    matchedContainer: resolution.container,
    privateIn: visibility === 'private' ? { channelId: replies.origin.channelId, channelName } : null,
  });
  await replies.card(card, visibility, {
    subject: { kind: 'shipment', subjectId: resolution.detail.shipment.id },
  });
}
