/**
 * A shipment as the change engine remembers it: the domain's reading of one `GET /shipments/{id}` (per container its
 * state, availability, holds by name and description, posted fees, each LFD by source as a calendar date of its
 * place, appointment, rail ETA and milestones; for the shipment its ETA and original ETA at the port and inland,
 * arrivals, vessel and voyage, the inland pickup facility, tracking stopped), plus what only webhooks say (a vessel
 * berthed, a tracking request failed), plus a fingerprint of everything else the card shows. Changes are found by
 * comparing two of these, so a reshuffled JSON document or a re-sent notification changes nothing, while anything a
 * card shows that moved — told or not — makes the snapshot differ, so the card is re-rendered (docs/domain-rules.md#watched-cards).
 * Plain JSON: it is stored as is. Fields added later are optional: snapshots stored before them lack them.
 */
import type { Container, ShipmentDetail, TerminalHold, ZonedTimestamp } from '../../tracking/models.js';
import { type AvailabilityKind, assessAvailability } from '../availability.js';
import { type ContainerPhase, deriveContainerState, happened } from '../container-state.js';
import { holdIdentity } from '../holds.js';
import { deadlinePlace, stillApplies } from '../lfd.js';
import { calendarDateOf } from '../time/today.js';
import { digestOf } from './digest.js';

/** A last free day as a calendar date `YYYY-MM-DD` in its own zone. */
export interface LfdDate {
  source: 'line' | 'terminal' | 'rail' | 'coalesced';
  date: string;
  timeZone: string | null;
  /** Where it runs (the port, the inland destination); absent in snapshots stored before it was recorded. */
  place?: string | null;
}

export interface PostedFee {
  type: string;
  currencyCode: string | null;
  amount: number;
}

/** A hold as the terminal lists it: told apart from another by name and description together. */
export interface HoldRef {
  name: string;
  description: string | null;
}

export interface ContainerSnapshot {
  id: string;
  number: string;
  phase: ContainerPhase;
  availability: AvailabilityKind;
  /** Names of holds in force, sorted. */
  holds: string[];
  /** Names of holds announced as pending, sorted. */
  pendingHolds: string[];
  /** Holds in force, by name and description (absent in snapshots stored before descriptions were compared). */
  heldBy?: HoldRef[];
  /** Holds announced as pending, by name and description (absent likewise). */
  pendingBy?: HoldRef[];
  /** Posted fees (amount > 0, `total` rows left out), by type and currency. */
  fees: PostedFee[];
  /** Every readable LFD, one per source. */
  lfds: LfdDate[];
  /**
   * Out of the port-of-discharge terminal (gate, rail, inland): its terminal LFD no longer binds the box. Absent in
   * snapshots stored before it was recorded.
   */
  leftPort?: boolean;
  appointmentAt: ZonedTimestamp | null;
  dischargedAt: ZonedTimestamp | null;
  /** Left the terminal for good (phase picked up or returned). */
  pickedUp: boolean;
  /** When it was picked up where its journey ends (final full out, or POD full out when not bound inland). */
  pickedUpAt: ZonedTimestamp | null;
  railLoadedAt: ZonedTimestamp | null;
  /** Departed the port by rail (`pod_rail_departed_at`). */
  railDepartedAt?: ZonedTimestamp | null;
  /** The rail carrier's ETA at the inland destination (`ind_eta_at`). */
  railEta?: ZonedTimestamp | null;
  railArrivedAt: ZonedTimestamp | null;
  inlandArrivedAt: ZonedTimestamp | null;
  emptyReturnedAt: ZonedTimestamp | null;
}

export interface VesselRef {
  name: string | null;
  imo: string | null;
  voyage: string | null;
}

export interface ShipmentSnapshot {
  shipmentId: string;
  number: string;
  /** When the data was fetched (ISO, system time). */
  capturedAt: string;
  portOfDischarge: string | null;
  podTimeZone: string | null;
  destination: string | null;
  eta: ZonedTimestamp | null;
  originalEta: ZonedTimestamp | null;
  /** The ETA the last ETA change was measured from (carried forward by the diff, so small moves add up). */
  etaBaseline: ZonedTimestamp | null;
  departedAt: ZonedTimestamp | null;
  arrivedAt: ZonedTimestamp | null;
  /** The line's ETA at the inland destination (`destination_eta_at`), and its first announcement. */
  destinationEta?: ZonedTimestamp | null;
  destinationOriginalEta?: ZonedTimestamp | null;
  /** The inland ETA the last inland ETA change was measured from (carried forward like `etaBaseline`). */
  destinationEtaBaseline?: ZonedTimestamp | null;
  destinationArrivedAt?: ZonedTimestamp | null;
  /** Where the boxes are picked up inland (the destination terminal, a rail terminal). */
  pickupFacility?: string | null;
  /** Fingerprint of everything the card renders from, so no shown fact can change unseen. */
  shown?: string;
  /** Only webhooks report a berth (`container.transport.vessel_berthed`). */
  berthedAt: ZonedTimestamp | null;
  vessel: VesselRef;
  trackingStopped: { at: string | null; reason: string | null } | null;
  /** From a `tracking_request.failed` notification. */
  trackingFailed: { at: string | null; reason: string | null } | null;
  containers: ContainerSnapshot[];
}

/** What only a webhook notification says, merged into the next snapshot. */
export interface ObservedFacts {
  berthedAt?: ZonedTimestamp | null;
  trackingFailed?: { at: string | null; reason: string | null } | null;
}

/** The snapshot of `detail`; `previous` carries forward what the API does not repeat (berth, failure, baseline). */
export function snapshotOf(
  detail: ShipmentDetail,
  previous: ShipmentSnapshot | null = null,
  observed: ObservedFacts = {},
): ShipmentSnapshot {
  const { shipment } = detail;
  const stopped = shipment.lineTracking.stoppedAt !== null || shipment.lineTracking.stoppedReason !== null;
  return {
    shipmentId: shipment.id,
    number: shipment.billOfLadingNumber,
    capturedAt: detail.fetchedAt,
    portOfDischarge: shipment.portOfDischarge.name ?? detail.portOfDischarge?.name ?? null,
    podTimeZone: shipment.portOfDischarge.timeZone,
    destination: shipment.destination.name ?? detail.destination?.name ?? null,
    eta: shipment.podEtaAt,
    originalEta: shipment.podOriginalEtaAt,
    etaBaseline: previous?.etaBaseline ?? shipment.podEtaAt,
    departedAt: readable(shipment.polAtdAt),
    arrivedAt: readable(shipment.podAtaAt),
    destinationEta: shipment.destinationEtaAt,
    destinationOriginalEta: shipment.destinationOriginalEtaAt,
    destinationEtaBaseline:
      previous !== null && 'destinationEta' in previous
        ? (previous.destinationEtaBaseline ?? shipment.destinationEtaAt)
        : shipment.destinationEtaAt,
    destinationArrivedAt: readable(shipment.destinationAtaAt),
    pickupFacility: detail.destinationTerminal?.name ?? detail.destinationTerminal?.nickname ?? null,
    berthedAt: observed.berthedAt ?? previous?.berthedAt ?? null,
    vessel: {
      name: shipment.vessel.name,
      imo: shipment.vessel.imo,
      voyage: shipment.vessel.voyageNumber,
    },
    trackingStopped: stopped
      ? { at: shipment.lineTracking.stoppedAt, reason: shipment.lineTracking.stoppedReason }
      : null,
    trackingFailed: observed.trackingFailed ?? previous?.trackingFailed ?? null,
    containers: detail.containers
      .map((container) => containerSnapshot(container, detail))
      .sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0)),
    shown: digestOf(shownFacts(detail)),
  };
}

/**
 * What the card renders from: the whole reading but the time it was read and the line's polling timestamps, which
 * change at every read and appear nowhere on the card.
 */
function shownFacts(detail: ShipmentDetail): unknown {
  const { lineTracking } = detail.shipment;
  return {
    ...detail,
    fetchedAt: null,
    shipment: {
      ...detail.shipment,
      lineTracking: { stoppedAt: lineTracking.stoppedAt, stoppedReason: lineTracking.stoppedReason },
    },
  };
}

function containerSnapshot(container: Container, detail: ShipmentDetail): ContainerSnapshot {
  const state = deriveContainerState(container, detail.shipment);
  const availability = assessAvailability(container, state);
  const pickedUp = state.phase === 'picked_up' || state.phase === 'empty_returned';
  const inland = state.phase === 'inland' || state.phase === 'off_dock';
  return {
    id: container.id,
    number: container.number,
    phase: state.phase,
    availability: availability.kind,
    holds: namesOf(availability.activeHolds),
    pendingHolds: namesOf(availability.pendingHolds),
    heldBy: refsOf(availability.activeHolds),
    pendingBy: refsOf(availability.pendingHolds),
    fees: postedFees(container),
    lfds: lfdDates(container, detail),
    leftPort: state.leftPort,
    appointmentAt: readable(container.pickupAppointmentAt),
    dischargedAt: readable(container.podDischargedAt),
    pickedUp,
    pickedUpAt:
      readable(container.finalDestinationFullOutAt) ?? (inland ? null : readable(container.podFullOutAt)),
    railLoadedAt: readable(container.podRailLoadedAt) ?? readable(container.podRailDepartedAt),
    railDepartedAt: readable(container.podRailDepartedAt),
    railEta: container.indEtaAt,
    railArrivedAt: readable(container.indAtaAt),
    inlandArrivedAt: readable(container.indRailUnloadedAt),
    emptyReturnedAt: readable(container.emptyTerminatedAt),
  };
}

function readable(value: ZonedTimestamp | null): ZonedTimestamp | null {
  return happened(value) ? { at: value.at, timeZone: value.timeZone } : null;
}

function namesOf(holds: ReadonlyArray<{ name: string }>): string[] {
  return [...new Set(holds.map((hold) => hold.name))].sort();
}

function refsOf(holds: readonly TerminalHold[]): HoldRef[] {
  const refs = new Map<string, HoldRef>();
  for (const hold of holds) {
    const ref = { name: hold.name, description: hold.description?.trim() || null };
    refs.set(holdIdentity(ref), ref);
  }
  return [...refs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, ref]) => ref);
}

function postedFees(container: Container): PostedFee[] {
  const sums = new Map<string, PostedFee>();
  for (const fee of container.fees ?? []) {
    if (fee.type === 'total' || fee.amount === null || !Number.isFinite(fee.amount) || fee.amount <= 0)
      continue;
    const key = `${fee.type}|${fee.currencyCode ?? ''}`;
    const sum = sums.get(key);
    if (sum) sum.amount += fee.amount;
    else sums.set(key, { type: fee.type, currencyCode: fee.currencyCode, amount: fee.amount });
  }
  return [...sums.values()].sort((a, b) =>
    `${a.type}|${a.currencyCode}` < `${b.type}|${b.currencyCode}` ? -1 : 1,
  );
}

/** Each deadline as a calendar date in its zone; the coalesced `pickup_lfd` only when no deadline is listed. */
function lfdDates(container: Container, detail: ShipmentDetail): LfdDate[] {
  const candidates =
    container.deadlines.length > 0 ? container.deadlines : container.pickupLfd ? [container.pickupLfd] : [];
  const dates: LfdDate[] = [];
  for (const deadline of candidates) {
    const timeZone =
      deadline.timeZone ??
      (deadline.source === 'rail'
        ? container.finalDestinationTimeZone
        : deadline.source === 'line'
          ? (container.finalDestinationTimeZone ?? container.podTimeZone)
          : container.podTimeZone);
    const date = calendarDateOf(deadline.at, timeZone);
    if (date === null || dates.some((known) => known.source === deadline.source)) continue;
    const place = deadlinePlace(deadline.source, container, detail.shipment);
    dates.push({ source: deadline.source, date: isoDate(date), timeZone, place });
  }
  return dates.sort((a, b) => (a.source < b.source ? -1 : 1));
}

function isoDate(date: { year: number; month: number; day: number }): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** The LFDs that still bind the box: not the port terminal's once it left the port (docs/domain-rules.md#last-free-day). */
export function applicableLfds(container: ContainerSnapshot): LfdDate[] {
  return container.lfds.filter((lfd) => stillApplies(lfd.source, container.leftPort === true));
}

/** The earliest LFD the box is still subject to (what demurrage risk counts from), or null. */
export function earliestLfd(container: ContainerSnapshot): LfdDate | null {
  let earliest: LfdDate | null = null;
  for (const lfd of applicableLfds(container))
    if (earliest === null || lfd.date < earliest.date) earliest = lfd;
  return earliest;
}
