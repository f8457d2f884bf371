/**
 * `GET /tracking_requests/{id}` and `GET /tracking_requests` (filters `status`, `request_number`, `scac`). The
 * tracked shipment (`tracked_object`) is always sideloaded, as the API does by default.
 */
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { pageOf, paginationLinks, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import { jsonResponse } from '../responses.js';
import { numberKey } from '../store.js';

const DEFAULT_INCLUDES = ['tracked_object'];

function includePaths(context: RouteContext): string[][] | Response {
  const paths = parseIncludes(context.query.get('include'), 'tracking_request', DEFAULT_INCLUDES);
  if (paths instanceof Response) return paths;
  return paths.some((path) => path[0] === 'tracked_object') ? paths : [['tracked_object'], ...paths];
}

export function getTrackingRequest(context: RouteContext): Response {
  const { store } = context.state;
  const trackingRequest = store.get('tracking_request', context.params.id ?? '');
  if (!trackingRequest) return notFound();
  const paths = includePaths(context);
  if (paths instanceof Response) return paths;
  return jsonResponse(
    200,
    singleDocument(context, trackingRequest, collectIncluded(store, [trackingRequest], paths)),
  );
}

export function listTrackingRequests(context: RouteContext): Response {
  const { store } = context.state;
  const { query } = context;
  const status = query.get('filter[status]');
  const requestNumber = query.get('filter[request_number]');
  const scac = query.get('filter[scac]');
  const requests = store
    .list('tracking_request')
    .filter(
      (request) =>
        (!status || request.attributes.status === status) &&
        (!requestNumber ||
          numberKey(String(request.attributes.request_number)) === numberKey(requestNumber)) &&
        (!scac || String(request.attributes.scac).toUpperCase() === scac.toUpperCase()),
    );
  const paths = includePaths(context);
  if (paths instanceof Response) return paths;
  const page = pageOf(requests, query);
  return jsonResponse(200, {
    data: page.items.map(withSelfLink),
    included: collectIncluded(store, page.items, paths),
    links: paginationLinks(context, page),
    meta: {
      size: page.size,
      total: page.total,
      pagination: {
        current: page.number,
        next: page.number < page.last ? page.number + 1 : null,
        last: page.last,
        records: page.total,
      },
    },
  });
}
