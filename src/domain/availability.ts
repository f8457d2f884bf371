/**
 * Can this container be picked up? (docs/domain-rules.md#availability, #holds.) Ready means the terminal says
 * available AND no hold is active; a `pending` hold is only a warning that one is coming. `availability_known =
 * false` means the terminal does not report availability, which is "unknown", never "not available". When the
 * terminal says not available but lists no hold, the two feeds disagree: the data is out of sync until the next
 * update.
 */
import type { Container, TerminalHold } from '../tracking/models.js';
import { type ContainerState, deriveContainerState } from './container-state.js';
import { splitHolds } from './holds.js';

export type AvailabilityKind =
  | 'ready'
  | 'blocked'
  | 'pending_hold'
  | 'out_of_sync'
  | 'unknown'
  | 'not_arrived'
  | 'inland'
  | 'left_terminal';

export interface Availability {
  kind: AvailabilityKind;
  /** Holds with status `hold` (and any status the API may add: treated as blocking to be safe). */
  activeHolds: TerminalHold[];
  /** Holds with status `pending`: expected, not yet active. */
  pendingHolds: TerminalHold[];
}

/**
 * Decides the availability of `container` from its state, availability flags and holds. `state` defaults to the one
 * read from the container alone; pass the state derived with the shipment's route when there is one.
 */
export function assessAvailability(
  container: Container,
  state: ContainerState = deriveContainerState(container, null),
): Availability {
  const { active, pending } = splitHolds(container.holds);
  return { kind: decide(container, state, active, pending), activeHolds: active, pendingHolds: pending };
}

function decide(
  container: Container,
  state: ContainerState,
  activeHolds: TerminalHold[],
  pendingHolds: TerminalHold[],
): AvailabilityKind {
  if (state.phase === 'picked_up' || state.phase === 'empty_returned') return 'left_terminal';
  if (activeHolds.length > 0) return 'blocked';
  if (state.phase === 'not_arrived') return 'not_arrived';
  if (state.phase === 'inland') return 'inland';
  if (container.availabilityKnown === false) return 'unknown';
  if (container.availableForPickup === true) return 'ready';
  if (container.availableForPickup === false) return pendingHolds.length > 0 ? 'pending_hold' : 'out_of_sync';
  return 'unknown';
}
