/**
 * Refresh in a shipment link's details (the Work Object flexpane, docs/unfurls.md): the shipment re-read (a person
 * asked: one API request) and its card shown to that person. The button's value names the shipment and the channel
 * the link was shared in (`<shipment id>~<channel id>`).
 */
import { readUnfurlActionValue, renderShipmentCard } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { refreshShipment } from '../shipments/refresh-shipment.js';

export async function refreshFromDetails(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'tell'>,
  click: { value: string; teamId: string | null; channelId: string | null },
): Promise<void> {
  const { shipmentId } = readUnfurlActionValue(click.value);
  const { detail } = await refreshShipment(ctx, shipmentId, { ...click, messageTs: null });
  await replies.tell(renderShipmentCard(detail, { now: ctx.clock.now() }));
}
