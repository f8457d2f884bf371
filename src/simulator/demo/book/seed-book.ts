/**
 * A large book of business on top of an account's data (`shipwatch simulator --book N`, `createSimulator({book})`):
 * N more tracked shipments, each with its tracking request and its timeline, built once at the anchor. Resources
 * are built one shipment at a time and only the store keeps them, so 10,000 shipments cost what their JSON:API
 * resources cost and no more.
 */
import type { ResourceObject } from '../../resource.js';
import type { ResourceStore } from '../../store.js';
import type { ShipmentTimeline } from '../../timeline/facts.js';
import type { DemoTime } from '../demo-time.js';
import { stableUuid } from '../ids.js';
import { buildShipment, type VesselIdentity } from '../shipment-builder.js';
import { FLEETS } from './book-catalogue.js';
import { type BookNumbering, bookEntry, ContainerNumbers } from './book-entry.js';

export interface BookOptions extends BookNumbering {
  count: number;
}

/** A vessel of a generated shipment: named and numbered, its position not reported. */
export function vesselResource(vessel: VesselIdentity): ResourceObject {
  const id = stableUuid(`vessel:${vessel.imo}`);
  return {
    id,
    type: 'vessel',
    attributes: {
      name: vessel.name,
      imo: vessel.imo,
      mmsi: null,
      latitude: null,
      longitude: null,
      nautical_speed_knots: null,
      navigational_heading_degrees: null,
      position_timestamp: null,
    },
    links: { self: `/v2/vessels/${id}` },
  };
}

function fleetVessels(): ResourceObject[] {
  return Object.values(FLEETS).flatMap((fleet) => fleet.vessels.map(vesselResource));
}

/** Adds the book to `store`; returns the timelines that play it forward. */
export function seedBook(store: ResourceStore, t: DemoTime, options: BookOptions): ShipmentTimeline[] {
  if (options.count <= 0) return [];
  for (const vessel of fleetVessels()) if (!store.get('vessel', vessel.id)) store.put(vessel);
  const used = new Set(store.list('container').map((container) => String(container.attributes.number)));
  const numbers = new ContainerNumbers(used, options.firstContainerSerial);
  const timelines: ShipmentTimeline[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const entry = bookEntry(index, options, t, numbers);
    const { shipment, containers } = buildShipment(entry.spec);
    store.put(shipment);
    for (const container of containers) store.put(container);
    store.put(entry.trackingRequest);
    timelines.push(entry.timeline);
  }
  return timelines;
}
