/**
 * `PATCH /tracking_requests/{id}`. The OAS documents only a singular `ref_number` (which replaces `ref_numbers`
 * with `[value]`; empty or null clears them); the simulator also takes `ref_numbers`, `tags` and the live name
 * `shipment_tags`, and ignores anything else. Invalid values are a 422 pointing at the attribute.
 */
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { badRequest, notFound, unprocessable } from '../errors.js';
import { jsonResponse } from '../responses.js';
import { readJsonBody, writeAttributes } from './body.js';
import { checkList, checkRef, checkTag } from './reference-values.js';

export async function patchTrackingRequest(context: RouteContext): Promise<Response> {
  const { store, clock } = context.state;
  const trackingRequest = store.get('tracking_request', context.params.id ?? '');
  if (!trackingRequest) return notFound();
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const changes: Record<string, unknown> = {};
  if ('ref_number' in attributes) {
    const value = attributes.ref_number;
    if (value !== null && typeof value !== 'string') {
      return unprocessable('/data/attributes/ref_number', 'Ref number must be a string');
    }
    const trimmed = (value ?? '').trim();
    const problem = checkRef(trimmed, 'Ref number');
    if (problem) return unprocessable('/data/attributes/ref_number', problem);
    changes.ref_numbers = trimmed === '' ? [] : [trimmed];
  }
  if ('ref_numbers' in attributes) {
    const checked = checkList(attributes.ref_numbers, 'Ref numbers', (item) => checkRef(item, 'Ref number'));
    if (!checked.ok) return unprocessable('/data/attributes/ref_numbers', checked.detail);
    changes.ref_numbers = checked.values.filter(Boolean);
  }
  for (const key of ['tags', 'shipment_tags'] as const) {
    if (!(key in attributes)) continue;
    const checked = checkList(attributes[key], 'Tags', checkTag);
    if (!checked.ok) return unprocessable(`/data/attributes/${key}`, checked.detail);
    changes.shipment_tags = [...new Set(checked.values)];
  }
  if (Object.keys(changes).length > 0) {
    trackingRequest.attributes = {
      ...trackingRequest.attributes,
      ...changes,
      updated_at: isoSeconds(clock.now()),
    };
  }
  return jsonResponse(200, { data: trackingRequest });
}
