/**
 * Assembles the whole demo data set for one instant (the anchor) and loads it into a store, and the voyages that
 * change it afterwards (timeline/timeline.ts applies them). Built once per simulator (not per request), relative to
 * the simulator's clock at creation, so a fixed clock gives byte-identical data and the same steps.
 */
import type { ResourceObject } from '../resource.js';
import type { ResourceStore } from '../store.js';
import type { ShipmentTimeline } from '../timeline/facts.js';
import { buildCustomFields } from './custom-fields.js';
import { createDemoTime, type DemoTime } from './demo-time.js';
import { buildEmailSubmissions } from './email-submissions.js';
import { manyContainersShipment } from './many-containers.js';
import { PLACE_CODES, placeResource } from './places.js';
import { buildShipment, type ShipmentSpec } from './shipment-builder.js';
import {
  appointmentShipment,
  arrivedShipment,
  slippedEtaShipment,
  unknownTerminalDataShipment,
} from './shipments-at-port.js';
import {
  nonUuidShipment,
  onWaterShipment,
  railMoveShipment,
  trackingStoppedShipment,
} from './shipments-in-motion.js';
import { TERMINAL_KEYS, terminalResource } from './terminals.js';
import { buildTrackingRequests } from './tracking-requests.js';
import { buildVessel, VESSELS, type VesselKey } from './vessels.js';
import {
  appointmentVoyage,
  arrivedVoyage,
  manyContainersVoyage,
  slippedEtaVoyage,
} from './voyages-at-port.js';
import { nonUuidVoyage, onWaterVoyage, railMoveVoyage } from './voyages-in-motion.js';

const SHIPMENT_SPECS: ReadonlyArray<(t: DemoTime) => ShipmentSpec> = [
  slippedEtaShipment,
  arrivedShipment,
  railMoveShipment,
  trackingStoppedShipment,
  onWaterShipment,
  appointmentShipment,
  unknownTerminalDataShipment,
  manyContainersShipment,
  nonUuidShipment,
];

const VOYAGES: ReadonlyArray<(t: DemoTime) => ShipmentTimeline> = [
  slippedEtaVoyage,
  arrivedVoyage,
  railMoveVoyage,
  onWaterVoyage,
  appointmentVoyage,
  manyContainersVoyage,
  nonUuidVoyage,
];

/** What happens to the demo shipments after `anchor`, one timeline per shipment that still moves. */
export function buildDemoVoyages(anchor: Date): ShipmentTimeline[] {
  const t = createDemoTime(anchor);
  return VOYAGES.map((voyage) => voyage(t));
}

function putAll(store: ResourceStore, resources: readonly ResourceObject[]): void {
  for (const resource of resources) store.put(resource);
}

/** What every account sees alike: ports, metro areas and terminals. */
export function seedReferenceData(store: ResourceStore): void {
  putAll(store, PLACE_CODES.map(placeResource));
  putAll(store, TERMINAL_KEYS.map(terminalResource));
}

/** Fills `store` with the demo data as of `now`. */
export function seedDemoData(store: ResourceStore, now: Date): void {
  const t = createDemoTime(now);
  const put = (resources: readonly ResourceObject[]) => putAll(store, resources);
  seedReferenceData(store);
  for (const key of Object.keys(VESSELS)) {
    const { resource, positions } = buildVessel(key as VesselKey, t); // SAFETY: keys of VESSELS
    store.put(resource);
    store.setVesselPositions(resource.id, positions);
  }
  for (const build of SHIPMENT_SPECS) {
    const spec = build(t);
    const { shipment, containers } = buildShipment(spec);
    put([shipment, ...containers]);
    for (const number of spec.extraNumbers ?? []) store.addShipmentNumber(shipment.id, number);
  }
  put(buildTrackingRequests(t));
  put(buildEmailSubmissions(t));
  put(buildCustomFields(t));
}
