/**
 * What happens to a generated shipment from its arrival on: the vessel arrives and berths, the boxes are discharged,
 * the terminal reports them available with a last free day four days on (some after a customs scan), trucks take
 * them out over the next days, the empties come back, and tracking stops once every box is home. One function for
 * the boxes still at sea and one for those already at the terminal, so every phase of the book ends the same way.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import type { TimelineRow } from '../../timeline/facts.js';
import {
  addHold,
  arrived,
  available,
  berthed,
  discharged,
  emptyReturned,
  fullOut,
  lfd,
  notAvailable,
  releaseHold,
  trackingStopped,
} from '../../timeline/facts.js';
import { isoSeconds } from '../demo-time.js';
import type { Random } from './random.js';

const HOUR_MS = 3_600_000;

export function plusHours(iso: string, hours: number): string {
  return isoSeconds(new Date(Date.parse(iso) + hours * HOUR_MS));
}

/** Local midnight in `zone`, `days` after the local date of `iso`, as a UTC instant: how the API sends an LFD. */
export function midnightAfter(iso: string, zone: string, days: number): string {
  const [year, month, day] = formatInTimeZone(iso, zone, 'yyyy-MM-dd').split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days))
    .toISOString()
    .slice(0, 10);
  return isoSeconds(fromZonedTime(`${date}T00:00:00`, zone));
}

export const CUSTOMS_HOLD = {
  name: 'customs',
  status: 'hold',
  description: 'CBP HOLD - EXAM ORDERED',
} as const;

/** From pickup to the end of tracking: trucks take the boxes out, the empties come back, tracking stops. */
export function pickupsAndReturns(
  random: Random,
  boxes: ReadonlyArray<{ number: string; readyAt: string }>,
): TimelineRow[] {
  const rows: TimelineRow[] = [];
  let last = boxes[0]?.readyAt ?? isoSeconds(new Date(0));
  for (const box of boxes) {
    const out = plusHours(box.readyAt, random.int(6, 90));
    const back = plusHours(out, random.int(30, 150));
    rows.push([out, fullOut(box.number)], [back, emptyReturned(box.number)]);
    if (back > last) last = back;
  }
  rows.push([plusHours(last, 24), trackingStopped('all_containers_terminated')]);
  return rows;
}

/** The vessel arrives at `eta`; then discharge, availability (a customs scan on some boxes), pickups, returns. */
export function arrivalChain(
  random: Random,
  eta: string,
  podZone: string,
  numbers: readonly string[],
): TimelineRow[] {
  const dischargedAt = plusHours(eta, random.int(6, 14));
  const reportedAt = plusHours(dischargedAt, random.int(3, 8));
  const lastFreeDay = midnightAfter(reportedAt, podZone, 4);
  const scanned = numbers.filter(() => random.chance(0.15));
  const ready = numbers.filter((number) => !scanned.includes(number));
  const releasedAt = plusHours(reportedAt, random.int(8, 40));
  const rows: TimelineRow[] = [
    [eta, arrived()],
    [plusHours(eta, 2), berthed()],
    [dischargedAt, ...numbers.map(discharged)],
    [
      reportedAt,
      ...ready.flatMap((number) => [available(number), lfd(number, 'terminal', lastFreeDay)]),
      ...scanned.flatMap((number) => [
        addHold(number, { ...CUSTOMS_HOLD }),
        notAvailable(number),
        lfd(number, 'terminal', lastFreeDay),
      ]),
    ],
  ];
  if (scanned.length > 0) {
    rows.push([
      releasedAt,
      ...scanned.flatMap((number) => [releaseHold(number, 'customs'), available(number)]),
    ]);
  }
  const boxes = numbers.map((number) => ({
    number,
    readyAt: scanned.includes(number) ? releasedAt : reportedAt,
  }));
  return [...rows, ...pickupsAndReturns(random, boxes)];
}
