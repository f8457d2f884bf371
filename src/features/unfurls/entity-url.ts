import { shipwatchCardUrl, terminal49Url } from './shipment-links.js';

/** The entity's own URL: the card's Shipwatch URL when SHIPWATCH_PUBLIC_URL is set, else Terminal49's find page. */
export function entityUrl(publicUrl: string | null, shipmentId: string, number: string): string {
  return publicUrl
    ? shipwatchCardUrl(publicUrl, shipmentId)
    : terminal49Url(number ? { number } : { shipmentId });
}
