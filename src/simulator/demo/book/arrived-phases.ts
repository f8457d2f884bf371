/**
 * The phases of a generated shipment that has already arrived: discharged and waiting for pickup, picked up and
 * coming back empty, or carried on by rail to an inland terminal. Each plays forward to the end of tracking.
 */
import type { TimelineRow } from '../../timeline/facts.js';
import {
  arrivedInland,
  available,
  emptyReturned,
  inlandFullOut,
  lfd,
  railArrived,
  railUnloaded,
  releaseHold,
  trackingStopped,
} from '../../timeline/facts.js';
import type { ContainerSpec } from '../container-builder.js';
import { CUSTOMS_HOLD, midnightAfter, pickupsAndReturns, plusHours } from './arrival-chain.js';
import type { PhaseDates, PhaseInput, PhasePlan } from './book-phases.js';

const DAY_HOURS = 24;

/** Discharged in the last days: most boxes ready, some held or not reported yet, a few already gone. */
export function atPort(input: PhaseInput): PhasePlan {
  const { random, t, lane, boxes, podZone } = input;
  const ata = t.hours(-random.int(12, 96));
  const dischargedAt = plusHours(ata, random.int(6, 12));
  const lastFreeDay = midnightAfter(dischargedAt, podZone, 4);
  const containers: ContainerSpec[] = [];
  const rows: TimelineRow[] = [];
  const waiting: Array<{ number: string; readyAt: string }> = [];
  for (const box of boxes) {
    const base = { ...box, podArrivedAt: ata, podDischargedAt: dischargedAt };
    const draw = random.next();
    if (draw < 0.15) {
      const releasedAt = t.hours(random.int(2, 30));
      containers.push({
        ...base,
        status: 'not_available',
        availableForPickup: false,
        holds: [{ ...CUSTOMS_HOLD }],
        lfd: { terminal: lastFreeDay },
      });
      rows.push([releasedAt, releaseHold(box.number, 'customs'), available(box.number)]);
      waiting.push({ number: box.number, readyAt: releasedAt });
    } else if (draw < 0.25) {
      const reportedAt = t.hours(random.int(1, 10));
      containers.push({ ...base, status: 'grounded', availableForPickup: null });
      rows.push([reportedAt, available(box.number), lfd(box.number, 'terminal', lastFreeDay)]);
      waiting.push({ number: box.number, readyAt: reportedAt });
    } else if (draw < 0.35) {
      containers.push({
        ...base,
        status: 'picked_up',
        availableForPickup: false,
        lfd: { terminal: lastFreeDay },
        podFullOutAt: t.hours(-random.int(1, 10)),
      });
      rows.push([t.hours(random.int(10, 80)), emptyReturned(box.number)]);
    } else {
      containers.push({
        ...base,
        status: 'available',
        availableForPickup: true,
        lfd: { terminal: lastFreeDay },
        location: `Yard - ${String.fromCharCode(65 + random.int(0, 7))}${random.int(1000, 9999)}`,
      });
      waiting.push({ number: box.number, readyAt: t.hours(0) });
    }
  }
  if (waiting.length > 0) rows.push(...pickupsAndReturns(random, waiting));
  else rows.push([t.hours(90), trackingStopped('all_containers_terminated')]);
  return {
    dates: arrivedDates(input, ata, lane.transitDays),
    containers,
    rows,
  };
}

/** Picked up days ago: the empties come back over the next days, then tracking stops. */
export function pickedUp(input: PhaseInput): PhasePlan {
  const { random, t, lane, boxes } = input;
  const ata = t.hours(-random.int(120, 288));
  const dischargedAt = plusHours(ata, 8);
  let last = t.hours(1);
  const rows: TimelineRow[] = [];
  const containers = boxes.map((box): ContainerSpec => {
    const out = plusHours(dischargedAt, random.int(24, 96));
    const base = { ...box, podArrivedAt: ata, podDischargedAt: dischargedAt, podFullOutAt: out };
    if (random.chance(0.4)) {
      return {
        ...base,
        status: 'empty_returned',
        availableForPickup: false,
        emptyTerminatedAt: plusHours(out, 48),
      };
    }
    const back = t.hours(random.int(4, 120));
    if (back > last) last = back;
    rows.push([back, emptyReturned(box.number)]);
    return { ...base, status: 'picked_up', availableForPickup: false };
  });
  rows.push([plusHours(last, 24), trackingStopped('all_containers_terminated')]);
  return { dates: arrivedDates(input, ata, lane.transitDays), containers, rows };
}

/** Discharged at the port and on a train inland: arrives, is unloaded, then picked up at the rail terminal. */
export function onRail(input: PhaseInput): PhasePlan {
  const { random, t, lane, boxes, destinationZone } = input;
  const rail = lane.rail;
  const zone = destinationZone ?? input.podZone;
  const ata = t.hours(-random.int(48, 100));
  const dischargedAt = plusHours(ata, 8);
  const railArrival = t.hours(random.int(6, 72));
  const rows: TimelineRow[] = [];
  const waiting: Array<{ number: string; readyAt: string }> = [];
  for (const box of boxes) {
    const unloadedAt = plusHours(railArrival, random.int(1, 4));
    const readyAt = plusHours(unloadedAt, random.int(4, 10));
    rows.push(
      [railArrival, railArrived(box.number)],
      [unloadedAt, railUnloaded(box.number), arrivedInland(box.number)],
      [readyAt, available(box.number), lfd(box.number, 'rail', midnightAfter(readyAt, zone, 3))],
    );
    waiting.push({ number: box.number, readyAt });
  }
  for (const row of pickupsAndReturns(random, waiting)) {
    const [at, fact] = row;
    // Picked up at the rail terminal, not the port: the inland full-out milestone.
    rows.push(fact?.kind === 'full_out' ? [at, inlandFullOut(fact.container)] : row);
  }
  return {
    dates: {
      ...arrivedDates(input, ata, lane.transitDays),
      destinationEta: railArrival,
      destinationOriginalEta: railArrival,
    },
    containers: boxes.map((box) => ({
      ...box,
      status: 'on_rail',
      podArrivedAt: ata,
      podDischargedAt: dischargedAt,
      podRailLoadedAt: plusHours(dischargedAt, random.int(12, 30)),
      podRailDepartedAt: plusHours(dischargedAt, random.int(31, 40)),
      indEtaAt: railArrival,
      railCarrierScac: rail?.railScac ?? null,
    })),
    rows,
  };
}

function arrivedDates({ random, t }: PhaseInput, ata: string, transitDays: number): PhaseDates {
  const atd = plusHours(ata, -transitDays * DAY_HOURS);
  return {
    createdAt: plusHours(atd, -random.int(2, 10) * DAY_HOURS),
    lastTrackedAt: t.hours(-random.int(1, 6)),
    polEtd: atd,
    polOriginalEtd: atd,
    polAtd: atd,
    podEta: ata,
    podOriginalEta: ata,
    podAta: ata,
  };
}
