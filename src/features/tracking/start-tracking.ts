/**
 * Asking Terminal49 to track a number (`POST /tracking_requests`): a write, sent once by the caller's write flow, in
 * the account's creation quota. A number the account already tracks (422 `duplicate`) is no failure: it resolves to
 * what tracks it — the shipment, or the request still pending — with the fewest reads (src/tracking/resolver.ts).
 */
import { isDuplicateRequest } from '../../tracking/endpoints/tracking-requests.js';
import type { NewTrackingRequest, ShipmentDetail, TrackingRequest } from '../../tracking/models.js';
import { resolveShipment } from '../../tracking/resolver.js';
import { type FeatureContext, trackingOf } from '../context.js';

export type TrackingStart =
  /** A new request, pending. */
  | { kind: 'created'; request: TrackingRequest }
  /** Already tracked: its shipment. */
  | { kind: 'tracked'; detail: ShipmentDetail }
  /** Already asked for, still pending (or awaiting the manifest). */
  | { kind: 'requested'; request: TrackingRequest };

export async function startTracking(
  ctx: FeatureContext,
  request: NewTrackingRequest,
): Promise<TrackingStart> {
  const tracking = trackingOf(ctx);
  try {
    return { kind: 'created', request: await tracking.createTrackingRequest(request) };
  } catch (error) {
    if (!isDuplicateRequest(error)) throw error;
    const resolution = await resolveShipment(tracking, request.requestNumber, { fresh: true });
    if (resolution.kind === 'shipment') return { kind: 'tracked', detail: resolution.detail };
    if (resolution.kind === 'tracking_request')
      return { kind: 'requested', request: resolution.trackingRequest };
    // Terminal49 says it is tracked, yet nothing can be found under the number: report the refusal as it came.
    throw error;
  }
}
