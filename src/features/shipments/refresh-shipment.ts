/**
 * A person's Refresh of a shipment card: the shipment read past the cache. When the shipment is watched anywhere the
 * reading also goes to the change engine (what changed is told in the watched cards' threads, once), and the card
 * the person refreshed stays a watched card when it is the one its channel watches.
 */
import type { ShipmentDetail } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

export interface RefreshedShipment {
  detail: ShipmentDetail;
  /** The refreshed card is the card a watch of its channel keeps true. */
  watched: boolean;
}

export async function refreshShipment(
  ctx: FeatureContext,
  shipmentId: string,
  card: { teamId: string | null; channelId: string | null; messageTs: string | null },
): Promise<RefreshedShipment> {
  const detail = await trackingOf(ctx).getShipment(shipmentId, { fresh: true });
  const { watching } = ctx;
  const watch =
    watching && card.teamId && card.channelId
      ? await watching.find(card.teamId, card.channelId, shipmentId)
      : null;
  if (watching && watch) {
    await watching
      .ingest(detail, ctx.tenant.account?.id)
      .catch((error: unknown) => ctx.logger.warn('refresh not recorded for watches', { error }));
  }
  return { detail, watched: watch?.state === 'active' && watch.cardTs === card.messageTs };
}
