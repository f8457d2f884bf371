/**
 * Refresh on the shipment card: re-read the shipment past the cache and replace the card in place. On a watched
 * card the reading also goes through the change engine (what changed is posted in the thread, once) and the card
 * stays a watched card, with its owner and its own link (refresh-shipment.ts).
 */
import { renderShipmentCard, type ShipmentCardContext } from '../../cards/shipment-card.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import type { PrivateCardIn } from './private-card.js';
import { refreshShipment } from './refresh-shipment.js';

export interface RefreshCardRequest {
  shipmentId: string;
  teamId: string | null;
  channelId: string | null;
  /** The message refreshed: the card a watch of its channel keeps true, when it is that one. */
  messageTs: string | null;
  privateIn: PrivateCardIn;
}

/** What a watched card shows beyond its reading (its owner, quiet boxes, own link), for a card of `key`. */
export type WatchedCardContext = (
  key: { teamId: string; channelId: string; shipmentId: string },
  now: Date,
) => Promise<NonNullable<ShipmentCardContext['watch']>>;

export async function refreshShipmentCard(
  ctx: FeatureContext,
  ports: { replies: Pick<CardClickReplies, 'replaceCard'>; watchedCard: WatchedCardContext },
  request: RefreshCardRequest,
): Promise<void> {
  const { teamId, channelId } = request;
  const { detail, watched } = await refreshShipment(ctx, request.shipmentId, request);
  const now = ctx.clock.now();
  // A watched card keeps its owner, its quiet boxes and its own link through a Refresh.
  const watch =
    watched && teamId && channelId
      ? await ports.watchedCard({ teamId, channelId, shipmentId: detail.shipment.id }, now)
      : null;
  await ports.replies.replaceCard(renderShipmentCard(detail, { now, watch, privateIn: request.privateIn }));
}
