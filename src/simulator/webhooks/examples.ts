/**
 * An example notification for any event name, built from the account's own data by the same code that builds the
 * real ones, so an example has exactly the shape — and the same minimal `included` — a real delivery of that
 * event would have. `GET /webhook_notifications/examples` serves them and `POST /webhooks/trigger` sends one.
 */
import type { SimulatorState } from '../context.js';
import { DEMO } from '../demo/catalog.js';
import { containerId } from '../demo/container-builder.js';
import { isoSeconds } from '../demo/demo-time.js';
import { stableUuid } from '../demo/ids.js';
import { type ResourceObject, relatedIdentifiers, snapshot } from '../resource.js';
import type { ChangeEvent } from '../timeline/change-events.js';
import { type EventContext, eventPayload } from '../timeline/event-resources.js';
import { notificationDocument } from './notification.js';

/** Tracking-request events and the status of the request each is about. */
const REQUEST_STATUS: Readonly<Record<string, string>> = {
  'tracking_request.succeeded': 'created',
  'tracking_request.failed': 'failed',
  'tracking_request.awaiting_manifest': 'awaiting_manifest',
  'tracking_request.tracking_stopped': 'tracking_stopped',
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The demo's ready box where the account has it, else its first container. */
function sampleContainer(state: SimulatorState): ResourceObject | undefined {
  return state.store.get('container', containerId(DEMO.containers.ready)) ?? state.store.list('container')[0];
}

function shipmentOf(state: SimulatorState, container: ResourceObject): ResourceObject | undefined {
  const [ref] = relatedIdentifiers(container.relationships?.shipment);
  return ref ? state.store.get('shipment', ref.id) : undefined;
}

/** The time the event is about, read from the sample's data where the event names one. */
function timestampFor(
  event: string,
  shipment: ResourceObject,
  container: ResourceObject,
  now: string,
): string {
  const s = shipment.attributes;
  const c = container.attributes;
  const deadlines = (c.import_deadlines ?? {}) as Record<string, unknown>; // SAFETY: an object or absent.
  const pick = (...values: unknown[]) => values.map(text).find((value) => value !== null) ?? now;
  if (event === 'container.pickup_lfd.changed') return pick(c.pickup_lfd);
  if (event.startsWith('container.pickup_lfd_')) {
    const source = event.slice('container.pickup_lfd_'.length, -'.changed'.length);
    return pick(deadlines[`pickup_lfd_${source}`], c.pickup_lfd);
  }
  if (event === 'container.pickup_appointment.changed') return pick(c.pickup_appointment_at);
  if (event === 'container.transport.estimated.vessel_arrived') return pick(s.pod_eta_at, s.pod_ata_at);
  if (event === 'container.transport.estimated.vessel_departed') return pick(s.pol_etd_at, s.pol_atd_at);
  if (event === 'container.transport.estimated.arrived_at_inland_destination') {
    return pick(c.ind_eta_at, s.destination_eta_at);
  }
  if (event === 'shipment.estimated.arrival') return pick(s.pod_eta_at, s.pod_ata_at);
  return now;
}

function requestExample(
  state: SimulatorState,
  event: string,
  shipment: ResourceObject,
  container: ResourceObject,
): Pick<ChangeEvent, 'reference' | 'included'> | null {
  const requests = state.store.list('tracking_request');
  const wanted = REQUEST_STATUS[event];
  const request =
    (event === 'container.created' ? state.store.trackingRequestsOf(shipment.id)[0] : undefined) ??
    requests.find((candidate) => candidate.attributes.status === wanted) ??
    requests[0];
  if (!request) return null;
  const [tracked] = relatedIdentifiers(request.relationships?.tracked_object);
  const trackedShipment = tracked ? state.store.get('shipment', tracked.id) : undefined;
  const boxes =
    event === 'container.created'
      ? [container]
      : event === 'tracking_request.succeeded' && trackedShipment
        ? relatedIdentifiers(trackedShipment.relationships?.containers).flatMap(
            (ref) => state.store.get(ref.type, ref.id) ?? [],
          )
        : [];
  const related = event === 'container.created' ? shipment : trackedShipment;
  return {
    reference: snapshot(request),
    included: [request, ...(related ? [related] : []), ...boxes].map(snapshot),
  };
}

function documentExample(state: SimulatorState): Pick<ChangeEvent, 'reference' | 'included'> {
  const document: ResourceObject = state.store.list('document')[0] ?? {
    id: stableUuid('example|document'),
    type: 'document',
    attributes: { name: 'commercial-invoice.pdf', document_type: 'commercial_invoice', source: 'email' },
  };
  return { reference: snapshot(document), included: [snapshot(document)] };
}

/** The `{data, included}` of an example notification of `event` (null when the account has no data to show). */
export function exampleNotification(state: SimulatorState, event: string): Record<string, unknown> | null {
  const container = sampleContainer(state);
  const shipment = container ? shipmentOf(state, container) : undefined;
  if (!container || !shipment) return null;
  const now = isoSeconds(state.clock.now());
  const id = stableUuid(`example|${event}`);
  let payload: Pick<ChangeEvent, 'reference' | 'included'> | null;
  if (event.startsWith('tracking_request.') || event === 'container.created') {
    payload = requestExample(state, event, shipment, container);
  } else if (event.startsWith('document.')) {
    payload = documentExample(state);
  } else {
    const context: EventContext = { store: state.store, shipment, at: now };
    const updated = event === 'container.updated' || event === 'container.pod_terminal_changed';
    const [terminal] = relatedIdentifiers(container.relationships?.pod_terminal);
    payload = eventPayload(context, {
      id,
      event: updated ? 'container.updated' : event,
      container: event === 'shipment.estimated.arrival' ? null : container,
      timestamp: timestampFor(event, shipment, container, now),
      ...(event === 'container.updated' ? { changeset: { available_for_pickup: [false, true] } } : {}),
      ...(event === 'container.pod_terminal_changed'
        ? { changeset: { pod_terminal: [null, terminal?.id ?? null] } }
        : {}),
    });
  }
  if (!payload) return null;
  const change: ChangeEvent = {
    id,
    event,
    at: now,
    shipmentId: shipment.id,
    containerId: container.id,
    ...payload,
  };
  return notificationDocument(change, id, stableUuid('example|webhook'));
}
