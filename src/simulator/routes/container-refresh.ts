/**
 * `PATCH /containers/{id}/refresh` (its own quota: 10 a minute): the container is asked about again at once, so
 * its tracking timestamps move to now, and the answer names the sources asked (the rail carrier's only for a box
 * with a rail leg).
 */
import type { RouteContext } from '../context.js';
import { isoSeconds } from '../demo/demo-time.js';
import { notFound } from '../errors.js';
import { jsonResponse } from '../responses.js';

export function refreshContainer(context: RouteContext): Response {
  const { store, clock } = context.state;
  const container = store.get('container', context.params.id ?? '');
  if (!container) return notFound();
  const now = isoSeconds(clock.now());
  container.attributes = {
    ...container.attributes,
    pod_last_tracking_request_at: now,
    shipment_last_tracking_request_at: now,
  };
  const rail = container.attributes.pod_rail_carrier_scac != null;
  return jsonResponse(200, {
    message: `Started refresh for Shipping line, Terminal${rail ? ', Rail' : ''}`,
  });
}
