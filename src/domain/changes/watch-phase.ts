/**
 * Where a watched shipment is, for how often it is polled (README "Watching shipments", polling cadence): far out at
 * sea (ETA more than 72 h away, or none), near (within 72 h of arrival, arrived, or boxes at the terminal not picked
 * up), in detention (every box picked up, an empty still to return), or done (every box returned empty, or tracking
 * stopped: nothing more will change).
 */
import { parseInstant } from '../time/calendar.js';
import type { ShipmentSnapshot } from './snapshot.js';

export type WatchPhase = 'far' | 'near' | 'detention' | 'done';

/** How close to arrival a shipment counts as near. */
export const NEAR_ARRIVAL_MS = 72 * 3_600_000;

export function watchPhase(snapshot: ShipmentSnapshot, nowMs: number): WatchPhase {
  if (snapshot.trackingStopped !== null) return 'done';
  const boxes = snapshot.containers;
  if (
    boxes.length > 0 &&
    boxes.every((box) => box.emptyReturnedAt !== null || box.phase === 'empty_returned')
  )
    return 'done';
  if (boxes.length > 0 && boxes.every((box) => box.pickedUp)) return 'detention';
  if (snapshot.arrivedAt !== null) return 'near';
  if (boxes.some((box) => box.phase !== 'not_arrived' && !box.pickedUp)) return 'near';
  const eta = snapshot.eta === null ? null : parseInstant(snapshot.eta.at);
  if (eta !== null && eta - nowMs <= NEAR_ARRIVAL_MS) return 'near';
  return 'far';
}
