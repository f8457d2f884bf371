import { shipwatchCardUrl, terminal49Url } from './shipment-links.js';

/**
 * The entity's own URL: the card's Shipwatch URL when SHIPWATCH_PUBLIC_URL is set — naming the channel it is shown in,
 * so it opens that channel's card when the channel watches the shipment — else Terminal49's find page.
 */
export function entityUrl(
  publicUrl: string | null,
  shipment: { shipmentId: string; number: string; channelId: string | null },
): string {
  const { shipmentId, number, channelId } = shipment;
  return publicUrl
    ? shipwatchCardUrl(publicUrl, shipmentId, channelId ?? undefined)
    : terminal49Url(number ? { number } : { shipmentId });
}
