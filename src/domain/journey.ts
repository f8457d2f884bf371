/**
 * The shipment's journey read against the clock (docs/domain-rules.md#eta): departure from the port of lading,
 * arrival at the port of discharge and, for an inland move, at the destination. An actual time is only a normal
 * milestone when it is not in the future; an estimate in the past is either a milestone that happened without its
 * time being reported (the containers say so) or one that has passed with nothing reported yet. Times whose zone is
 * unknown are wall times read as UTC, so they get a day of slack before they count as "in the future".
 */
import type { Shipment, ZonedTimestamp } from '../tracking/models.js';
import type { ContainerAssessment } from './container-assessment.js';
import { happened } from './container-state.js';
import { parseInstant } from './time/calendar.js';

/** Slack for clocks that disagree a little (the carrier's, the terminal's, ours). */
const FUTURE_SLACK_MS = 3_600_000;
/** A wall time with an unknown zone may be off by any UTC offset (−12 h to +14 h). */
const UNPLACED_SLACK_MS = 14 * 3_600_000;

export type MilestoneReading =
  | { kind: 'actual'; at: ZonedTimestamp }
  /** The API reports the event as happened, at a time still ahead: not a normal milestone. */
  | { kind: 'actual_in_future'; at: ZonedTimestamp }
  | { kind: 'estimate'; at: ZonedTimestamp }
  /** The estimate is behind us with no actual: `reached` when later evidence shows it happened anyway. */
  | { kind: 'estimate_passed'; at: ZonedTimestamp; reached: boolean }
  /** No time at all, but later evidence shows it happened (a box at the terminal proves the vessel arrived). */
  | { kind: 'reached' }
  | { kind: 'none' };

export interface Journey {
  departure: MilestoneReading;
  arrival: MilestoneReading;
  /** At the inland destination; `none` when the shipment has no destination beyond the port. */
  destination: MilestoneReading;
}

/** One milestone from its actual and estimated times at `nowMs`; `reached` says later evidence shows it happened. */
export function readMilestone(
  actual: ZonedTimestamp | null,
  estimate: ZonedTimestamp | null,
  nowMs: number,
  reached: boolean,
): MilestoneReading {
  if (happened(actual)) {
    const ms = parseInstant(actual.at);
    const slack = actual.timeZone === null ? UNPLACED_SLACK_MS : FUTURE_SLACK_MS;
    return ms !== null && ms > nowMs + slack
      ? { kind: 'actual_in_future', at: actual }
      : { kind: 'actual', at: actual };
  }
  if (estimate === null) return reached ? { kind: 'reached' } : { kind: 'none' };
  const ms = parseInstant(estimate.at);
  const slack = estimate.timeZone === null ? UNPLACED_SLACK_MS : 0;
  if (ms !== null && ms + slack < nowMs) return { kind: 'estimate_passed', at: estimate, reached };
  return { kind: 'estimate', at: estimate };
}

/** The three milestones of `shipment`, with what its assessed containers prove about them. */
export function assessJourney(
  shipment: Shipment,
  containers: readonly ContainerAssessment[],
  nowMs: number,
): Journey {
  const destinationReached = containers.some(
    ({ container }) =>
      happened(container.indAtaAt) ||
      happened(container.finalDestinationFullOutAt) ||
      happened(container.emptyTerminatedAt),
  );
  const arrivalReached =
    destinationReached ||
    happened(shipment.destinationAtaAt) ||
    containers.some(({ state }) => state.phase !== 'not_arrived');
  const departureReached =
    arrivalReached ||
    happened(shipment.podAtaAt) ||
    containers.some(({ state }) => state.reportedStatus === 'on_ship' && state.source === 'reported');
  return {
    departure: readMilestone(shipment.polAtdAt, shipment.polEtdAt, nowMs, departureReached),
    arrival: readMilestone(shipment.podAtaAt, shipment.podEtaAt, nowMs, arrivalReached),
    destination: readMilestone(
      shipment.destinationAtaAt,
      shipment.destinationEtaAt,
      nowMs,
      destinationReached,
    ),
  };
}
