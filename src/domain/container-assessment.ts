/**
 * Everything Shipwatch decides about one container, computed once and shared by the ordering, the counts and
 * whatever shows it (card row, alert, digest). "Most urgent first" puts what needs a person first: LFDs overdue, then
 * today, then within 3 days (inside each band, held boxes first, then boxes not released yet, then by date), then
 * held boxes, warnings, ready boxes, and the boxes that have left the terminal last
 * (docs/domain-rules.md#most-urgent-first).
 */
import type { Container, LastFreeDay, Shipment, ShipmentDetail, Terminal } from '../tracking/models.js';
import { type Availability, assessAvailability } from './availability.js';
import { type ContainerState, deriveContainerState } from './container-state.js';
import { type FeeSummary, summariseFees } from './fees.js';
import { assessLfd, type LfdAssessment, unreadableDeadlineSources } from './lfd.js';

export interface ContainerAssessment {
  container: Container;
  /** Where the box is; derived from the milestones when the status is missing or contradicts them. */
  state: ContainerState;
  availability: Availability;
  lfd: LfdAssessment | null;
  /** When `lfd` is null: the sources of deadlines the API sent that are no date (the LFD is then unknown). */
  unreadableLfd: Array<LastFreeDay['source']>;
  fees: FeeSummary;
  /** Lower = more urgent. */
  rank: number;
}

/** Assesses one container of `shipment` at `nowMs`; `terminal` is its POD terminal when the API included it. */
export function assessContainer(
  container: Container,
  shipment: Shipment,
  terminal: Terminal | null,
  nowMs: number,
): ContainerAssessment {
  const state = deriveContainerState(container, shipment);
  const availability = assessAvailability(container, state);
  const lfd = assessLfd(container, shipment, nowMs, state);
  const fees = summariseFees(container.fees, terminal?.providedData.fees_at_pod_terminal ?? null);
  const unreadableLfd = lfd === null ? unreadableDeadlineSources(container, state) : [];
  return { container, state, availability, lfd, unreadableLfd, fees, rank: rankOf(availability, lfd) };
}

/** Assesses every container of `detail` and orders them most urgent first, `matchedContainer` (a number) first. */
export function assessContainers(
  detail: ShipmentDetail,
  nowMs: number,
  matchedContainer: string | null = null,
): ContainerAssessment[] {
  const assessed = detail.containers.map((container) =>
    assessContainer(container, detail.shipment, detail.podTerminal, nowMs),
  );
  return sortMostUrgentFirst(assessed, matchedContainer);
}

/** Sorts `assessed` in place, most urgent first; the container numbered `matchedContainer` leads. */
export function sortMostUrgentFirst(
  assessed: ContainerAssessment[],
  matchedContainer: string | null = null,
): ContainerAssessment[] {
  const matched = matchedContainer?.toUpperCase() ?? null;
  return assessed.sort((a, b) => {
    if (matched !== null) {
      const aMatched = a.container.number.toUpperCase() === matched;
      const bMatched = b.container.number.toUpperCase() === matched;
      if (aMatched !== bMatched) return aMatched ? -1 : 1;
    }
    return (
      a.rank - b.rank ||
      (a.lfd?.daysLeft ?? Number.POSITIVE_INFINITY) - (b.lfd?.daysLeft ?? Number.POSITIVE_INFINITY) ||
      (a.container.number < b.container.number ? -1 : a.container.number > b.container.number ? 1 : 0)
    );
  });
}

function rankOf(availability: Availability, lfd: LfdAssessment | null): number {
  if (availability.kind === 'left_terminal') return 20;
  const band =
    lfd?.urgency === 'overdue' ? 0 : lfd?.urgency === 'today' ? 3 : lfd?.urgency === 'soon' ? 6 : null;
  if (band !== null) return band + pickupBlocker(availability);
  if (availability.kind === 'blocked') return 9;
  if (availability.kind === 'pending_hold' || availability.kind === 'out_of_sync') return 10;
  if (availability.kind === 'ready') return 11;
  if (availability.kind === 'unknown') return 12;
  return 13;
}

/** Inside an LFD band: an active hold needs chasing first, then a box the terminal has not released. */
function pickupBlocker(availability: Availability): number {
  if (availability.kind === 'blocked') return 0;
  if (availability.kind === 'pending_hold' || availability.kind === 'out_of_sync') return 1;
  return 2;
}
