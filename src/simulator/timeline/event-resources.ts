/**
 * The resources a webhook notification points at and carries: `transport_event` (milestones, LFD and appointment
 * changes, container estimates), `estimated_event` (`shipment.estimated.arrival`) and `container_updated_event`
 * (`container.updated`), each with the `included` the real API sends. The minimal-payload events carry only the
 * event itself, so a receiver has to re-fetch the container or shipment (docs/terminal49-webhooks.md).
 */
import { type ResourceObject, relatedIdentifiers, snapshot, toOne } from '../resource.js';
import type { ResourceStore } from '../store.js';

export interface EventContext {
  store: ResourceStore;
  shipment: ResourceObject;
  at: string;
}

export interface EventSpec {
  id: string;
  event: string;
  container: ResourceObject | null;
  changeset?: Record<string, [unknown, unknown]> | undefined;
  timestamp?: unknown;
  /** Where it happened, when the event's name and the box's attributes cannot tell (a full-out at the port of a box later picked up inland). */
  leg?: Leg;
}

export interface EventPayload {
  reference: ResourceObject;
  included: ResourceObject[];
}

/**
 * Events Terminal49 sends as minimal payloads: its own examples of them name only the transport event (and the
 * webhook), so `included` carries the event alone and the receiver completes it with one request
 * (`GET /webhook_notifications/{id}?include=…`, or a re-fetch of the container or shipment the event names). The
 * inland estimate is in the set because the documentation groups the three container estimates together.
 */
const MINIMAL_PAYLOAD_EVENTS: ReadonlySet<string> = new Set([
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.delivered',
  'container.transport.estimated.vessel_arrived',
  'container.transport.estimated.vessel_departed',
  'container.transport.estimated.arrived_at_inland_destination',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_lfd_rail.changed',
  'container.pickup_appointment.changed',
]);

export function isMinimalPayloadEvent(event: string): boolean {
  return MINIMAL_PAYLOAD_EVENTS.has(event);
}

/** LFD events: the transport event's `value` carries the new last free day, as live transport events do. */
function isLfdEvent(event: string): boolean {
  return event.startsWith('container.pickup_lfd');
}

const AT_LADING = new Set([
  'container.transport.full_in',
  'container.transport.vessel_loaded',
  'container.transport.vessel_departed',
  'container.transport.estimated.vessel_departed',
]);

const INLAND = new Set([
  'container.transport.rail_arrived',
  'container.transport.rail_unloaded',
  'container.transport.arrived_at_inland_destination',
  'container.transport.estimated.arrived_at_inland_destination',
  'container.pickup_lfd_rail.changed',
]);

const FROM_TERMINAL = new Set([
  'container.transport.vessel_discharged',
  'container.transport.available',
  'container.transport.not_available',
  'container.transport.full_out',
  'container.transport.empty_in',
  'container.pickup_lfd.changed',
  'container.pickup_lfd_terminal.changed',
  'container.pickup_appointment.changed',
]);

export type Leg = 'lading' | 'discharge' | 'inland';

function legOf(event: string, container: ResourceObject | null): Leg {
  if (AT_LADING.has(event)) return 'lading';
  if (INLAND.has(event)) return 'inland';
  const attributes = container?.attributes ?? {};
  if (event === 'container.transport.full_out' && attributes.final_destination_full_out_at != null)
    return 'inland';
  // Once a box has come in by rail, the terminal events that follow are at the inland rail terminal.
  if (AT_THE_TERMINAL.has(event) && attributes.ind_ata_at != null) return 'inland';
  return 'discharge';
}

const AT_THE_TERMINAL = new Set([
  'container.transport.empty_in',
  'container.transport.available',
  'container.transport.not_available',
  'container.pickup_lfd.changed',
  'container.pickup_lfd_line.changed',
  'container.pickup_appointment.changed',
]);

/** Events on a train: no vessel carries the box. */
function onRail(event: string): boolean {
  return event.startsWith('container.transport.rail_');
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function firstRef(resource: ResourceObject | null | undefined, name: string) {
  return relatedIdentifiers(resource?.relationships?.[name])[0] ?? null;
}

interface Place {
  location: { id: string; type: string } | null;
  terminal: { id: string; type: string } | null;
  locode: string | null;
  timezone: string | null;
}

function placeOf(context: EventContext, leg: Leg, container: ResourceObject | null): Place {
  const { shipment } = context;
  const attributes = shipment.attributes;
  if (leg === 'lading') {
    return {
      location: firstRef(shipment, 'port_of_lading'),
      terminal: null,
      locode: text(attributes.port_of_lading_locode),
      timezone: text(attributes.pol_timezone),
    };
  }
  if (leg === 'inland') {
    return {
      location: firstRef(shipment, 'destination'),
      terminal: firstRef(container, 'pickup_facility') ?? firstRef(shipment, 'destination_terminal'),
      locode: text(attributes.destination_locode),
      timezone: text(attributes.destination_timezone),
    };
  }
  return {
    location: firstRef(shipment, 'port_of_discharge'),
    terminal: firstRef(container, 'pod_terminal') ?? firstRef(shipment, 'pod_terminal'),
    locode: text(attributes.port_of_discharge_locode),
    timezone: text(attributes.pod_timezone),
  };
}

function vesselOf(context: EventContext): ResourceObject | undefined {
  const imo = text(context.shipment.attributes.pod_vessel_imo);
  return imo ? context.store.findVessel(imo) : undefined;
}

/** Copies of the resources `refs` name that exist, in order, without repeats. */
function copies(
  store: ResourceStore,
  refs: ReadonlyArray<{ id: string; type: string } | null>,
): ResourceObject[] {
  const seen = new Set<string>();
  return refs.flatMap((ref) => {
    if (!ref || seen.has(`${ref.type}:${ref.id}`)) return [];
    seen.add(`${ref.type}:${ref.id}`);
    const resource = store.get(ref.type, ref.id);
    return resource ? [snapshot(resource)] : [];
  });
}

const ref = (resource: ResourceObject | null | undefined) =>
  resource ? { id: resource.id, type: resource.type } : null;

function containerUpdated(context: EventContext, spec: EventSpec): EventPayload {
  const { container } = spec;
  const place = placeOf(context, 'discharge', container);
  const reference: ResourceObject = {
    id: spec.id,
    type: 'container_updated_event',
    attributes: {
      changeset: spec.changeset ?? {},
      timestamp: context.at,
      timezone: place.timezone,
      data_source: 'terminal',
    },
    relationships: {
      container: { data: ref(container) },
      terminal: { data: place.terminal },
    },
  };
  const included = copies(context.store, [ref(container), ref(context.shipment), place.terminal]);
  return { reference, included: [reference, ...included] };
}

function estimatedArrival(context: EventContext, spec: EventSpec): EventPayload {
  const place = placeOf(context, 'discharge', null);
  const vessel = vesselOf(context);
  const reference: ResourceObject = {
    id: spec.id,
    type: 'estimated_event',
    attributes: {
      created_at: context.at,
      estimated_timestamp: text(spec.timestamp),
      event: spec.event,
      location_locode: place.locode,
      timezone: place.timezone,
      voyage_number: text(context.shipment.attributes.pod_voyage_number),
      data_source: 'shipping_line',
    },
    relationships: {
      shipment: toOne('shipment', context.shipment.id),
      port: { data: place.location },
      vessel: { data: ref(vessel) },
    },
  };
  const included = copies(context.store, [ref(context.shipment), place.location, ref(vessel)]);
  return { reference, included: [reference, ...included] };
}

/** The `transport_event` resource of a container event, as of now. */
export function transportEventOf(context: EventContext, spec: EventSpec): ResourceObject {
  const { container } = spec;
  const leg = spec.leg ?? legOf(spec.event, container);
  const place = placeOf(context, leg, container);
  const vessel = leg === 'inland' || onRail(spec.event) ? undefined : vesselOf(context);
  return {
    id: spec.id,
    type: 'transport_event',
    attributes: {
      event: spec.event,
      voyage_number: leg === 'inland' ? null : text(context.shipment.attributes.pod_voyage_number),
      timestamp: spec.timestamp === undefined ? context.at : text(spec.timestamp),
      timezone: place.timezone,
      location_locode: place.locode,
      created_at: context.at,
      data_source: FROM_TERMINAL.has(spec.event) ? 'terminal' : 'shipping_line',
      ...(isLfdEvent(spec.event) ? { value: text(spec.timestamp) } : {}),
    },
    relationships: {
      shipment: toOne('shipment', context.shipment.id),
      container: { data: ref(container) },
      vessel: { data: ref(vessel) },
      location: { data: place.location },
      terminal: { data: place.terminal },
    },
  };
}

function transportEvent(context: EventContext, spec: EventSpec): EventPayload {
  const reference = transportEventOf(context, spec);
  if (isMinimalPayloadEvent(spec.event)) return { reference, included: [reference] };
  const { container } = spec;
  const place = {
    location: firstRef(reference, 'location'),
    terminal: firstRef(reference, 'terminal'),
  };
  const vessel = firstRef(reference, 'vessel');
  const included = copies(context.store, [
    ref(container),
    ref(context.shipment),
    place.location,
    place.terminal,
    vessel,
  ]);
  return { reference, included: [reference, ...included] };
}

/** The reference object and `included` of one event, copied as the store holds them now. */
export function eventPayload(context: EventContext, spec: EventSpec): EventPayload {
  if (spec.event === 'container.updated') return containerUpdated(context, spec);
  if (spec.event === 'shipment.estimated.arrival') return estimatedArrival(context, spec);
  return transportEvent(context, spec);
}
