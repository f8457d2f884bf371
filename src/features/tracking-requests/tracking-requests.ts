/**
 * Reading and editing a tracking request (its ref number and tags). The edit is a write, sent once by the caller's
 * write flow; the PATCH answer lacks the tracked shipment, so the request is read again for its card, and that read
 * is optional: the card falls back to what the PATCH answered.
 */
import type { TrackingRequest, TrackingRequestDetail, TrackingRequestUpdate } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

export function readTrackingRequest(
  ctx: FeatureContext,
  id: string,
  options?: { fresh?: boolean },
): Promise<TrackingRequestDetail> {
  return trackingOf(ctx).getTrackingRequest(id, options);
}

/** The PATCH alone (a modal waits for its answer within Slack's deadline; the card is read after). */
export function updateTrackingRequest(
  ctx: FeatureContext,
  id: string,
  update: TrackingRequestUpdate,
): Promise<TrackingRequest> {
  return trackingOf(ctx).updateTrackingRequest(id, update);
}

/** The PATCH, then the request as its card shows it. */
export async function editTrackingRequest(
  ctx: FeatureContext,
  id: string,
  update: TrackingRequestUpdate,
): Promise<TrackingRequestDetail> {
  const tracking = trackingOf(ctx);
  const updated = await tracking.updateTrackingRequest(id, update);
  return tracking
    .getTrackingRequest(id, { fresh: true })
    .catch(() => ({ trackingRequest: updated, shipment: null }));
}

/** An edit typed as words (`/track-edit <id> ref=… tags=…`, or "Clear it" for the ref), not through the form. */
export interface TrackingRequestEdit {
  id: string;
  /** undefined: left alone; null: cleared. */
  ref?: string | null;
  tags?: string[];
}

/** What the edit changes, as the audit line and the edit's idempotency key name it. */
export function changesOf(edit: TrackingRequestEdit): { ref?: string | null; tags?: string[] } {
  return {
    ...(edit.ref !== undefined ? { ref: edit.ref } : {}),
    ...(edit.tags !== undefined ? { tags: edit.tags } : {}),
  };
}

/** The edit, then the request as its card shows it. */
export function applyTrackingRequestEdit(
  ctx: FeatureContext,
  edit: TrackingRequestEdit,
): Promise<TrackingRequestDetail> {
  const update: TrackingRequestUpdate = {};
  if (edit.ref !== undefined) update.refNumber = edit.ref;
  if (edit.tags !== undefined) update.tags = edit.tags;
  return editTrackingRequest(ctx, edit.id, update);
}
