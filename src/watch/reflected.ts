/**
 * Whether the stored snapshot already shows what a webhook notification reports, so re-fetching the shipment for it
 * would learn nothing (docs/terminal49-webhooks.md: container events come once per container; ten boxes discharged
 * together are ten notifications, and the first re-fetch already shows all ten). Only milestones the snapshot records
 * can be proven this way; anything else (`container.updated`, LFDs, estimates, …) is always re-fetched.
 */
import type { ContainerSnapshot, ShipmentSnapshot } from '../domain/changes/index.js';

const CONTAINER_MILESTONES: Readonly<Record<string, (box: ContainerSnapshot) => boolean>> = {
  'container.transport.vessel_discharged': (box) => box.dischargedAt !== null,
  'container.transport.full_out': (box) => box.pickedUp || box.phase === 'inland' || box.phase === 'off_dock',
  'container.transport.empty_in': (box) => box.emptyReturnedAt !== null,
  'container.transport.available': (box) => box.availability === 'ready',
  'container.transport.rail_loaded': (box) => box.railLoadedAt !== null,
  'container.transport.rail_departed': (box) => box.railLoadedAt !== null,
  'container.transport.rail_arrived': (box) => box.railArrivedAt !== null,
  'container.transport.rail_unloaded': (box) => box.inlandArrivedAt !== null,
  'container.transport.arrived_at_inland_destination': (box) => box.inlandArrivedAt !== null,
};

const SHIPMENT_MILESTONES: Readonly<Record<string, (snapshot: ShipmentSnapshot) => boolean>> = {
  'container.transport.vessel_arrived': (snapshot) => snapshot.arrivedAt !== null,
  'container.transport.vessel_departed': (snapshot) => snapshot.departedAt !== null,
  'container.transport.vessel_berthed': (snapshot) => snapshot.berthedAt !== null,
};

export function isReflected(snapshot: ShipmentSnapshot, event: string, containerId: string | null): boolean {
  const shipmentLevel = SHIPMENT_MILESTONES[event];
  if (shipmentLevel) return shipmentLevel(snapshot);
  const containerLevel = CONTAINER_MILESTONES[event];
  if (!containerLevel || containerId === null) return false;
  const box = snapshot.containers.find((container) => container.id === containerId);
  return box !== undefined && containerLevel(box);
}
