/**
 * `GET /shipments/{id}`, `GET /shipments` (with the `number=` lookup that resolves a BL or booking in one call), and
 * `PATCH /shipments/{id}/stop_tracking` / `resume_tracking`.
 */
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { notFound } from '../errors.js';
import { pageOf, paginationLinks, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import type { ResourceObject } from '../resource.js';
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

/**
 * `PATCH /shipments/{id}/resume_tracking`: the line tracks the shipment again (its stop time and reason are
 * cleared) and answers the shipment. Resuming one that was never stopped changes nothing.
 */
export function resumeShipmentTracking(context: RouteContext): Response {
  const shipment = context.state.store.get('shipment', context.params.id ?? '');
  if (!shipment) return notFound();
  shipment.attributes = {
    ...shipment.attributes,
    line_tracking_stopped_at: null,
    line_tracking_stopped_reason: null,
  };
  return jsonResponse(200, singleDocument(context, shipment));
}

/** `PATCH /shipments/{id}/stop_tracking`: stopped by a person (`cancelled_by_user`), now. */
export function stopShipmentTracking(context: RouteContext): Response {
  const { store, clock } = context.state;
  const shipment = store.get('shipment', context.params.id ?? '');
  if (!shipment) return notFound();
  if (shipment.attributes.line_tracking_stopped_at == null) {
    shipment.attributes = {
      ...shipment.attributes,
      line_tracking_stopped_at: isoSeconds(clock.now()),
      line_tracking_stopped_reason: 'cancelled_by_user',
    };
  }
  return jsonResponse(200, singleDocument(context, shipment));
}
