/**
 * Has a container left the terminal for good? (docs/domain-rules.md#container-statuses.) Such a box is no longer
 * judged on pickup availability and its LFD no longer counts down. `current_status` is authoritative for what it
 * says, but it lags: the full-out and empty-return milestones are evidence the box has gone whatever the status
 * still reads.
 *
 * Per status: `picked_up` (full out), `delivered` (set by hand after delivery), `dropped` (not in the DOC; it comes
 * after pickup, when the trucker drops the box at the consignee, and arrives with `pod_full_out_at`) and
 * `empty_returned` have left. `off_dock` has left the terminal but still waits for pickup at the off-dock yard (the
 * dashboard calls it "Available at Shippers"); `on_rail` and `awaiting_inland_transfer` are picked up at the inland
 * destination. Those three keep their availability and LFD even with a `pod_full_out_at`, until the final full out
 * or the empty return. `loaded` (not in the DOC either) stays a box not yet arrived: the API sends it for a box
 * loaded at origin before departure.
 */
import type { Container } from '../tracking/models.js';

/** Statuses after which a container has left the terminal for good. */
const LEFT_TERMINAL_STATUSES: ReadonlySet<string> = new Set([
  'picked_up',
  'delivered',
  'dropped',
  'empty_returned',
]);

/** Statuses whose box leaves (or has left) the port of discharge to be picked up somewhere else. */
const PICKUP_ELSEWHERE_STATUSES: ReadonlySet<string> = new Set([
  'off_dock',
  'on_rail',
  'awaiting_inland_transfer',
]);

/** Whether `container` has left the terminal for good, by its status or by its milestones. */
export function hasLeftTerminal(container: Container): boolean {
  const status = container.currentStatus ?? '';
  if (LEFT_TERMINAL_STATUSES.has(status)) return true;
  if (container.emptyTerminatedAt !== null || container.finalDestinationFullOutAt !== null) return true;
  return container.podFullOutAt !== null && !PICKUP_ELSEWHERE_STATUSES.has(status);
}

/** Whether the box's pickup happens away from the port of discharge (off-dock yard, inland rail terminal). */
export function leftForPickupElsewhere(container: Container): boolean {
  return PICKUP_ELSEWHERE_STATUSES.has(container.currentStatus ?? '');
}
