/** Raw tracking-request documents (`GET /tracking_requests/{id}`, the list, the PATCH answer) → models. */
import { mapOptional, parseListDocument, parseSingleDocument } from '../jsonapi.js';
import { toShipment } from '../map/shipment.js';
import { toTrackingRequest } from '../map/tracking-request.js';
import type { Page, TrackingRequest, TrackingRequestDetail } from '../models.js';

/** `GET /tracking_requests/{id}` → the request and, when sideloaded (`tracked_object`), its shipment. */
export function parseTrackingRequestDocument(json: unknown): TrackingRequestDetail {
  const doc = parseSingleDocument(json, 'tracking request', 'tracking_request');
  const trackingRequest = toTrackingRequest(doc.data);
  const ref =
    trackingRequest.shipmentId === null ? null : { type: 'shipment', id: trackingRequest.shipmentId };
  return { trackingRequest, shipment: mapOptional(doc.included.find(ref), toShipment) };
}

/** `GET /tracking_requests` → a page of requests. */
export function parseTrackingRequestListDocument(
  json: unknown,
  options: { pageNumber?: number } = {},
): Page<TrackingRequest> {
  const doc = parseListDocument(json, 'tracking request list');
  return {
    items: doc.data.map(toTrackingRequest),
    pageNumber: options.pageNumber ?? 1,
    next: doc.next,
    total: doc.total,
  };
}
