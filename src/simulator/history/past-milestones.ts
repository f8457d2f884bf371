/**
 * The transport events a container had before the simulator started watching it (the anchor, or the moment a
 * tracking request created it), read back from the milestone timestamps its attributes carry. Derived on demand
 * rather than stored: a book of 10,000 shipments would otherwise hold a hundred thousand events nobody asks for.
 * Only milestones at or before the cutoff are derived; later ones were announced by the timeline and are logged.
 */
import { stableUuid } from '../demo/ids.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import type { ResourceStore } from '../store.js';
import { type Leg, transportEventOf } from '../timeline/event-resources.js';

const HOUR_MS = 3_600_000;

interface Milestone {
  event: string;
  leg: Leg;
  /** Where the timestamp is: on the container, or on its shipment. */
  on: 'container' | 'shipment';
  attribute: string;
  /** Hours before the timestamp the event happened (loading precedes the departure the line reports). */
  hoursBefore?: number;
}

const MILESTONES: readonly Milestone[] = [
  {
    event: 'container.transport.vessel_loaded',
    leg: 'lading',
    on: 'shipment',
    attribute: 'pol_atd_at',
    hoursBefore: 8,
  },
  { event: 'container.transport.vessel_departed', leg: 'lading', on: 'shipment', attribute: 'pol_atd_at' },
  {
    event: 'container.transport.vessel_arrived',
    leg: 'discharge',
    on: 'container',
    attribute: 'pod_arrived_at',
  },
  {
    event: 'container.transport.vessel_discharged',
    leg: 'discharge',
    on: 'container',
    attribute: 'pod_discharged_at',
  },
  {
    event: 'container.transport.rail_loaded',
    leg: 'discharge',
    on: 'container',
    attribute: 'pod_rail_loaded_at',
  },
  {
    event: 'container.transport.rail_departed',
    leg: 'discharge',
    on: 'container',
    attribute: 'pod_rail_departed_at',
  },
  { event: 'container.transport.rail_arrived', leg: 'inland', on: 'container', attribute: 'ind_ata_at' },
  {
    event: 'container.transport.rail_unloaded',
    leg: 'inland',
    on: 'container',
    attribute: 'ind_rail_unloaded_at',
  },
  { event: 'container.transport.full_out', leg: 'discharge', on: 'container', attribute: 'pod_full_out_at' },
  {
    event: 'container.transport.full_out',
    leg: 'inland',
    on: 'container',
    attribute: 'final_destination_full_out_at',
  },
  {
    event: 'container.transport.empty_in',
    leg: 'discharge',
    on: 'container',
    attribute: 'empty_terminated_at',
  },
];

export function pastMilestoneId(containerId: string, event: string, leg: Leg): string {
  return stableUuid(`transport_event|past|${containerId}|${event}|${leg}`);
}

/** The container's milestones at or before `cutoffMs`, oldest first. */
export function pastMilestones(
  store: ResourceStore,
  container: ResourceObject,
  cutoffMs: number,
): ResourceObject[] {
  const [shipmentRef] = relatedIdentifiers(container.relationships?.shipment);
  const shipment = shipmentRef ? store.get('shipment', shipmentRef.id) : undefined;
  if (!shipment) return [];
  const events: ResourceObject[] = [];
  for (const milestone of MILESTONES) {
    const source = milestone.on === 'container' ? container : shipment;
    const value = source.attributes[milestone.attribute];
    if (typeof value !== 'string') continue;
    const atMs = Date.parse(value) - (milestone.hoursBefore ?? 0) * HOUR_MS;
    if (Number.isNaN(atMs) || atMs > cutoffMs) continue;
    const at = `${new Date(atMs).toISOString().slice(0, 19)}Z`;
    // An empty return inland (after a rail leg) is at the destination, not the port.
    const leg =
      milestone.event.endsWith('empty_in') && container.attributes.ind_ata_at != null
        ? 'inland'
        : milestone.leg;
    events.push(
      transportEventOf(
        { store, shipment, at },
        {
          id: pastMilestoneId(container.id, milestone.event, leg),
          event: milestone.event,
          container,
          timestamp: at,
          leg,
        },
      ),
    );
  }
  return events.sort((a, b) => String(a.attributes.timestamp).localeCompare(String(b.attributes.timestamp)));
}
