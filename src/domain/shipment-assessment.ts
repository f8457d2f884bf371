/**
 * A whole shipment assessed at one instant: its containers most urgent first, their counts, and the headline — the
 * single most urgent fact about the shipment, as data (docs/domain-rules.md#most-urgent-first). Cards phrase the
 * headline; alerts and digests can key on its `kind`. Precedence: tracking stopped (everything else may be stale),
 * then LFD overdue, LFD today, active holds, LFD within 3 days, not released yet, ready, availability unknown, moving
 * inland, not at the terminal yet, all gone from the terminal, containers listed but not loaded.
 */
import type { ShipmentDetail } from '../tracking/models.js';
import { assessContainers, type ContainerAssessment } from './container-assessment.js';
import { type ContainerCounts, countContainers } from './container-counts.js';
import { assessJourney, type Journey } from './journey.js';

export type ShipmentHeadlineKind =
  | 'tracking_stopped'
  | 'lfd_overdue'
  | 'lfd_today'
  | 'on_hold'
  | 'lfd_soon'
  | 'not_released'
  | 'ready'
  | 'availability_unknown'
  | 'moving_inland'
  | 'not_arrived'
  | 'left_terminal'
  | 'not_loaded'
  | 'no_containers';

export interface ShipmentHeadline {
  kind: ShipmentHeadlineKind;
  /** The containers the fact is about, most urgent first ([] for `tracking_stopped` and `no_containers`). */
  containers: ContainerAssessment[];
  /** The line's reason when `kind` is `tracking_stopped` (the API's `line_tracking_stopped_reason`). */
  stoppedReason: string | null;
}

export interface ShipmentAssessment {
  /** Every container, most urgent first (the matched container, when given, leads). */
  containers: ContainerAssessment[];
  counts: ContainerCounts;
  headline: ShipmentHeadline;
  /** Departure, arrival and destination read against the clock and the containers' evidence. */
  journey: Journey;
}

export interface AssessShipmentOptions {
  /** The container number the person asked about: ordered first. */
  matchedContainer?: string | null;
}

/** Assesses `detail` at `nowMs`. */
export function assessShipment(
  detail: ShipmentDetail,
  nowMs: number,
  options: AssessShipmentOptions = {},
): ShipmentAssessment {
  const containers = assessContainers(detail, nowMs, options.matchedContainer ?? null);
  const counts = countContainers(
    containers,
    detail.unloadedContainerIds.length,
    detail.unreadableContainerIds.length,
  );
  const journey = assessJourney(detail.shipment, containers, nowMs);
  return { containers, counts, headline: headlineOf(detail, containers), journey };
}

const PRECEDENCE: ReadonlyArray<[ShipmentHeadlineKind, (assessment: ContainerAssessment) => boolean]> = [
  ['lfd_overdue', (a) => a.lfd?.urgency === 'overdue'],
  ['lfd_today', (a) => a.lfd?.urgency === 'today'],
  ['on_hold', (a) => a.availability.kind === 'blocked'],
  ['lfd_soon', (a) => a.lfd?.urgency === 'soon'],
  ['not_released', (a) => a.availability.kind === 'pending_hold' || a.availability.kind === 'out_of_sync'],
  ['ready', (a) => a.availability.kind === 'ready'],
  ['availability_unknown', (a) => a.availability.kind === 'unknown'],
  ['moving_inland', (a) => a.availability.kind === 'inland'],
  ['not_arrived', (a) => a.availability.kind === 'not_arrived'],
  ['left_terminal', (a) => a.availability.kind === 'left_terminal'],
];

function headlineOf(detail: ShipmentDetail, containers: ContainerAssessment[]): ShipmentHeadline {
  const { stoppedAt, stoppedReason } = detail.shipment.lineTracking;
  if (stoppedAt !== null || stoppedReason !== null) {
    return { kind: 'tracking_stopped', containers: [], stoppedReason };
  }
  // The urgency order of the containers is not the headline order (a box due in 2 days sorts before a held box due
  // next week, yet "on hold" outranks "due within 3 days" as a headline), so each kind is looked for in turn.
  const byUrgency = containers.slice().sort((a, b) => a.rank - b.rank);
  for (const [kind, matches] of PRECEDENCE) {
    const about = byUrgency.filter(matches);
    if (about.length > 0) return { kind, containers: about, stoppedReason: null };
  }
  if (detail.unloadedContainerIds.length > 0)
    return { kind: 'not_loaded', containers: [], stoppedReason: null };
  return { kind: 'no_containers', containers: [], stoppedReason: null };
}
