/**
 * The shipment a succeeded tracking request creates: its carrier is the request's, its number the request's (a
 * container request gets a bill of lading of the carrier and that one box), and it travels like a generated book
 * entry — a booking not yet sailed, anything else at sea — drawn from a random source seeded by the request, so the
 * same request always finds the same shipment. Terminal49's test carrier simulates no milestones: its shipment
 * does not move.
 */

import { FLEETS, LANES } from '../demo/book/book-catalogue.js';
import { ContainerNumbers } from '../demo/book/book-entry.js';
import { planPhase } from '../demo/book/book-phases.js';
import { seededRandom } from '../demo/book/random.js';
import { vesselResource } from '../demo/book/seed-book.js';
import { CARRIERS, type Carrier, type CarrierKey } from '../demo/carriers.js';
import { createDemoTime, isoSeconds } from '../demo/demo-time.js';
import { stableUuid } from '../demo/ids.js';
import { imoNumber } from '../demo/iso6346.js';
import { place } from '../demo/places.js';
import { buildShipment, type VesselIdentity } from '../demo/shipment-builder.js';
import { shippingLineByScac } from '../demo/shipping-lines.js';
import type { ResourceObject } from '../resource.js';
import type { ResourceStore } from '../store.js';
import type { ShipmentTimeline } from '../timeline/facts.js';

export interface TrackedShipmentRequest {
  id: string;
  number: string;
  type: 'bill_of_lading' | 'booking_number' | 'container';
  scac: string;
  refNumbers: string[];
  tags: string[];
  /** The company name of the request's customer party, if it names one. */
  customer: string | null;
}

export interface TrackedShipment {
  shipment: ResourceObject;
  containers: ResourceObject[];
  /** What happens to it next (null for the test carrier). */
  timeline: ShipmentTimeline | null;
}

interface Fleet {
  blPrefix: string;
  owners: readonly string[];
  vessels: readonly VesselIdentity[];
}

function carrierOf(scac: string): { carrier: Carrier; fleet: Fleet } {
  const line = shippingLineByScac(scac);
  const key = (Object.keys(CARRIERS) as CarrierKey[]).find((k) => CARRIERS[k].scac === line?.scac); // SAFETY: keys.
  const carrier = { scac: line?.scac ?? scac, name: line?.name ?? scac, shortName: line?.shortName ?? scac };
  if (key) return { carrier, fleet: FLEETS[key] };
  let hash = 0;
  for (const char of carrier.scac) hash = (hash * 31 + char.charCodeAt(0)) % 100_000;
  return {
    carrier,
    fleet: {
      blPrefix: carrier.scac,
      owners: [`${carrier.scac.slice(0, 3)}U`],
      vessels: [
        { name: `${carrier.shortName.toUpperCase()} PIONEER`, imo: imoNumber(String(900_000 + hash)) },
      ],
    },
  };
}

export function buildTrackedShipment(
  store: ResourceStore,
  now: Date,
  request: TrackedShipmentRequest,
): TrackedShipment {
  const random = seededRandom(`tracked|${request.id}`);
  const t = createDemoTime(now);
  const { carrier, fleet } = carrierOf(request.scac);
  const lane = random.pick(LANES.filter((candidate) => !candidate.rail));
  const used = new Set(store.list('container').map((container) => String(container.attributes.number)));
  const numbers = new ContainerNumbers(used, 900_000);
  const boxes =
    request.type === 'container'
      ? [request.number]
      : Array.from({ length: random.int(1, 3) }, () => numbers.next(random.pick(fleet.owners)));
  const serial = String(random.int(100_000_000, 999_999_999));
  const bl = request.type === 'container' ? `${fleet.blPrefix}${serial}` : request.number;
  const plan = planPhase(request.type === 'booking_number' ? 'booked' : 'at_sea', {
    random,
    t,
    lane,
    // Ids of their own: a box re-tracked after its old shipment stopped must not replace the old one's container.
    boxes: boxes.map((number) => ({
      number,
      id: stableUuid(`tracked|${request.id}|${number}`),
      equipment: { type: 'dry', length: 40, height: 'high_cube' },
    })),
    podZone: place(lane.pod).timeZone,
    destinationZone: null,
  });
  const vessel = random.pick(fleet.vessels);
  if (!store.findVessel(vessel.imo)) store.put(vesselResource(vessel));
  const nowIso = isoSeconds(now);
  const id = stableUuid(`tracked|${request.id}`);
  const { shipment, containers } = buildShipment({
    id,
    bl,
    normalized: bl.startsWith(fleet.blPrefix) ? bl.slice(fleet.blPrefix.length) : bl,
    carrier,
    pol: lane.pol,
    pod: lane.pod,
    podTerminal: lane.podTerminal,
    vessel,
    voyage: `${random.int(10, 99)}${random.pick(['E', 'W'])}`,
    customer: request.customer,
    refNumbers: request.refNumbers,
    tags: request.tags,
    ...plan.dates,
    createdAt: nowIso,
    lastTrackedAt: nowIso,
    containers: plan.containers,
  });
  const moves = carrier.scac !== 'TEST';
  return { shipment, containers, timeline: moves ? { shipmentId: id, rows: plan.rows } : null };
}
