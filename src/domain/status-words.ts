/**
 * The API's enums in words (docs/domain-rules.md#container-statuses, #tracking-stopped). Container status stays the
 * API's `current_status` (the authoritative value), only phrased for people; values the API adds later are shown
 * humanised rather than hidden. Plain text: the caller escapes it for wherever it goes.
 */
import type { ContainerState } from './container-state.js';
import { humanise } from './words.js';

const CONTAINER_STATUS: Record<string, string> = {
  new: 'tracking started, no milestone yet',
  on_ship: 'on the ship',
  available: 'available at the terminal',
  not_available: 'at the terminal, not available',
  grounded: 'discharged at the terminal',
  on_rail: 'on rail',
  picked_up: 'picked up',
  off_dock: 'moved to an off-dock yard',
  delivered: 'delivered',
  dropped: 'dropped',
  loaded: 'loaded',
  empty_returned: 'empty returned',
  awaiting_inland_transfer: 'discharged, waiting for the rail leg',
};

/** The "at the terminal" statuses once the box reached the inland rail terminal: they describe that one. */
const AT_INLAND_TERMINAL: Record<string, string> = {
  available: 'available at the inland rail terminal',
  not_available: 'at the inland rail terminal, not available',
  grounded: 'unloaded at the inland rail terminal',
};

const STOPPED_REASON: Record<string, string> = {
  all_containers_terminated: 'all containers were returned empty',
  past_arrival_window: 'more than 56 days have passed since arrival',
  past_full_out_window: 'more than 56 days have passed since the containers were picked up',
  no_updates_at_line: 'the shipping line has published no update for over 56 days',
  cancelled_by_user: 'someone stopped tracking it',
  booking_cancelled: 'the booking was cancelled',
};

const REQUEST_TYPE: Record<string, string> = {
  bill_of_lading: 'bill of lading',
  booking_number: 'booking number',
  container: 'container number',
};

const DERIVED_PHASE: Record<ContainerState['phase'], string> = {
  not_arrived: 'not at the terminal yet',
  at_terminal: 'at the terminal',
  off_dock: 'at an off-dock yard',
  inland: 'on its way inland',
  picked_up: 'picked up',
  empty_returned: 'empty returned',
};

/** `current_status` in words ("on the ship"); an unknown value humanised, null as "status not reported". */
export function containerStatusWords(status: string | null): string {
  if (status === null || status === '') return 'status not reported';
  return CONTAINER_STATUS[status] ?? humanise(status);
}

/** The state in words: the reported status as {@link containerStatusWords}, a derived one by its phase. */
export function containerStateWords(state: ContainerState): string {
  if (state.source === 'reported') {
    const inland = state.atInlandTerminal ? AT_INLAND_TERMINAL[state.reportedStatus ?? ''] : undefined;
    return inland ?? containerStatusWords(state.reportedStatus);
  }
  if (state.phase === 'inland' && state.onRail) return 'on rail, on its way inland';
  if (state.atInlandTerminal) return 'at the inland rail terminal';
  return DERIVED_PHASE[state.phase];
}

/** Why the line stopped tracking a shipment, in words. */
export function trackingStoppedReasonWords(reason: string | null): string | null {
  if (reason === null || reason === '') return null;
  return STOPPED_REASON[reason] ?? humanise(reason);
}

/** "bill of lading", "booking number", "container number". */
export function requestTypeWords(type: string): string {
  return REQUEST_TYPE[type] ?? humanise(type);
}
