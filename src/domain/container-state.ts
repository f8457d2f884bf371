/**
 * Where a container is in its journey (docs/domain-rules.md#container-statuses, #derived-state). `current_status` is
 * the API's word and is kept unless the milestones prove the box is further along than it says (discharged while it
 * says "on the ship", out of the gate while it says "available"): the status lags, the milestones do not lie about
 * what already happened. Only then, or when the status is missing, is the state read from the milestone timestamps,
 * the location and the shipment's route — and it then says it was derived.
 *
 * Being at the terminal needs evidence from the port of discharge: the box's own arrival or discharge, the vessel's
 * arrival, or the terminal releasing it. `available_for_pickup: false` is sent long before arrival and proves
 * nothing; a location that says the box is on board proves it is not there yet.
 *
 * "At the terminal" statuses (`grounded`, `available`, `not_available`) also describe the inland rail terminal once
 * the box arrived there by rail: the state then says so (`atInlandTerminal`), and the port terminal is behind it.
 */
import type { Container, Shipment, ZonedTimestamp } from '../tracking/models.js';
import { isReadableTimestamp } from './time/calendar.js';

/** not_arrived → at_terminal → (off_dock | inland → at_terminal inland) → picked_up → empty_returned. */
export type ContainerPhase =
  | 'not_arrived'
  | 'at_terminal'
  | 'off_dock'
  | 'inland'
  | 'picked_up'
  | 'empty_returned';

export interface ContainerState {
  phase: ContainerPhase;
  /** For `inland`: the rail fields (or an `on_rail` status) say it moves by rail. */
  onRail: boolean;
  /** For `at_terminal`: the terminal is the inland one the box reached by rail, not the port's. */
  atInlandTerminal: boolean;
  /** The box is out of the port-of-discharge terminal (whatever came after), so that terminal's LFD is behind it. */
  leftPort: boolean;
  /** `reported`: the API's status, consistent with the milestones; `derived`: read from the milestones. */
  source: 'reported' | 'derived';
  /** The API's `current_status` (null when absent), in its documented spelling when it is one of those. */
  reportedStatus: string | null;
}

const REPORTED_PHASE: Readonly<Record<string, ContainerPhase>> = {
  new: 'not_arrived',
  on_ship: 'not_arrived',
  loaded: 'not_arrived',
  available: 'at_terminal',
  not_available: 'at_terminal',
  grounded: 'at_terminal',
  off_dock: 'off_dock',
  awaiting_inland_transfer: 'inland',
  on_rail: 'inland',
  picked_up: 'picked_up',
  dropped: 'picked_up',
  delivered: 'picked_up',
  empty_returned: 'empty_returned',
};

/** Statuses said the way people write them, as real data does: "On Ship", "on-ship", "EMPTY_RETURNED". */
export function normaliseStatus(status: string | null): string | null {
  if (status === null) return null;
  const trimmed = status.trim();
  if (trimmed === '') return null;
  const key = trimmed.toLowerCase().replace(/[\s-]+/g, '_');
  return REPORTED_PHASE[key] !== undefined ? key : trimmed;
}

/**
 * Terminal text for a box still aboard, as terminals write it: "ON BOARD", "On-Board Vessel", "Onboard vessel",
 * "On vessel", "Aboard".
 */
const ON_BOARD = /\b(?:on[\s_-]*board|aboard|on\s+(?:the\s+)?(?:vessel|ship))\b/i;

/** What the milestones prove, strongest first; `rank` orders them along the journey. */
type Evidence =
  | { kind: 'empty_returned' }
  | { kind: 'picked_up' }
  | { kind: 'at_inland_terminal' }
  | { kind: 'left_port'; inland: boolean; onRail: boolean }
  | { kind: 'discharged' }
  | { kind: 'arrived' }
  | { kind: 'on_board' };

/** The state of `container`; `shipment` gives the route and the vessel's arrival (null: the container alone). */
export function deriveContainerState(container: Container, shipment: Shipment | null): ContainerState {
  const reported = normaliseStatus(container.currentStatus);
  const evidence = milestoneEvidence(container, shipment, reported);
  const placed = place(reported, evidence, container);
  return {
    ...placed,
    leftPort:
      leftPortTerminal(evidence) ||
      placed.onRail ||
      placed.phase === 'picked_up' ||
      placed.phase === 'empty_returned',
  };
}

function place(
  reported: string | null,
  evidence: Evidence | null,
  container: Container,
): Omit<ContainerState, 'leftPort'> {
  if (reported === null) {
    return {
      ...(evidence === null ? fallback(container) : stateOf(evidence)),
      source: 'derived',
      reportedStatus: null,
    };
  }
  const reportedPhase = REPORTED_PHASE[reported];
  if (reportedPhase === undefined) {
    // A status the API added later: shown as reported, placed by the milestones (at the terminal without any).
    return {
      ...(evidence === null ? terminal(false) : stateOf(evidence)),
      source: 'reported',
      reportedStatus: reported,
    };
  }
  if (evidence !== null && provesLater(reported, reportedPhase, evidence)) {
    return { ...stateOf(evidence), source: 'derived', reportedStatus: reported };
  }
  return {
    phase: reportedPhase,
    onRail: reported === 'on_rail',
    atInlandTerminal: reportedPhase === 'at_terminal' && evidence?.kind === 'at_inland_terminal',
    source: 'reported',
    reportedStatus: reported,
  };
}

/** Whether the box has left the terminal for good (picked up, delivered, returned): no pickup or LFD to chase. */
export function hasLeftTerminal(state: ContainerState): boolean {
  return state.phase === 'picked_up' || state.phase === 'empty_returned';
}

/** Whether the box left the port of discharge to be picked up somewhere else (off-dock yard, inland). */
export function leftForPickupElsewhere(state: ContainerState): boolean {
  return state.phase === 'off_dock' || state.phase === 'inland' || state.atInlandTerminal;
}

/** A milestone counts when it carries a readable date: `0000-00-00` is the API's way of saying there is none. */
export function happened(milestone: ZonedTimestamp | null): milestone is ZonedTimestamp {
  return milestone !== null && isReadableTimestamp(milestone.at);
}

type Placed = Pick<ContainerState, 'phase' | 'onRail' | 'atInlandTerminal'>;

function terminal(inland: boolean): Placed {
  return { phase: 'at_terminal', onRail: false, atInlandTerminal: inland };
}

function stateOf(evidence: Evidence): Placed {
  switch (evidence.kind) {
    case 'empty_returned':
    case 'picked_up':
      return { phase: evidence.kind, onRail: false, atInlandTerminal: false };
    case 'at_inland_terminal':
      return terminal(true);
    case 'left_port':
      return evidence.inland
        ? { phase: 'inland', onRail: evidence.onRail, atInlandTerminal: false }
        : { phase: 'picked_up', onRail: false, atInlandTerminal: false };
    case 'discharged':
    case 'arrived':
      return terminal(false);
    case 'on_board':
      return { phase: 'not_arrived', onRail: false, atInlandTerminal: false };
  }
}

/**
 * No status and no milestone: the terminal releasing the box is the one thing that places it there. Holds, a
 * location or `available_for_pickup: false` come with boxes still at sea (or at origin) too.
 */
function fallback(container: Container): Placed {
  return container.availableForPickup === true
    ? terminal(false)
    : { phase: 'not_arrived', onRail: false, atInlandTerminal: false };
}

/** What the milestones alone prove, from the latest one back; null when they say nothing. */
function milestoneEvidence(
  container: Container,
  shipment: Shipment | null,
  reported: string | null,
): Evidence | null {
  if (happened(container.emptyTerminatedAt)) return { kind: 'empty_returned' };
  if (happened(container.finalDestinationFullOutAt)) return { kind: 'picked_up' };
  if (happened(container.indRailUnloadedAt) || happened(container.indAtaAt))
    return { kind: 'at_inland_terminal' };
  const railLeft = happened(container.podRailLoadedAt) || happened(container.podRailDepartedAt);
  if (happened(container.podFullOutAt) || railLeft) {
    const rail = railLeft || railEvidence(container) || reported === 'on_rail';
    return { kind: 'left_port', inland: boundInland(container, shipment, reported, rail), onRail: rail };
  }
  if (happened(container.podDischargedAt)) return { kind: 'discharged' };
  if (happened(container.podArrivedAt) || (shipment !== null && happened(shipment.podAtaAt)))
    return { kind: 'arrived' };
  if (container.locationAtPodTerminal !== null && ON_BOARD.test(container.locationAtPodTerminal))
    return { kind: 'on_board' };
  return null;
}

/** Out of the port-of-discharge terminal: through its gate, on rail, inland, or gone for good. */
function leftPortTerminal(evidence: Evidence | null): boolean {
  return (
    evidence !== null &&
    evidence.kind !== 'discharged' &&
    evidence.kind !== 'arrived' &&
    evidence.kind !== 'on_board'
  );
}

/**
 * Whether the milestones prove the box is further along than `reported` says (or, for a box still on board, that it
 * has not reached the terminal a status claims). A status that already says as much, or more, stands.
 */
function provesLater(reported: string, reportedPhase: ContainerPhase, evidence: Evidence): boolean {
  switch (evidence.kind) {
    case 'empty_returned':
    case 'picked_up':
      return (
        reportedPhase !== 'picked_up' && reportedPhase !== 'empty_returned' && reportedPhase !== 'off_dock'
      );
    case 'at_inland_terminal':
      // At the inland ramp, "grounded", "available" and "not available" describe that terminal: they stand, as do
      // the statuses of a box already gone from it. Still moving, or "picked up" with no final full out, lag behind.
      return (
        reportedPhase === 'not_arrived' ||
        reportedPhase === 'inland' ||
        reportedPhase === 'off_dock' ||
        reported === 'picked_up'
      );
    case 'left_port':
      if (!evidence.inland) return reportedPhase === 'not_arrived' || reportedPhase === 'at_terminal';
      // "Picked up" is the one left-terminal status the route disproves: the box has only left the port.
      return reportedPhase === 'not_arrived' || reportedPhase === 'at_terminal' || reported === 'picked_up';
    case 'discharged':
      return reportedPhase === 'not_arrived';
    case 'arrived':
      // The vessel is in, but a box stays on the ship until it is discharged: only "new" and "loaded" lag behind.
      return reported === 'new' || reported === 'loaded';
    case 'on_board':
      return reportedPhase === 'at_terminal';
  }
}

/** The shipment ends inland: its destination is not its POD, or the container carries rail or inland fields. */
function boundInland(
  container: Container,
  shipment: Shipment | null,
  reported: string | null,
  rail: boolean,
): boolean {
  if (rail || reported === 'awaiting_inland_transfer') return true;
  if (container.finalDestinationTimeZone !== null) return true;
  if (container.indEtaAt !== null || container.indAtaAt !== null) return true;
  if (shipment === null) return false;
  const { destination, portOfDischarge } = shipment;
  if (destination.locode !== null && portOfDischarge.locode !== null)
    return destination.locode !== portOfDischarge.locode;
  if (destination.name !== null) return destination.name !== portOfDischarge.name;
  return false;
}

/** Rail milestones, rail carriers or a rail LFD. */
function railEvidence(container: Container): boolean {
  return (
    container.podRailLoadedAt !== null ||
    container.podRailDepartedAt !== null ||
    container.indRailUnloadedAt !== null ||
    container.podRailCarrierScac !== null ||
    container.indRailCarrierScac !== null ||
    container.deadlines.some((deadline) => deadline.source === 'rail')
  );
}
