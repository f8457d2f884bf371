/**
 * What each fact does to the stored resources. Only the attributes a fact is about are replaced, in place, so
 * everything written through the API (custom fields, tracking-request edits, rotations) survives every step. Events
 * that no attribute records (berthed, loaded, gated in, arrived inland) are returned; change-events.ts derives the
 * rest from the before/after attributes. A fact about a container the shipment does not have is ignored, so data
 * loaded over the demo cannot make a step fail.
 */
import { VESSELS } from '../demo/vessels.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import type { ResourceStore } from '../store.js';
import type { Fact } from './facts.js';

export interface StepScope {
  store: ResourceStore;
  shipment: ResourceObject;
  /** The shipment's containers, in the order of its `containers` relationship. */
  containers: readonly ResourceObject[];
  /** The step's instant, ISO seconds. */
  at: string;
}

/** A webhook event that no attribute change reveals. */
export interface ExplicitEvent {
  event: string;
  containerId: string;
}

function patch(resource: ResourceObject, changes: Record<string, unknown>): void {
  resource.attributes = { ...resource.attributes, ...changes };
}

function containerNamed(scope: StepScope, number: string): ResourceObject | undefined {
  return scope.containers.find((container) => container.attributes.number === number);
}

/** Whether the box's terminal reports availability (its `provided_data`); unknown terminals do not. */
function terminalReportsAvailability(scope: StepScope, container: ResourceObject): boolean {
  const [ref] = relatedIdentifiers(container.relationships?.pod_terminal);
  const terminal = ref ? scope.store.get(ref.type, ref.id) : undefined;
  const provided = terminal?.attributes.provided_data;
  return typeof provided === 'object' && provided !== null && 'available_for_pickup' in provided
    ? provided.available_for_pickup === true
    : false;
}

function applyToContainer(scope: StepScope, container: ResourceObject, fact: Fact): ExplicitEvent[] {
  const { at } = scope;
  const attributes = container.attributes;
  switch (fact.kind) {
    case 'gated_in':
      patch(container, { current_status: 'loaded' });
      return [{ event: 'container.transport.full_in', containerId: container.id }];
    case 'discharged': {
      const reports = terminalReportsAvailability(scope, container);
      patch(container, {
        pod_discharged_at: at,
        current_status: 'grounded',
        availability_known: reports,
        terminal_checked_at: reports ? at : attributes.terminal_checked_at,
      });
      return [];
    }
    case 'availability':
      patch(container, {
        available_for_pickup: fact.available,
        current_status: fact.available ? 'available' : 'not_available',
        terminal_checked_at: at,
      });
      return [];
    case 'hold_added': {
      const holds = holdsOf(container).filter((hold) => hold.name !== fact.hold.name);
      patch(container, { holds_at_pod_terminal: [...holds, fact.hold], terminal_checked_at: at });
      return [];
    }
    case 'hold_released':
      patch(container, {
        holds_at_pod_terminal: holdsOf(container).filter((hold) => hold.name !== fact.name),
        terminal_checked_at: at,
      });
      return [];
    case 'lfd': {
      const deadlines = { ...deadlinesOf(container), [`pickup_lfd_${fact.source}`]: fact.date };
      const changes: Record<string, unknown> = {
        import_deadlines: deadlines,
        // The API's coalesced value has a fixed priority, line > terminal > rail (not the earliest).
        pickup_lfd:
          deadlines.pickup_lfd_line ?? deadlines.pickup_lfd_terminal ?? deadlines.pickup_lfd_rail ?? null,
      };
      // The deprecated twin of the rail LFD, which the live API still fills, as the same date-time (not a date).
      if (fact.source === 'rail') changes.ind_facility_lfd_on = fact.date;
      patch(container, changes);
      return [];
    }
    case 'fees':
      patch(container, { fees_at_pod_terminal: fact.fees, terminal_checked_at: at });
      return [];
    case 'appointment':
      patch(container, { pickup_appointment_at: fact.at });
      return [];
    case 'full_out':
      patch(container, {
        pod_full_out_at: at,
        current_status: 'picked_up',
        available_for_pickup: false,
        location_at_pod_terminal: null,
      });
      return [];
    case 'rail_loaded':
      patch(container, { pod_rail_loaded_at: at, current_status: 'on_rail' });
      return [];
    case 'rail_departed':
      patch(container, { pod_rail_departed_at: at, current_status: 'on_rail' });
      return [];
    case 'rail_arrived':
      patch(container, { ind_ata_at: at });
      return [];
    case 'rail_unloaded':
      patch(container, { ind_rail_unloaded_at: at, current_status: 'grounded' });
      return [];
    case 'inland_eta':
      patch(container, { ind_eta_at: fact.eta });
      return [];
    case 'arrived_inland':
      if (scope.shipment.attributes.destination_ata_at == null)
        patch(scope.shipment, { destination_ata_at: at });
      return [{ event: 'container.transport.arrived_at_inland_destination', containerId: container.id }];
    case 'inland_full_out':
      patch(container, {
        final_destination_full_out_at: at,
        current_status: 'picked_up',
        available_for_pickup: false,
      });
      return [];
    case 'empty_returned':
      patch(container, {
        empty_terminated_at: at,
        current_status: 'empty_returned',
        available_for_pickup: false,
      });
      return [];
    default:
      return [];
  }
}

function applyToShipment(scope: StepScope, fact: Fact): ExplicitEvent[] {
  const { shipment, containers, at } = scope;
  const everyBox = (event: string) => containers.map((container) => ({ event, containerId: container.id }));
  switch (fact.kind) {
    case 'eta':
      patch(shipment, { pod_eta_at: fact.eta });
      return [];
    case 'destination_eta':
      patch(shipment, { destination_eta_at: fact.eta });
      return [];
    case 'rolled': {
      const vessel = VESSELS[fact.vessel];
      patch(shipment, {
        pod_vessel_name: vessel.name,
        pod_vessel_imo: vessel.imo,
        pod_voyage_number: fact.voyage,
        pol_etd_at: fact.etd,
        pod_eta_at: fact.eta,
      });
      return [];
    }
    case 'loaded':
      for (const container of containers) patch(container, { current_status: 'on_ship' });
      return everyBox('container.transport.vessel_loaded');
    case 'departed':
      patch(shipment, { pol_atd_at: at });
      for (const container of containers) patch(container, { current_status: 'on_ship' });
      return [];
    case 'arrived':
      patch(shipment, { pod_ata_at: at });
      for (const container of containers) patch(container, { pod_arrived_at: at });
      return [];
    case 'berthed':
      return everyBox('container.transport.vessel_berthed');
    case 'tracking_stopped':
      patch(shipment, { line_tracking_stopped_at: at, line_tracking_stopped_reason: fact.reason });
      for (const request of trackingRequestsOf(scope))
        patch(request, { status: 'tracking_stopped', updated_at: at });
      return [];
    default:
      return [];
  }
}

/** Applies one fact at the scope's instant; returns the events no attribute records. */
export function applyFact(scope: StepScope, fact: Fact): ExplicitEvent[] {
  if ('container' in fact) {
    const container = containerNamed(scope, fact.container);
    return container ? applyToContainer(scope, container, fact) : [];
  }
  return applyToShipment(scope, fact);
}

/** The tracking requests whose `tracked_object` is the scope's shipment. */
export function trackingRequestsOf(scope: Pick<StepScope, 'store' | 'shipment'>): ResourceObject[] {
  return scope.store.trackingRequestsOf(scope.shipment.id);
}

interface StoredHold {
  name: string;
}

function holdsOf(container: ResourceObject): StoredHold[] {
  const holds = container.attributes.holds_at_pod_terminal;
  return Array.isArray(holds) ? holds.filter(isHold) : [];
}

function isHold(value: unknown): value is StoredHold {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}

function deadlinesOf(container: ResourceObject): Record<string, unknown> {
  const deadlines = container.attributes.import_deadlines;
  return typeof deadlines === 'object' && deadlines !== null ? { ...deadlines } : {};
}
