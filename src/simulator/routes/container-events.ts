/**
 * `GET /containers/{id}/transport_events` (newest first, `include=` over shipment, container, vessel, location,
 * terminal) and `GET /containers/{id}/raw_events` (the line's milestones, oldest first, then the estimates ahead):
 * both read the account's transport event log, so they say what the webhooks said.
 */
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { requestSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import { jsonResponse } from '../responses.js';

export function listTransportEvents(context: RouteContext): Response {
  const { store, events } = context.state;
  const container = store.get('container', context.params.id ?? '');
  if (!container) return notFound();
  const paths = parseIncludes(context.query.get('include'), 'transport_event');
  if (paths instanceof Response) return paths;
  const data = events.eventsOf(container);
  const body: Record<string, unknown> = { data };
  if (paths.length > 0) body.included = collectIncluded(store, data, paths);
  body.links = { self: requestSelfLink(context) };
  body.meta = { size: data.length, total: data.length };
  return jsonResponse(200, body);
}

export function listRawEvents(context: RouteContext): Response {
  const { store, events } = context.state;
  const container = store.get('container', context.params.id ?? '');
  if (!container) return notFound();
  return jsonResponse(200, {
    data: events.rawEventsOf(container),
    links: { self: requestSelfLink(context) },
  });
}
