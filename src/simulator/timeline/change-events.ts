/**
 * From one step's before/after attributes to the webhook events Terminal49 would send (docs/terminal49-webhooks.md):
 * container events once per container; `container.updated` with a `changeset` of the alertable fields as
 * `{field: [old, new]}`; transport milestones when their timestamp appears; LFD events per source; ETA re-estimates
 * as `shipment.estimated.arrival` plus a container `*.estimated.*` event per box. A box that leaves the terminal in
 * the step (full out) does not also announce that it is no longer available.
 */
import { type ResourceObject, relatedIdentifiers, snapshot } from '../resource.js';
import type { ExplicitEvent, StepScope } from './apply-fact.js';
import { trackingRequestsOf } from './apply-fact.js';
import { type EventContext, eventPayload } from './event-resources.js';

/** What a step changed, as the simulator reports it and as one webhook notification carries it. */
export interface ChangeEvent {
  /** Stable for the same anchor, step, event and container. */
  id: string;
  /** The webhook event name, e.g. `container.transport.vessel_discharged`. */
  event: string;
  /** When it happened (the step's instant), ISO seconds. */
  at: string;
  /** null for a tracking request that has no shipment (awaiting its manifest, failed). */
  shipmentId: string | null;
  containerId: string | null;
  /** The notification's `reference_object`, as of just after the step. */
  reference: ResourceObject;
  /** The notification's `included` (reference first), copied as of just after the step. */
  included: ResourceObject[];
}

export interface StepSnapshot {
  shipment: Record<string, unknown>;
  containers: ReadonlyMap<string, Record<string, unknown>>;
}

export function snapshotOf(scope: StepScope): StepSnapshot {
  return {
    // Attributes objects are replaced, never changed in place (resource.ts `snapshot`): holding them is a snapshot.
    shipment: scope.shipment.attributes,
    containers: new Map(scope.containers.map((container) => [container.id, container.attributes])),
  };
}

/** Container fields `container.updated` alerts on (the OpenAPI's list, minus `pod_terminal`, which never moves here). */
const ALERTABLE = [
  'available_for_pickup',
  'pickup_lfd',
  'fees_at_pod_terminal',
  'holds_at_pod_terminal',
  'pickup_appointment_at',
] as const;

/** Timestamps whose first appearance is a transport milestone. */
const MILESTONES: ReadonlyArray<readonly [attribute: string, event: string]> = [
  ['pod_arrived_at', 'container.transport.vessel_arrived'],
  ['pod_discharged_at', 'container.transport.vessel_discharged'],
  ['pod_rail_loaded_at', 'container.transport.rail_loaded'],
  ['pod_rail_departed_at', 'container.transport.rail_departed'],
  ['ind_ata_at', 'container.transport.rail_arrived'],
  ['ind_rail_unloaded_at', 'container.transport.rail_unloaded'],
  ['pod_full_out_at', 'container.transport.full_out'],
  ['final_destination_full_out_at', 'container.transport.full_out'],
  ['empty_terminated_at', 'container.transport.empty_in'],
];

const LFD_SOURCES = ['line', 'terminal', 'rail'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function deadline(attributes: Record<string, unknown>, source: string): unknown {
  const deadlines = attributes.import_deadlines;
  return typeof deadlines === 'object' && deadlines !== null && `pickup_lfd_${source}` in deadlines
    ? (deadlines as Record<string, unknown>)[`pickup_lfd_${source}`] // SAFETY: a plain object from the store.
    : null;
}

interface Pending {
  event: string;
  container: ResourceObject | null;
  changeset?: Record<string, [unknown, unknown]>;
  /** The time the event is about when it is not the step's instant (a new estimate, an LFD, an appointment). */
  timestamp?: unknown;
}

function containerEvents(
  container: ResourceObject,
  before: Record<string, unknown>,
  explicit: readonly ExplicitEvent[],
): Pending[] {
  const after = container.attributes;
  const events: Pending[] = [];
  const left = MILESTONES.some(
    ([attribute, event]) =>
      event === 'container.transport.full_out' && before[attribute] == null && after[attribute] != null,
  );
  for (const [attribute, event] of MILESTONES) {
    if (before[attribute] == null && after[attribute] != null) events.push({ event, container });
  }
  for (const { event } of explicit.filter((item) => item.containerId === container.id)) {
    events.push({ event, container });
  }
  const changeset: Record<string, [unknown, unknown]> = {};
  for (const field of ALERTABLE) {
    if (left && field === 'available_for_pickup') continue;
    if (!same(before[field], after[field])) changeset[field] = [before[field] ?? null, after[field] ?? null];
  }
  if (Object.keys(changeset).length > 0) events.push({ event: 'container.updated', container, changeset });
  if (!same(before.available_for_pickup, after.available_for_pickup) && !left) {
    const event =
      after.available_for_pickup === true
        ? 'container.transport.available'
        : 'container.transport.not_available';
    if (after.available_for_pickup !== null) events.push({ event, container });
  }
  if (!same(before.pickup_lfd, after.pickup_lfd)) {
    events.push({ event: 'container.pickup_lfd.changed', container, timestamp: after.pickup_lfd });
  }
  for (const source of LFD_SOURCES) {
    const next = deadline(after, source);
    if (!same(deadline(before, source), next)) {
      events.push({ event: `container.pickup_lfd_${source}.changed`, container, timestamp: next });
    }
  }
  if (!same(before.pickup_appointment_at, after.pickup_appointment_at)) {
    events.push({
      event: 'container.pickup_appointment.changed',
      container,
      timestamp: after.pickup_appointment_at,
    });
  }
  if (!same(before.ind_eta_at, after.ind_eta_at) && after.ind_eta_at != null) {
    events.push({
      event: 'container.transport.estimated.arrived_at_inland_destination',
      container,
      timestamp: after.ind_eta_at,
    });
  }
  return events;
}

function shipmentEvents(scope: StepScope, before: Record<string, unknown>): Pending[] {
  const after = scope.shipment.attributes;
  const events: Pending[] = [];
  const everyBox = (event: string, timestamp?: unknown): Pending[] =>
    scope.containers.map((container) => ({ event, container, timestamp }));
  if (!same(before.pol_etd_at, after.pol_etd_at) && after.pol_atd_at == null) {
    events.push(...everyBox('container.transport.estimated.vessel_departed', after.pol_etd_at));
  }
  if (before.pol_atd_at == null && after.pol_atd_at != null) {
    events.push(...everyBox('container.transport.vessel_departed'));
  }
  if (!same(before.pod_eta_at, after.pod_eta_at) && after.pod_ata_at == null) {
    events.push({ event: 'shipment.estimated.arrival', container: null, timestamp: after.pod_eta_at });
    events.push(...everyBox('container.transport.estimated.vessel_arrived', after.pod_eta_at));
  }
  if (before.line_tracking_stopped_at == null && after.line_tracking_stopped_at != null) {
    events.push({ event: 'tracking_request.tracking_stopped', container: null });
  }
  return events;
}

/** Every change event of one step, in a stable order: shipment-level first, then container by container. */
export function changeEventsOf(
  scope: StepScope,
  before: StepSnapshot,
  explicit: readonly ExplicitEvent[],
  idFor: (event: string, subjectId: string) => string,
): ChangeEvent[] {
  const pending = [
    ...shipmentEvents(scope, before.shipment),
    ...scope.containers.flatMap((container) =>
      containerEvents(container, before.containers.get(container.id) ?? {}, explicit),
    ),
  ];
  const context: EventContext = { store: scope.store, shipment: scope.shipment, at: scope.at };
  return pending.flatMap((item): ChangeEvent[] => {
    if (item.event.startsWith('tracking_request.')) {
      return trackingRequestsOf(scope).map((request) => ({
        id: idFor(item.event, request.id),
        event: item.event,
        at: scope.at,
        shipmentId: scope.shipment.id,
        containerId: null,
        reference: snapshot(request),
        included: [snapshot(request), snapshot(scope.shipment)],
      }));
    }
    const subjectId = item.container?.id ?? scope.shipment.id;
    const payload = eventPayload(context, {
      id: idFor(item.event, subjectId),
      event: item.event,
      container: item.container,
      changeset: item.changeset,
      timestamp: item.timestamp,
    });
    return [
      {
        id: payload.reference.id,
        event: item.event,
        at: scope.at,
        shipmentId: scope.shipment.id,
        containerId: item.container?.id ?? null,
        reference: payload.reference,
        included: payload.included,
      },
    ];
  });
}

/** The shipment's containers, in relationship order (the order the card lists them). */
export function containersOf(store: StepScope['store'], shipment: ResourceObject): ResourceObject[] {
  return relatedIdentifiers(shipment.relationships?.containers).flatMap(
    (ref) => store.get(ref.type, ref.id) ?? [],
  );
}
