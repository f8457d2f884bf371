/** Raw `GET /shipments/{id}` and `GET /shipments` documents → ShipmentDetail models. */
import { parseListDocument, parseSingleDocument } from '../jsonapi.js';
import { toShipmentDetail } from '../map/shipment.js';
import type { Page, ShipmentDetail } from '../models.js';

export interface ParseOptions {
  /** When the API answered; defaults to now (the `render` command passes `--now`). */
  fetchedAt?: string;
}

/** `GET /shipments/{id}?include=…` → ShipmentDetail. Throws `bad_response` when the document is not one. */
export function parseShipmentDocument(json: unknown, options: ParseOptions = {}): ShipmentDetail {
  const doc = parseSingleDocument(json, 'shipment', 'shipment');
  return toShipmentDetail(doc.data, doc.included, options.fetchedAt ?? new Date().toISOString());
}

/** `GET /shipments?…&include=…` → one ShipmentDetail per shipment, sharing the list's `included`. */
export function parseShipmentListDocument(
  json: unknown,
  options: ParseOptions & { pageNumber?: number } = {},
): Page<ShipmentDetail> {
  const doc = parseListDocument(json, 'shipment list');
  const fetchedAt = options.fetchedAt ?? new Date().toISOString();
  return {
    items: doc.data.map((resource) => toShipmentDetail(resource, doc.included, fetchedAt)),
    pageNumber: options.pageNumber ?? 1,
    next: doc.next,
    total: doc.total,
  };
}
