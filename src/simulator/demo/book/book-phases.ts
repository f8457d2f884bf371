/**
 * Where a generated shipment is at the anchor instant and what happens to it next. A book is a mix, as a real one
 * is: booked but not sailed, at sea, arriving within a day or two, discharged and waiting for pickup (some on a
 * customs hold, some whose terminal has not reported yet), picked up and coming back empty, and on rail inland.
 * Every phase plays forward to the end of tracking, so a book left running keeps changing for weeks.
 */
import type { TimelineRow } from '../../timeline/facts.js';
import { departed, eta, gatedIn, loaded } from '../../timeline/facts.js';
import type { ContainerSpec } from '../container-builder.js';
import type { DemoTime } from '../demo-time.js';
import type { ShipmentSpec } from '../shipment-builder.js';
import { arrivalChain, plusHours } from './arrival-chain.js';
import { atPort, onRail, pickedUp } from './arrived-phases.js';
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
  boxes: ReadonlyArray<Pick<ContainerSpec, 'number' | 'equipment' | 'id'>>;
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
