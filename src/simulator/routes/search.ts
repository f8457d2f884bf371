/**
 * `GET /search?query=`: partial, case-insensitive (ILIKE) matching over shipment numbers, container numbers,
 * tracking-request numbers and reference numbers. Items are `search_result`s keyed by `entity_type`
 * (shipment | cargo | tracking_request), ranked by type then recency, at most 25, with tracking requests that
 * duplicate an existing shipment's number filtered out. No `include`, no paging.
 */
import type { RouteContext } from '../context.js';
import { errorResponse } from '../errors.js';
import { requestSelfLink } from '../jsonapi/documents.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';

const MAX_RESULTS = 25;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function matches(needle: string, ...values: unknown[]): boolean {
  return values.flatMap(strings).some((value) => value.toUpperCase().includes(needle));
}

function result(
  resource: ResourceObject,
  { entity_type, number, ...attributes }: Record<string, unknown>,
): Record<string, unknown> {
  const base = {
    entity_type,
    number,
    shipment_id: null,
    scac: null,
    port_of_lading_name: null,
    port_of_discharge_name: null,
    containers_count: null,
    tracking_stopped: null,
    tracking_stopped_reason: null,
    status: null,
    failed_reason: null,
    ref_numbers: strings(resource.attributes.ref_numbers),
    created_at: resource.attributes.created_at ?? null,
    updated_at: resource.attributes.updated_at ?? resource.attributes.created_at ?? null,
  };
  return { id: resource.id, type: 'search_result', attributes: { ...base, ...attributes } };
}

export function search(context: RouteContext): Response {
  const { store } = context.state;
  const needle = (context.query.get('query') ?? '').trim().toUpperCase();
  if (needle === '') return errorResponse(400, [{ detail: 'Query parameter is required' }]);
  const results: Record<string, unknown>[] = [];
  for (const shipment of store.list('shipment')) {
    const a = shipment.attributes;
    if (!matches(needle, a.bill_of_lading_number, a.normalized_number, a.ref_numbers)) continue;
    results.push(
      result(shipment, {
        entity_type: 'shipment',
        number: a.bill_of_lading_number,
        scac: a.shipping_line_scac ?? null,
        port_of_lading_name: a.port_of_lading_name ?? null,
        port_of_discharge_name: a.port_of_discharge_name ?? null,
        containers_count: relatedIdentifiers(shipment.relationships?.containers).length,
        tracking_stopped: a.line_tracking_stopped_at != null,
        tracking_stopped_reason: a.line_tracking_stopped_reason ?? null,
      }),
    );
  }
  for (const container of store.list('container')) {
    if (results.length >= MAX_RESULTS) break;
    if (!matches(needle, container.attributes.number, container.attributes.ref_numbers)) continue;
    const [shipmentRef] = relatedIdentifiers(container.relationships?.shipment);
    const shipment = shipmentRef ? store.get('shipment', shipmentRef.id) : undefined;
    results.push(
      result(container, {
        entity_type: 'cargo',
        number: container.attributes.number,
        shipment_id: shipmentRef?.id ?? null,
        scac: shipment?.attributes.shipping_line_scac ?? null,
      }),
    );
  }
  for (const request of store.list('tracking_request')) {
    if (results.length >= MAX_RESULTS) break;
    const a = request.attributes;
    if (!matches(needle, a.request_number, a.ref_numbers)) continue;
    if (store.findShipmentsByNumber(String(a.request_number)).length > 0) continue;
    const [tracked] = relatedIdentifiers(request.relationships?.tracked_object);
    results.push(
      result(request, {
        entity_type: 'tracking_request',
        number: a.request_number,
        shipment_id: tracked?.id ?? null,
        scac: a.scac ?? null,
        status: a.status ?? null,
        failed_reason: a.failed_reason ?? null,
      }),
    );
  }
  const current = `${context.origin}/v2/search?query=${encodeURIComponent(context.query.get('query') ?? '')}&page[number]=1`;
  return jsonResponse(200, {
    data: results.slice(0, MAX_RESULTS),
    links: { self: requestSelfLink(context), current },
  });
}
