/**
 * Everything the card decides about one container, computed once per render and shared by the ordering, the
 * summary line and the row. Ordering puts what needs a person first, in the summary line's own terms so the rows a
 * long card shows are the ones its summary flags: LFDs overdue, then today, then within 3 days (inside each band,
 * held boxes first, then boxes not released yet, then by date), then held boxes, warnings, ready boxes, and the
 * boxes that have left the terminal last.
 */
import type { Container, ShipmentDetail } from '../tracking/models.js';
import { type Availability, assessAvailability } from './policies/availability.js';
import { type FeeSummary, summariseFees } from './policies/fees.js';
import { assessLfd, type LfdAssessment } from './policies/lfd.js';

export interface ContainerAssessment {
  container: Container;
  availability: Availability;
  lfd: LfdAssessment | null;
  fees: FeeSummary;
  /** Lower = more urgent. */
  rank: number;
}

/** Assesses every container of `detail` and orders them by urgency, `matchedContainer` (a number) first. */
export function assessContainers(
  detail: ShipmentDetail,
  nowMs: number,
  matchedContainer: string | null = null,
): ContainerAssessment[] {
  const terminalReportsFees = detail.podTerminal?.providedData.fees_at_pod_terminal ?? null;
  const assessed = detail.containers.map((container): ContainerAssessment => {
    const availability = assessAvailability(container);
    const lfd = assessLfd(container, detail.shipment, nowMs);
    const fees = summariseFees(container.fees, terminalReportsFees);
    return { container, availability, lfd, fees, rank: rankOf(availability, lfd) };
  });
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
