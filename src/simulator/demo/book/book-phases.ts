/**
 * Where a generated shipment is at the anchor instant and what happens to it next. A book is a mix, as a real one
 * is: booked but not sailed, at sea, arriving within a day or two, discharged and waiting for pickup (some on a
 * customs hold, some whose terminal has not reported yet), picked up and coming back empty, and on rail inland.
 * Every phase plays forward to the end of tracking, so a book left running keeps changing for weeks.
 */
import type { TimelineRow } from '../../timeline/facts.js';
import {
  arrivedInland,
  available,
  departed,
  emptyReturned,
  eta,
  gatedIn,
  inlandFullOut,
  lfd,
  loaded,
  railArrived,
  railUnloaded,
  releaseHold,
  trackingStopped,
} from '../../timeline/facts.js';
import type { ContainerSpec } from '../container-builder.js';
import type { DemoTime } from '../demo-time.js';
import type { ShipmentSpec } from '../shipment-builder.js';
import { arrivalChain, CUSTOMS_HOLD, midnightAfter, pickupsAndReturns, plusHours } from './arrival-chain.js';
import type { Lane } from './book-catalogue.js';
import type { Random } from './random.js';

export type BookPhase = 'booked' | 'at_sea' | 'near_arrival' | 'at_port' | 'picked_up' | 'rail';

/** The shipment's dates at the anchor (the rest of its spec is identity: numbers, carrier, customer…). */
export type PhaseDates = Pick<
  ShipmentSpec,
  | 'createdAt'
  | 'lastTrackedAt'
  | 'polEtd'
  | 'polAtd'
  | 'polOriginalEtd'
  | 'podEta'
  | 'podOriginalEta'
  | 'podAta'
  | 'destinationEta'
  | 'destinationOriginalEta'
>;

export interface PhasePlan {
  dates: PhaseDates;
  containers: ContainerSpec[];
  rows: TimelineRow[];
}

export interface PhaseInput {
  random: Random;
  t: DemoTime;
  lane: Lane;
  boxes: ReadonlyArray<Pick<ContainerSpec, 'number' | 'equipment'>>;
  podZone: string;
  /** The inland destination's zone (rail lanes only). */
  destinationZone: string | null;
}

const DAY_HOURS = 24;

/** The first of `phases` whose cumulative share passes a draw: the mix of a typical book. */
export function drawPhase(random: Random, lane: Lane): BookPhase {
  const draw = random.next();
  if (lane.rail && draw < 0.3) return 'rail';
  if (draw < 0.05) return 'booked';
  if (draw < 0.45) return 'at_sea';
  if (draw < 0.6) return 'near_arrival';
  if (draw < 0.85) return 'at_port';
  return 'picked_up';
}

const notReported = { availabilityKnown: false, terminalCheckedAt: null } as const;

/** Departed or not, the boxes are on their way: the plan is the voyage, then the arrival chain. */
function onTheWay(input: PhaseInput, phase: 'booked' | 'at_sea' | 'near_arrival'): PhasePlan {
  const { random, t, lane, boxes, podZone } = input;
  const transitHours = lane.transitDays * DAY_HOURS;
  const departureHours =
    phase === 'booked'
      ? random.int(24, 144)
      : phase === 'near_arrival'
        ? random.int(2, 40) - transitHours
        : -random.int(DAY_HOURS, transitHours - 2 * DAY_HOURS);
  const etd = t.hours(departureHours);
  const originalEta = plusHours(etd, transitHours);
  // Some lines have already moved the ETA before the anchor; others will move it while the book plays.
  const currentEta = random.chance(0.2) ? plusHours(originalEta, random.int(6, 48)) : originalEta;
  const numbers = boxes.map((box) => box.number);
  const rows: TimelineRow[] = [];
  if (phase === 'booked') {
    rows.push(
      [plusHours(etd, -random.int(20, 60)), ...numbers.map(gatedIn)],
      [plusHours(etd, -4), loaded()],
      [etd, departed()],
    );
  }
  let arrival = currentEta;
  const etaHours = (Date.parse(currentEta) - t.now.getTime()) / 3_600_000;
  if (phase !== 'near_arrival' && etaHours > 24 && random.chance(0.3)) {
    arrival = plusHours(currentEta, random.int(6, 60));
    rows.push([t.hours(random.int(1, Math.floor(etaHours) - 12)), eta(arrival)]);
  }
  rows.push(...arrivalChain(random, arrival, podZone, numbers));
  return {
    dates: {
      createdAt: plusHours(etd, -random.int(2, 10) * DAY_HOURS),
      lastTrackedAt: t.hours(-random.int(1, 6)),
      polEtd: etd,
      polOriginalEtd: etd,
      polAtd: phase === 'booked' ? null : etd,
      podEta: currentEta,
      podOriginalEta: originalEta,
    },
    containers: boxes.map((box) => ({
      ...box,
      ...notReported,
      status: phase === 'booked' ? 'new' : 'on_ship',
    })),
    rows,
  };
}

/** Discharged in the last days: most boxes ready, some held or not reported yet, a few already gone. */
function atPort(input: PhaseInput): PhasePlan {
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
function pickedUp(input: PhaseInput): PhasePlan {
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
function onRail(input: PhaseInput): PhasePlan {
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

export function planPhase(phase: BookPhase, input: PhaseInput): PhasePlan {
  switch (phase) {
    case 'booked':
    case 'at_sea':
    case 'near_arrival':
      return onTheWay(input, phase);
    case 'at_port':
      return atPort(input);
    case 'picked_up':
      return pickedUp(input);
    case 'rail':
      return onRail(input);
  }
}
