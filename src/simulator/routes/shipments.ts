/**
 * `GET /shipments/{id}` and `GET /shipments`: the `number=` lookup that resolves a BL or booking in one call, the
 * list's only filters `filter[tracking_stopped]` and the deprecated `q` (a BL, reference or container number, in
 * part, any case), newest first, paged with `page[number]` and `page[size]` (default 30, at most 100).
 */
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { pageOf, paginationLinks, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';

export function getShipment(context: RouteContext): Response {
  const { store } = context.state;
  const shipment = store.get('shipment', context.params.id ?? '');
  if (!shipment) return notFound();
  const paths = parseIncludes(context.query.get('include'), 'shipment');
  if (paths instanceof Response) return paths;
  const included = paths.length > 0 ? collectIncluded(store, [shipment], paths) : undefined;
  return jsonResponse(200, singleDocument(context, shipment, included));
}

function newestFirst(resources: ResourceObject[]): ResourceObject[] {
  return resources.sort((a, b) =>
    String(b.attributes.created_at ?? '').localeCompare(String(a.attributes.created_at ?? '')),
  );
}

function containsAny(needle: string, values: unknown): boolean {
  const list = Array.isArray(values) ? values : [values];
  return list.some((value) => typeof value === 'string' && value.toUpperCase().includes(needle));
}

/** What the deprecated `q` searches: the BL (as sent or normalized), reference numbers, container numbers. */
function matchingQ(
  context: RouteContext,
  shipments: readonly ResourceObject[],
  needle: string,
): ResourceObject[] {
  const { store } = context.state;
  const byContainer = new Set(
    store
      .list('container')
      .filter((container) => containsAny(needle, container.attributes.number))
      .flatMap((container) => relatedIdentifiers(container.relationships?.shipment).map((ref) => ref.id)),
  );
  return shipments.filter(
    ({ id, attributes }) =>
      byContainer.has(id) ||
      containsAny(needle, attributes.bill_of_lading_number) ||
      containsAny(needle, attributes.normalized_number) ||
      containsAny(needle, attributes.ref_numbers),
  );
}

export function listShipments(context: RouteContext): Response {
  const { store } = context.state;
  const { query } = context;
  const number = query.get('number');
  let shipments: readonly ResourceObject[] =
    number === null
      ? store.list('shipment')
      : number.trim() === ''
        ? []
        : newestFirst(store.findShipmentsByNumber(number));
  const q = query.get('q')?.trim();
  if (q) shipments = matchingQ(context, shipments, q.toUpperCase());
  const stopped = query.get('filter[tracking_stopped]');
  if (stopped === 'true' || stopped === 'false') {
    shipments = shipments.filter(
      (shipment) => (shipment.attributes.line_tracking_stopped_at != null) === (stopped === 'true'),
    );
  }
  const paths = parseIncludes(query.get('include'), 'shipment');
  if (paths instanceof Response) return paths;
  const page = pageOf(shipments, query);
  const body: Record<string, unknown> = { data: page.items.map(withSelfLink) };
  if (paths.length > 0) body.included = collectIncluded(store, page.items, paths);
  body.links = paginationLinks(context, page);
  body.meta = { size: page.size, total: page.total };
  return jsonResponse(200, body);
}
