/**
 * The one change engine's rule: what changed between two snapshots of a shipment, at the level of the domain (a
 * hold released, a box available, an ETA moved), never a JSON diff. The same pair of snapshots always gives the
 * same changes with the same keys, so a change seen first by a webhook and then by a poll is one change. An ETA
 * move counts once it reaches `etaThresholdMs` from the ETA last reported (the baseline), so small moves add up
 * instead of slipping through one at a time.
 */
import type { ZonedTimestamp } from '../../tracking/models.js';
import { holdIdentity } from '../holds.js';
import { parseInstant } from '../time/calendar.js';
import type { ContainerRef, WatchChange } from './change.js';
import {
  applicableLfds,
  type ContainerSnapshot,
  type HoldRef,
  type LfdDate,
  type ShipmentSnapshot,
} from './snapshot.js';

export interface DiffSettings {
  /** The smallest ETA move that counts as a change (channels may ask for more). */
  etaThresholdMs: number;
}

export const DEFAULT_DIFF_SETTINGS: DiffSettings = { etaThresholdMs: 3_600_000 };

export interface ChangeSet {
  changes: WatchChange[];
  /** `after`, with what the diff carries forward (the ETA baseline). Store this one. */
  next: ShipmentSnapshot;
}

export function diffSnapshots(
  before: ShipmentSnapshot,
  after: ShipmentSnapshot,
  settings: DiffSettings = DEFAULT_DIFF_SETTINGS,
): ChangeSet {
  const changes: WatchChange[] = [];
  const token = after.capturedAt;
  const place = after.portOfDischarge;

  let etaBaseline = before.etaBaseline ?? before.eta;
  if (
    after.arrivedAt === null &&
    after.eta !== null &&
    movedBy(etaBaseline, after.eta) >= settings.etaThresholdMs
  ) {
    changes.push({
      kind: 'eta_changed',
      key: `eta_changed:${after.eta.at}`,
      container: null,
      leg: 'pod',
      from: etaBaseline,
      to: after.eta,
      original: after.originalEta,
      place,
    });
    etaBaseline = after.eta;
  }

  // The inland ETA is told like the port's, with its own baseline. A snapshot stored before it was recorded has
  // no inland ETA to compare with: its first reading sets the baseline instead of "announcing" an old ETA.
  const knewDestination = 'destinationEta' in before;
  let destinationBaseline = knewDestination
    ? (before.destinationEtaBaseline ?? before.destinationEta ?? null)
    : (after.destinationEta ?? null);
  const destinationEta = after.destinationEta ?? null;
  if (
    knewDestination &&
    (after.destinationArrivedAt ?? null) === null &&
    destinationEta !== null &&
    movedBy(destinationBaseline, destinationEta) >= settings.etaThresholdMs
  ) {
    changes.push({
      kind: 'eta_changed',
      key: `eta_changed:destination:${destinationEta.at}`,
      container: null,
      leg: 'destination',
      from: destinationBaseline,
      to: destinationEta,
      original: after.destinationOriginalEta ?? null,
      place: after.destination,
    });
    destinationBaseline = destinationEta;
  }

  if (before.vessel.name !== null || before.vessel.imo !== null) {
    const vesselMoved =
      (after.vessel.imo !== null && before.vessel.imo !== null && after.vessel.imo !== before.vessel.imo) ||
      (after.vessel.imo === null && after.vessel.name !== null && after.vessel.name !== before.vessel.name);
    const voyageMoved =
      before.vessel.voyage !== null &&
      after.vessel.voyage !== null &&
      after.vessel.voyage !== before.vessel.voyage;
    if (vesselMoved || voyageMoved) {
      changes.push({
        kind: 'vessel_changed',
        key: `vessel_changed:${after.vessel.imo ?? after.vessel.name ?? ''}:${after.vessel.voyage ?? ''}`,
        container: null,
        from: before.vessel,
        to: after.vessel,
        eta: after.eta,
      });
    }
  }

  const milestone = (
    kind: 'departed' | 'arrived' | 'berthed',
    was: ZonedTimestamp | null,
    now: ZonedTimestamp | null,
  ) => {
    if (was === null && now !== null) {
      changes.push({
        kind,
        key: `${kind}:${now.at}`,
        container: null,
        at: now,
        place: kind === 'departed' ? null : place,
      });
    }
  };
  milestone('departed', before.departedAt, after.departedAt);
  milestone('arrived', before.arrivedAt, after.arrivedAt);
  milestone('berthed', before.berthedAt, after.berthedAt);

  const earlier = new Map(before.containers.map((container) => [container.id, container]));
  for (const container of after.containers) {
    const was = earlier.get(container.id);
    // A box that was not in the previous reading is new to this shipment: nothing about it changed yet.
    if (was !== undefined)
      changes.push(...containerChanges(was, container, token, place, after.destination, after.podTimeZone));
  }

  if (before.trackingStopped === null && after.trackingStopped !== null) {
    changes.push({
      kind: 'tracking_stopped',
      key: `tracking_stopped:${after.trackingStopped.at ?? token}`,
      container: null,
      at: after.trackingStopped.at,
      reason: after.trackingStopped.reason,
    });
  }
  if (
    after.trackingFailed !== null &&
    (before.trackingFailed === null || before.trackingFailed.at !== after.trackingFailed.at)
  ) {
    changes.push({
      kind: 'tracking_failed',
      key: `tracking_failed:${after.trackingFailed.at ?? token}`,
      container: null,
      at: after.trackingFailed.at,
      reason: after.trackingFailed.reason,
    });
  }
  return { changes, next: { ...after, etaBaseline, destinationEtaBaseline: destinationBaseline } };
}

function containerChanges(
  before: ContainerSnapshot,
  after: ContainerSnapshot,
  token: string,
  place: string | null,
  destination: string | null,
  podTimeZone: string | null,
): WatchChange[] {
  const changes: WatchChange[] = [];
  const container: ContainerRef = { id: after.id, number: after.number };
  const id = after.id;
  // The API gives no time for these: the line says when this reading saw them, in the port's zone.
  const seenAt: ZonedTimestamp = { at: token, timeZone: podTimeZone };

  const milestone = (
    kind: 'discharged' | 'picked_up' | 'on_rail' | 'rail_arrived' | 'inland_arrived' | 'empty_returned',
    was: ZonedTimestamp | null,
    now: ZonedTimestamp | null,
    where: string | null,
  ) => {
    if (was === null && now !== null)
      changes.push({ kind, key: `${kind}:${id}:${now.at}`, container, at: now, place: where });
  };
  milestone('discharged', before.dischargedAt, after.dischargedAt, place);
  milestone('on_rail', before.railLoadedAt, after.railLoadedAt, null);
  milestone('rail_arrived', before.railArrivedAt, after.railArrivedAt, destination);
  milestone('inland_arrived', before.inlandArrivedAt, after.inlandArrivedAt, destination);
  if (!before.pickedUp && after.pickedUp) {
    changes.push({
      kind: 'picked_up',
      key: `picked_up:${id}:${after.pickedUpAt?.at ?? token}`,
      container,
      at: after.pickedUpAt,
      place: null,
    });
  }
  milestone('empty_returned', before.emptyReturnedAt, after.emptyReturnedAt, null);

  // Availability only while the box is there to be picked up: leaving the terminal is not "no longer available".
  if (!after.pickedUp) {
    if (after.availability === 'ready' && before.availability !== 'ready') {
      changes.push({
        kind: 'available',
        key: `available:${id}:${token}`,
        container,
        seenAt,
        from: before.availability,
        place,
      });
    } else if (before.availability === 'ready' && NOT_READY.has(after.availability)) {
      changes.push({
        kind: 'not_available',
        key: `not_available:${id}:${token}`,
        container,
        seenAt,
        to: after.availability,
        holds: after.holds,
        heldBy: after.heldBy ?? after.holds.map((name) => ({ name, description: null })),
      });
    }
  }

  changes.push(...holdChanges(before, after, container, token, seenAt));

  for (const fee of after.fees) {
    const previous = before.fees.find(
      (old) => old.type === fee.type && old.currencyCode === fee.currencyCode,
    );
    if (previous === undefined || fee.amount > previous.amount) {
      changes.push({
        kind: 'fees_posted',
        key: `fees_posted:${id}:${fee.type}:${fee.currencyCode ?? ''}:${fee.amount}`,
        container,
        fee,
        previousAmount: previous?.amount ?? null,
        seenAt,
      });
    }
  }

  // A deadline the box is no longer subject to (the port's, once it left by rail) is not news.
  for (const lfd of applicableLfds(after)) {
    const previous: LfdDate | undefined = before.lfds.find((old) => old.source === lfd.source);
    if (previous === undefined) {
      changes.push({
        kind: 'lfd_set',
        key: `lfd:${id}:${lfd.source}:${lfd.date}`,
        container,
        from: null,
        to: lfd,
        seenAt,
      });
    } else if (previous.date !== lfd.date) {
      changes.push({
        kind: 'lfd_changed',
        key: `lfd:${id}:${lfd.source}:${lfd.date}`,
        container,
        from: previous,
        to: lfd,
        seenAt,
      });
    }
  }

  if (after.appointmentAt !== null && after.appointmentAt.at !== before.appointmentAt?.at) {
    changes.push({
      kind: 'appointment_set',
      key: `appointment_set:${id}:${after.appointmentAt.at}`,
      container,
      from: before.appointmentAt,
      to: after.appointmentAt,
    });
  }
  return changes;
}

/**
 * Holds added, expected and released, told apart by name and description: terminals name most holds `other`, so
 * three `other` holds are three holds and releasing ONDOCK is news. A snapshot stored before descriptions were kept
 * is compared by name only, so reading it once more announces nothing that did not change.
 */
function holdChanges(
  before: ContainerSnapshot,
  after: ContainerSnapshot,
  container: ContainerRef,
  token: string,
  seenAt: ZonedTimestamp,
): WatchChange[] {
  const byName = before.heldBy === undefined || after.heldBy === undefined;
  const identity = (hold: HoldRef) => (byName ? hold.name : holdIdentity(hold));
  const refs = (snapshot: ContainerSnapshot, pending: boolean): HoldRef[] =>
    (pending ? snapshot.pendingBy : snapshot.heldBy) ??
    (pending ? snapshot.pendingHolds : snapshot.holds).map((name) => ({ name, description: null }));
  const ids = (list: readonly HoldRef[]) => new Set(list.map(identity));
  const wasHeld = ids(refs(before, false));
  const wasPending = ids(refs(before, true));
  const isHeld = ids(refs(after, false));
  const isPending = ids(refs(after, true));
  const id = container.id;
  const keyOf = (hold: HoldRef) => `${hold.name}:${hold.description ?? ''}`;
  const changes: WatchChange[] = [];
  for (const hold of refs(after, false)) {
    if (!wasHeld.has(identity(hold)))
      changes.push({
        kind: 'hold_added',
        key: `hold_added:${id}:${keyOf(hold)}:${token}`,
        container,
        hold: hold.name,
        description: hold.description,
        pending: false,
        seenAt,
      });
  }
  for (const hold of refs(after, true)) {
    if (!wasPending.has(identity(hold)) && !wasHeld.has(identity(hold)))
      changes.push({
        kind: 'hold_added',
        key: `hold_pending:${id}:${keyOf(hold)}:${token}`,
        container,
        hold: hold.name,
        description: hold.description,
        pending: true,
        seenAt,
      });
  }
  for (const hold of refs(before, false)) {
    if (!isHeld.has(identity(hold)))
      changes.push({
        kind: 'hold_released',
        key: `hold_released:${id}:${keyOf(hold)}:${token}`,
        container,
        hold: hold.name,
        description: hold.description,
        pending: isPending.has(identity(hold)),
        seenAt,
      });
  }
  return changes;
}

const NOT_READY = new Set(['blocked', 'pending_hold', 'out_of_sync', 'unknown']);

/** How far `to` is from `from` in ms (either way); a first ETA counts as a move of any size. */
function movedBy(from: ZonedTimestamp | null, to: ZonedTimestamp): number {
  if (from === null) return Number.POSITIVE_INFINITY;
  const a = parseInstant(from.at);
  const b = parseInstant(to.at);
  if (a === null || b === null) return from.at === to.at ? 0 : Number.POSITIVE_INFINITY;
  return Math.abs(b - a);
}
