/**
 * "Find shipments in this message": the shipping numbers in a message's text (src/domain/shipping-numbers.ts), each
 * resolved to its shipment with the fewest requests. Containers are matched first (`GET /containers?filter[number]=`,
 * one each), bills of lading and bookings by number (`GET /shipments?number=`, one each, which brings the shipment
 * whole); only what those miss is searched (`/search`, as the resolver does). Each shipment is then read once, however
 * many of its containers the message names. People's reads: they spend the account's own guard, never the background
 * budget.
 */
import { findShippingNumbers, type ShippingNumber } from '../../domain/shipping-numbers.js';
import type { ShipmentDetail, TrackingRequest } from '../../tracking/models.js';
import { pickSearchResult, trackingRequestFromSearch } from '../../tracking/resolver.js';
import { type FeatureContext, trackingOf } from '../context.js';

export type FoundNumber = ShippingNumber &
  (
    | { found: 'shipment'; detail: ShipmentDetail }
    | { found: 'tracking_request'; request: TrackingRequest }
    | { found: 'nothing' }
  );

export async function findShipmentsInText(ctx: FeatureContext, text: string): Promise<FoundNumber[]> {
  const numbers = findShippingNumbers(text);
  if (numbers.length === 0) return [];
  const tracking = trackingOf(ctx);
  const shipments = new Map<string, Promise<ShipmentDetail>>();
  const shipment = (id: string) => {
    let read = shipments.get(id);
    if (!read) {
      read = tracking.getShipment(id);
      shipments.set(id, read);
    }
    return read;
  };
  // First pass, one request per number: a container's shipment id, or a BL's shipment whole.
  const first = await Promise.all(
    numbers.map(async (item) => {
      if (item.kind === 'container') {
        const [match] = await tracking.findContainersByNumber(item.number);
        return { item, shipmentId: match?.container.shipmentId ?? null, detail: null };
      }
      const [detail] = await tracking.findShipmentsByNumber(item.number);
      if (detail) shipments.set(detail.shipment.id, Promise.resolve(detail));
      return { item, shipmentId: detail?.shipment.id ?? null, detail: detail ?? null };
    }),
  );
  return Promise.all(
    first.map(async ({ item, shipmentId, detail }): Promise<FoundNumber> => {
      if (detail) return { ...item, found: 'shipment', detail };
      if (shipmentId) return { ...item, found: 'shipment', detail: await shipment(shipmentId) };
      // Missed by the direct match: `/search`, as the resolver would (reference numbers, pending requests).
      const best = pickSearchResult(await tracking.search(item.number), item.number);
      if (best === null) return { ...item, found: 'nothing' };
      const id = best.entityType === 'shipment' ? best.id : best.shipmentId;
      if (id !== null) return { ...item, found: 'shipment', detail: await shipment(id) };
      if (best.entityType === 'tracking_request')
        return { ...item, found: 'tracking_request', request: trackingRequestFromSearch(best, item.number) };
      return { ...item, found: 'nothing' };
    }),
  );
}
