/**
 * Where a container is in its journey (docs/domain-rules.md#container-statuses, #derived-state). `current_status` is
 * authoritative for what it says, but webhook payloads often omit it and it lags the milestones. So the state is
 * read from the milestone timestamps, the location and the shipment's route whenever the status is missing or
 * contradicts them — a box out of the port terminal for an inland destination with no final full out is on its way
 * inland (never "picked up"), a box whose location says it is on board and that has not arrived is not at the
 * terminal yet (never "out of sync") — and the state then says it was derived.
 *
 * Reported statuses that stand even against milestones: `off_dock` (out of the terminal, waiting at an off-dock
 * yard), `on_rail` and `awaiting_inland_transfer` (picked up at the inland destination), `dropped` and `delivered`
 * (after pickup; `delivered` is set by hand), `empty_returned`. `loaded` is a box loaded at origin, not yet arrived.
 */
import type { Container, Shipment, ZonedTimestamp } from '../tracking/models.js';
import { isReadableTimestamp } from './time/calendar.js';

/** not_arrived → at_terminal → (off_dock | inland) → picked_up → empty_returned. */
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
  /** `reported`: the API's status, consistent with the milestones; `derived`: read from the milestones. */
  source: 'reported' | 'derived';
  /** The API's `current_status` (null when absent), kept when the state was derived against it. */
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

/** Terminal text for a box still aboard: "ON BOARD", "Onboard vessel", "On vessel", "Aboard". */
const ON_BOARD = /\b(?:on\s*board|aboard|on\s+(?:the\s+)?(?:vessel|ship))\b/i;

interface Evidence {
  phase: ContainerPhase;
  onRail: boolean;
}

/** The state of `container`; `shipment` gives the route (null: judge the route from the container alone). */
export function deriveContainerState(container: Container, shipment: Shipment | null): ContainerState {
  const reported = container.currentStatus?.trim() ? container.currentStatus : null;
  const evidence = milestoneEvidence(container, shipment, reported);
  if (reported === null) {
    const phase = evidence ?? { phase: terminalOrNotArrived(container), onRail: false };
    return { phase: phase.phase, onRail: phase.onRail, source: 'derived', reportedStatus: null };
  }
  const reportedPhase = REPORTED_PHASE[reported];
  if (reportedPhase === undefined) {
    // A status the API added later: shown as reported, placed by the milestones (judged at the terminal without any).
    const phase = evidence ?? { phase: 'at_terminal', onRail: false };
    return { phase: phase.phase, onRail: phase.onRail, source: 'reported', reportedStatus: reported };
  }
  if (evidence !== null && contradicts(reported, reportedPhase, evidence)) {
    return { phase: evidence.phase, onRail: evidence.onRail, source: 'derived', reportedStatus: reported };
  }
  return {
    phase: reportedPhase,
    onRail: reported === 'on_rail',
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
  return state.phase === 'off_dock' || state.phase === 'inland';
}

/** What the milestones alone prove, from the latest one back; null when they say nothing. */
function milestoneEvidence(
  container: Container,
  shipment: Shipment | null,
  reported: string | null,
): Evidence | null {
  if (happened(container.emptyTerminatedAt)) return { phase: 'empty_returned', onRail: false };
  if (happened(container.finalDestinationFullOutAt)) return { phase: 'picked_up', onRail: false };
  if (happened(container.podFullOutAt)) {
    const rail = railEvidence(container) || reported === 'on_rail';
    return boundInland(container, shipment, reported, rail)
      ? { phase: 'inland', onRail: rail }
      : { phase: 'picked_up', onRail: false };
  }
  if (happened(container.podDischargedAt) || happened(container.podArrivedAt))
    return { phase: 'at_terminal', onRail: false };
  if (container.locationAtPodTerminal !== null && ON_BOARD.test(container.locationAtPodTerminal))
    return { phase: 'not_arrived', onRail: false };
  return null;
}

/** A milestone counts when it carries a readable date: `0000-00-00` is the API's way of saying there is none. */
export function happened(milestone: ZonedTimestamp | null): milestone is ZonedTimestamp {
  return milestone !== null && isReadableTimestamp(milestone.at);
}

/** With no status and no milestone: at the terminal when the terminal reports on the box, else not arrived yet. */
function terminalOrNotArrived(container: Container): ContainerPhase {
  const terminalKnowsIt =
    container.availableForPickup !== null ||
    container.holds.length > 0 ||
    container.locationAtPodTerminal !== null;
  return terminalKnowsIt ? 'at_terminal' : 'not_arrived';
}

function contradicts(reported: string, reportedPhase: ContainerPhase, evidence: Evidence): boolean {
  switch (evidence.phase) {
    case 'empty_returned':
    case 'picked_up':
      return (
        reportedPhase !== 'picked_up' && reportedPhase !== 'empty_returned' && reportedPhase !== 'off_dock'
      );
    case 'inland':
      // "Picked up" is the one left-terminal status the route disproves: the box has only left the port.
      return reportedPhase === 'not_arrived' || reportedPhase === 'at_terminal' || reported === 'picked_up';
    case 'at_terminal':
      return reportedPhase === 'not_arrived';
    case 'not_arrived':
      return reportedPhase === 'at_terminal';
    case 'off_dock':
      return false;
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
