/**
 * `PATCH /shipments/{id}` (its `ref_numbers` and `tags`), `PATCH /shipments/{id}/stop_tracking` and
 * `/resume_tracking`. A stopped shipment gets no more updates (the timeline skips it) and its tracking requests
 * read `tracking_stopped`; resuming picks up from there — what happened meanwhile is not replayed, as Terminal49
 * warns for its own sources.
 */
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { badRequest, notFound, unprocessable } from '../errors.js';
import { singleDocument } from '../jsonapi/documents.js';
import type { ResourceObject } from '../resource.js';
import { jsonResponse } from '../responses.js';
import { readJsonBody, writeAttributes } from './body.js';
import { checkList, checkRef, checkTag } from './reference-values.js';

export async function patchShipment(context: RouteContext): Promise<Response> {
  const { store } = context.state;
  const shipment = store.get('shipment', context.params.id ?? '');
  if (!shipment) return notFound();
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const changes: Record<string, unknown> = {};
  if ('ref_numbers' in attributes) {
    const refs = checkList(attributes.ref_numbers, 'Ref numbers', (item) => checkRef(item, 'Ref number'));
    if (!refs.ok) return unprocessable('/data/attributes/ref_numbers', refs.detail);
    changes.ref_numbers = refs.values.filter(Boolean);
  }
  if ('tags' in attributes) {
    const tags = checkList(attributes.tags, 'Tags', checkTag);
    if (!tags.ok) return unprocessable('/data/attributes/tags', tags.detail);
    changes.tags = [...new Set(tags.values)];
  }
  shipment.attributes = { ...shipment.attributes, ...changes };
  return jsonResponse(200, singleDocument(context, shipment));
}

function setTracking(context: RouteContext, stopped: boolean): Response {
  const { store, clock } = context.state;
  const shipment = store.get('shipment', context.params.id ?? '');
  if (!shipment) return notFound();
  const now = isoSeconds(clock.now());
  shipment.attributes = {
    ...shipment.attributes,
    line_tracking_stopped_at: stopped ? now : null,
    line_tracking_stopped_reason: stopped ? 'cancelled_by_user' : null,
  };
  for (const request of store.trackingRequestsOf(shipment.id)) {
    const status = String(request.attributes.status);
    if (stopped ? status === 'created' : status === 'tracking_stopped') {
      request.attributes = {
        ...request.attributes,
        status: stopped ? 'tracking_stopped' : 'created',
        updated_at: now,
      };
    }
  }
  return jsonResponse(200, singleDocument(context, shipment as ResourceObject));
}

export const stopTracking = (context: RouteContext): Response => setTracking(context, true);
export const resumeTracking = (context: RouteContext): Response => setTracking(context, false);
