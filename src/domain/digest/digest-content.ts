/**
 * What a channel's daily digest says (docs/domain-rules.md#daily-digests), from the stored snapshots of the shipments
 * the channel watches and the changes recorded for them since the last digest: boxes whose last free day has passed,
 * is today or is the next working day (read in the LFD's own zone, as the attention tiers read it), boxes available
 * for pickup, boxes on hold, shipments arriving today or tomorrow (in the port's zone), and what changed. Pure: the
 * caller brings the snapshots, the changes, an instant of its injected clock and the channel's working week.
 */

import type { ZonedTimestamp } from '../../tracking/models.js';
import { addDays, nextWorkingDay, type WorkingWeek } from '../attention/working-week.js';
import type { WatchChange } from '../changes/change.js';
import { earliestLfd, type LfdDate, type ShipmentSnapshot } from '../changes/snapshot.js';
import { compareCalendarDates, daysBetween, parseDateOnly, parseInstant } from '../time/calendar.js';
import { calendarDateOf, todayIn } from '../time/today.js';

/** One watched shipment of the channel, as stored. */
export interface DigestShipment {
  shipmentId: string;
  shipmentNumber: string;
  /** Its stored snapshot; null before the first reading. */
  snapshot: ShipmentSnapshot | null;
  /** Changes recorded for this channel's watch since the last digest, oldest first. */
  changes: readonly WatchChange[];
  /** The watched card, where the digest links to. */
  card: { channelId: string; ts: string } | null;
}

export interface DigestBox {
  shipmentId: string;
  shipmentNumber: string;
  containerNumber: string;
  lfd: LfdDate | null;
  holds: readonly string[];
  card: DigestShipment['card'];
}

export interface DigestArrival {
  shipmentId: string;
  shipmentNumber: string;
  eta: ZonedTimestamp;
  port: string | null;
  card: DigestShipment['card'];
}

export interface DigestChanges {
  shipmentNumber: string;
  changes: readonly WatchChange[];
  card: DigestShipment['card'];
}

export interface DigestContent {
  lfdPassed: DigestBox[];
  lfdToday: DigestBox[];
  lfdNextWorkingDay: DigestBox[];
  availableForPickup: DigestBox[];
  onHold: DigestBox[];
  arrivingToday: DigestArrival[];
  arrivingTomorrow: DigestArrival[];
  changed: DigestChanges[];
  /** How many shipments the channel watches (with or without anything to say). */
  watched: number;
}

/** The sections that make a digest worth sending (the count of watched shipments alone does not). */
export const DIGEST_SECTIONS = [
  'lfdPassed',
  'lfdToday',
  'lfdNextWorkingDay',
  'availableForPickup',
  'onHold',
  'arrivingToday',
  'arrivingTomorrow',
  'changed',
] as const satisfies ReadonlyArray<keyof DigestContent>;

export function digestContent(
  shipments: readonly DigestShipment[],
  nowMs: number,
  week: WorkingWeek,
): DigestContent {
  const content: DigestContent = {
    lfdPassed: [],
    lfdToday: [],
    lfdNextWorkingDay: [],
    availableForPickup: [],
    onHold: [],
    arrivingToday: [],
    arrivingTomorrow: [],
    changed: [],
    watched: shipments.length,
  };
  for (const shipment of shipments) {
    if (shipment.changes.length > 0)
      content.changed.push({
        shipmentNumber: shipment.shipmentNumber,
        changes: shipment.changes,
        card: shipment.card,
      });
    const snapshot = shipment.snapshot;
    // Tracking stopped: nobody refreshes its data, so no deadline or arrival can be claimed from it.
    if (snapshot === null || snapshot.trackingStopped !== null) continue;
    for (const container of snapshot.containers) {
      if (container.pickedUp) continue;
      const lfd = earliestLfd(container);
      const box: DigestBox = {
        shipmentId: shipment.shipmentId,
        shipmentNumber: shipment.shipmentNumber,
        containerNumber: container.number,
        lfd,
        holds: container.holds,
        card: shipment.card,
      };
      const lfdSection = lfdSectionOf(lfd, nowMs, week);
      if (lfdSection !== null) content[lfdSection].push(box);
      if (container.holds.length > 0) content.onHold.push(box);
      else if (container.availability === 'ready') content.availableForPickup.push(box);
    }
    const arrival = arrivalDay(snapshot, nowMs);
    if (arrival !== null && snapshot.eta !== null) {
      const item: DigestArrival = {
        shipmentId: shipment.shipmentId,
        shipmentNumber: shipment.shipmentNumber,
        eta: snapshot.eta,
        port: snapshot.portOfDischarge,
        card: shipment.card,
      };
      (arrival === 0 ? content.arrivingToday : content.arrivingTomorrow).push(item);
    }
  }
  const byLfd = (a: DigestBox, b: DigestBox) =>
    (a.lfd?.date ?? '').localeCompare(b.lfd?.date ?? '') ||
    a.containerNumber.localeCompare(b.containerNumber);
  for (const list of [
    content.lfdPassed,
    content.lfdToday,
    content.lfdNextWorkingDay,
    content.availableForPickup,
  ])
    list.sort(byLfd);
  const byEta = (a: DigestArrival, b: DigestArrival) =>
    (parseInstant(a.eta.at) ?? 0) - (parseInstant(b.eta.at) ?? 0);
  content.arrivingToday.sort(byEta);
  content.arrivingTomorrow.sort(byEta);
  return content;
}

/** Nothing to say: every section empty (a digest is then skipped, unless someone asked for it). */
export function isEmptyDigest(content: DigestContent): boolean {
  return DIGEST_SECTIONS.every((name) => content[name].length === 0);
}

type LfdSection = 'lfdPassed' | 'lfdToday' | 'lfdNextWorkingDay';

function lfdSectionOf(lfd: LfdDate | null, nowMs: number, week: WorkingWeek): LfdSection | null {
  const date = lfd ? parseDateOnly(lfd.date) : null;
  if (lfd === null || date === null) return null;
  const today = todayIn(lfd.timeZone, nowMs);
  const daysLeft = daysBetween(today, date);
  if (daysLeft < 0) return 'lfdPassed';
  if (daysLeft === 0) return 'lfdToday';
  return compareCalendarDates(date, nextWorkingDay(today, week)) <= 0 ? 'lfdNextWorkingDay' : null;
}

/** 0 when the shipment arrives today, 1 tomorrow (dates in the port's zone), null otherwise or once it arrived. */
function arrivalDay(snapshot: ShipmentSnapshot, nowMs: number): 0 | 1 | null {
  if (snapshot.arrivedAt !== null || snapshot.eta === null) return null;
  const zone = snapshot.eta.timeZone ?? snapshot.podTimeZone;
  const etaDate = calendarDateOf(snapshot.eta.at, zone);
  if (etaDate === null) return null;
  const today = todayIn(zone, nowMs);
  if (compareCalendarDates(etaDate, today) === 0) return 0;
  return compareCalendarDates(etaDate, addDays(today, 1)) === 0 ? 1 : null;
}
