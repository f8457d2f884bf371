/**
 * Cache tags: which cached reads a write makes stale. A shipment read is tagged with each of its containers, so a
 * container's custom-field change drops the cards that show that container.
 */
import type { ContainerMatch, ShipmentDetail, TrackingRequest } from '../models.js';

export const tag = {
  shipment: (id: string) => `shipment:${id}`,
  container: (id: string) => `container:${id}`,
  containerCustomFields: (id: string) => `container-custom-fields:${id}`,
  trackingRequest: (id: string) => `tracking_request:${id}`,
  document: (id: string) => `document:${id}`,
} as const;

/** `containerIds` covers the sideloaded containers too: the mapper only follows those relationship refs. */
export function shipmentDetailTags(detail: ShipmentDetail): string[] {
  const tags = [tag.shipment(detail.shipment.id)];
  for (const id of detail.shipment.containerIds) tags.push(tag.container(id));
  return tags;
}

export function containerMatchTags(match: ContainerMatch): string[] {
  const tags = [tag.container(match.container.id)];
  if (match.container.shipmentId !== null) tags.push(tag.shipment(match.container.shipmentId));
  return tags;
}

export function trackingRequestTags(request: TrackingRequest): string[] {
  return [tag.trackingRequest(request.id)];
}
