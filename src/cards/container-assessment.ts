/**
 * Everything the card decides about one container, computed once per render and shared by the ordering, the
 * summary line and the row. Ordering puts what needs a person first: overdue LFDs and holds, then LFDs today and
 * soon, then warnings, then ready boxes, and boxes that have left the terminal last.
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
  if (availability.kind === 'left_terminal') return 9;
  if (lfd?.urgency === 'overdue') return 0;
  if (availability.kind === 'blocked') return 1;
  if (lfd?.urgency === 'today') return 2;
  if (lfd?.urgency === 'soon') return 3;
  if (availability.kind === 'pending_hold' || availability.kind === 'out_of_sync') return 4;
  if (availability.kind === 'ready') return 5;
  if (availability.kind === 'unknown') return 6;
  return 7;
}
