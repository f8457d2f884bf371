/**
 * One shipment of a generated book: who it is for (customer, tags, reference numbers), how it travels (carrier,
 * vessel, lane, boxes) and where it is now (its phase), all drawn from a random source seeded with the book's seed
 * and the shipment's index, so shipment 1,234 is the same whatever the size of the book. Bills of lading are the
 * carrier's prefix and a serial from the book's numbering; box numbers carry valid check digits and never repeat.
 */
import type { ResourceObject } from '../../resource.js';
import type { ShipmentTimeline } from '../../timeline/facts.js';
import { CARRIERS, type CarrierKey } from '../carriers.js';
import type { ContainerSpec } from '../container-builder.js';
import type { DemoTime } from '../demo-time.js';
import { stableUuid } from '../ids.js';
import { containerNumber } from '../iso6346.js';
import { place } from '../places.js';
import type { ShipmentSpec } from '../shipment-builder.js';
import { trackingRequestResource } from '../tracking-requests.js';
import { CUSTOMERS, EXTRA_TAGS, FLEETS, LANES } from './book-catalogue.js';
import { drawPhase, planPhase } from './book-phases.js';
import { type Random, seededRandom } from './random.js';

export interface BookNumbering {
  /** Seeds every draw: two books with different seeds are different books. */
  seed: string;
  /** The serial of the first bill of lading (prefixed by the carrier's BL prefix). */
  firstSerial: number;
  /** Where box serials start: books of different accounts draw from ranges apart. */
  firstContainerSerial: number;
}

export interface BookEntry {
  spec: ShipmentSpec;
  timeline: ShipmentTimeline;
  trackingRequest: ResourceObject;
}

/** Hands out container numbers that no other box in the store has. */
export class ContainerNumbers {
  constructor(
    private readonly used: Set<string>,
    private serial: number,
  ) {}

  next(owner: string): string {
    for (;;) {
      const number = containerNumber(owner, this.serial);
      this.serial += 3;
      if (!this.used.has(number)) {
        this.used.add(number);
        return number;
      }
    }
  }
}

const CARRIER_KEYS = Object.keys(FLEETS) as CarrierKey[]; // SAFETY: the keys of FLEETS are CarrierKeys.

function boxCount(random: Random): number {
  const draw = random.next();
  if (draw < 0.45) return 1;
  if (draw < 0.75) return 2;
  if (draw < 0.9) return 3;
  return random.int(4, 6);
}

function equipment(random: Random, reefer: boolean): ContainerSpec['equipment'] {
  if (reefer) return { type: 'reefer', length: 40, height: 'high_cube' };
  const draw = random.next();
  if (draw < 0.7) return { type: 'dry', length: 40, height: 'high_cube' };
  if (draw < 0.8) return { type: 'dry', length: 40, height: 'standard' };
  return { type: 'dry', length: 20, height: 'standard' };
}

export function bookEntry(
  index: number,
  numbering: BookNumbering,
  t: DemoTime,
  numbers: ContainerNumbers,
): BookEntry {
  const random = seededRandom(`${numbering.seed}|${index}`);
  const carrier = random.pick(CARRIER_KEYS);
  const fleet = FLEETS[carrier];
  const lane = random.pick(LANES);
  const customer = random.pick(CUSTOMERS);
  const reefer = customer.tags.includes('reefer') && random.chance(0.8);
  const tags = [...customer.tags, ...(random.chance(0.25) ? [random.pick(EXTRA_TAGS)] : [])];
  const refNumbers = [
    `PO-${random.int(10_000, 99_999)}`,
    ...(random.chance(0.3) ? [`SO-${random.int(10_000, 99_999)}`] : []),
  ];
  const boxes = Array.from({ length: boxCount(random) }, () => ({
    number: numbers.next(random.pick(fleet.owners)),
    equipment: equipment(random, reefer),
  }));
  const serial = String(numbering.firstSerial + index).padStart(9, '0');
  const id = stableUuid(`book|${numbering.seed}|shipment|${index}`);
  const plan = planPhase(drawPhase(random, lane), {
    random,
    t,
    lane,
    boxes,
    podZone: place(lane.pod).timeZone,
    destinationZone: lane.rail ? place(lane.rail.destination).timeZone : null,
  });
  const spec: ShipmentSpec = {
    id,
    bl: `${fleet.blPrefix}${serial}`,
    normalized: serial,
    carrier,
    pol: lane.pol,
    pod: lane.pod,
    podTerminal: lane.podTerminal,
    ...(lane.rail ? { destination: lane.rail.destination, destinationTerminal: lane.rail.terminal } : {}),
    vessel: random.pick(fleet.vessels),
    voyage: `${random.int(10, 99)}${random.pick(['E', 'W', 'N', 'S'])}`,
    customer: customer.name,
    refNumbers,
    tags: [...new Set(tags)],
    ...plan.dates,
    containers: plan.containers,
  };
  const trackingRequest = trackingRequestResource({
    id: stableUuid(`book|${numbering.seed}|tracking_request|${index}`),
    number: spec.bl,
    type: 'bill_of_lading',
    scac: CARRIERS[carrier].scac,
    status: 'created',
    refNumbers,
    tags: spec.tags ?? [],
    shipmentId: id,
    createdAt: spec.createdAt,
    updatedAt: spec.createdAt,
  });
  return { spec, timeline: { shipmentId: id, rows: plan.rows }, trackingRequest };
}
