/**
 * A container's raw events: the shipping line's own milestones, as `GET /containers/{id}/raw_events` lists them —
 * the line's wording in `original_event`, the normalised name in `event`, and the estimates still ahead (the
 * departure, the arrival at the port, the arrival inland) marked `estimated`. Read from the same transport events
 * the simulator announced, so the two lists never disagree; terminal-only events (availability, LFDs) are not the
 * line's and do not appear.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { stableUuid } from '../demo/ids.js';
import { type ResourceObject, relatedIdentifiers, toOne } from '../resource.js';
import type { ResourceStore } from '../store.js';

/** Transport event → the raw event name and the line's wording for it. */
const FROM_TRANSPORT: Readonly<Record<string, readonly [event: string, original: string]>> = {
  'container.transport.empty_out': ['empty_out', 'Empty container gate out'],
  'container.transport.full_in': ['full_in', 'Gate in full'],
  'container.transport.vessel_loaded': ['vessel_loaded', 'Loaded on vessel'],
  'container.transport.vessel_departed': ['vessel_departed', 'Vessel departure'],
  'container.transport.vessel_arrived': ['vessel_arrived', 'Vessel arrival'],
  'container.transport.vessel_discharged': ['vessel_discharged', 'Discharged from vessel'],
  'container.transport.rail_loaded': ['rail_loaded', 'Loaded on rail'],
  'container.transport.rail_departed': ['rail_departed', 'Rail departure'],
  'container.transport.rail_arrived': ['rail_arrived', 'Rail arrival at destination ramp'],
  'container.transport.rail_unloaded': ['rail_unloaded', 'Unloaded from rail'],
  'container.transport.arrived_at_inland_destination': [
    'arrived_at_destination',
    'Arrived at final destination',
  ],
  'container.transport.full_out': ['full_out', 'Gate out full'],
  'container.transport.delivered': ['delivered', 'Delivered'],
  'container.transport.empty_in': ['empty_in', 'Empty container returned'],
};

export interface TransportEventName {
  id: string;
  event: string;
}

export function rawEventId(transportEventId: string): string {
  return stableUuid(`raw_event|${transportEventId}`);
}

function estimateId(containerId: string, event: string): string {
  return stableUuid(`raw_event|estimate|${containerId}|${event}`);
}

interface Estimate {
  event: string;
  original: string;
  at: string;
  place: 'lading' | 'discharge' | 'inland';
}

/** What the line still expects to happen to the box. */
function estimates(shipment: ResourceObject, container: ResourceObject): Estimate[] {
  const s = shipment.attributes;
  const c = container.attributes;
  const ahead: Estimate[] = [];
  if (s.pol_atd_at == null && typeof s.pol_etd_at === 'string') {
    ahead.push({
      event: 'vessel_departed',
      original: 'Estimated vessel departure',
      at: s.pol_etd_at,
      place: 'lading',
    });
  }
  if (c.pod_arrived_at == null && s.pod_ata_at == null && typeof s.pod_eta_at === 'string') {
    ahead.push({
      event: 'vessel_arrived',
      original: 'Estimated vessel arrival',
      at: s.pod_eta_at,
      place: 'discharge',
    });
  }
  if (c.ind_ata_at == null && typeof c.ind_eta_at === 'string') {
    ahead.push({
      event: 'arrived_at_destination',
      original: 'Estimated arrival at final destination',
      at: c.ind_eta_at,
      place: 'inland',
    });
  }
  return ahead;
}

/** The ids `relationships.raw_events` lists, without building the events (`idOf` may remember rawEventId's). */
export function rawEventIds(
  shipment: ResourceObject | undefined,
  container: ResourceObject,
  transport: readonly TransportEventName[],
  idOf: (transportEventId: string) => string = rawEventId,
): string[] {
  const actual = transport.filter((event) => event.event in FROM_TRANSPORT).map((event) => idOf(event.id));
  const ahead = shipment ? estimates(shipment, container).map((e) => estimateId(container.id, e.event)) : [];
  return [...actual, ...ahead];
}

function localDate(at: string, zone: string | null): string | null {
  try {
    return zone ? formatInTimeZone(at, zone, 'yyyy-MM-dd') : at.slice(0, 10);
  } catch {
    return null;
  }
}

function nameOf(store: ResourceStore, ref: { id: string; type: string } | undefined): string | null {
  const resource = ref ? store.get(ref.type, ref.id) : undefined;
  return typeof resource?.attributes.name === 'string' ? resource.attributes.name : null;
}

function rawEvent(
  store: ResourceStore,
  id: string,
  names: readonly [string, string],
  source: {
    at: string;
    estimated: boolean;
    createdAt: string;
    timezone: string | null;
    locode: string | null;
  },
  refs: { location?: { id: string; type: string }; vessel?: { id: string; type: string } },
  voyage: string | null,
): ResourceObject {
  const vessel = refs.vessel ? store.get(refs.vessel.type, refs.vessel.id) : undefined;
  const date = localDate(source.at, source.timezone);
  return {
    id,
    type: 'raw_event',
    attributes: {
      event: names[0],
      original_event: names[1],
      timestamp: source.at,
      estimated: source.estimated,
      actual_on: source.estimated ? null : date,
      estimated_on: source.estimated ? date : null,
      actual_at: source.estimated ? null : source.at,
      estimated_at: source.estimated ? source.at : null,
      timezone: source.timezone,
      created_at: source.createdAt,
      location_name: nameOf(store, refs.location),
      location_locode: source.locode,
      vessel_name: typeof vessel?.attributes.name === 'string' ? vessel.attributes.name : null,
      vessel_imo: typeof vessel?.attributes.imo === 'string' ? vessel.attributes.imo : null,
      voyage_number: voyage,
    },
    relationships: {
      location: { data: refs.location ?? null },
      vessel: { data: refs.vessel ?? null },
    },
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The raw events, oldest first with their `index`, then the estimates ahead. */
export function rawEventsOf(
  store: ResourceStore,
  shipment: ResourceObject | undefined,
  container: ResourceObject,
  transport: readonly ResourceObject[],
): ResourceObject[] {
  const events: ResourceObject[] = [];
  const chronological = [...transport].sort((a, b) =>
    String(a.attributes.timestamp).localeCompare(String(b.attributes.timestamp)),
  );
  for (const event of chronological) {
    const names = FROM_TRANSPORT[String(event.attributes.event)];
    const at = text(event.attributes.timestamp);
    if (!names || !at) continue;
    const [location] = relatedIdentifiers(event.relationships?.location);
    const [vessel] = relatedIdentifiers(event.relationships?.vessel);
    const source = {
      at,
      estimated: false,
      createdAt: text(event.attributes.created_at) ?? at,
      timezone: text(event.attributes.timezone),
      locode: text(event.attributes.location_locode),
    };
    events.push(
      rawEvent(
        store,
        rawEventId(event.id),
        names,
        source,
        { location, vessel },
        text(event.attributes.voyage_number),
      ),
    );
  }
  if (shipment) {
    const s = shipment.attributes;
    for (const estimate of estimates(shipment, container)) {
      const place = {
        lading: ['port_of_lading', s.port_of_lading_locode, s.pol_timezone],
        discharge: ['port_of_discharge', s.port_of_discharge_locode, s.pod_timezone],
        inland: ['destination', s.destination_locode, s.destination_timezone],
      } as const;
      const [relationship, locode, zone] = place[estimate.place];
      const [location] = relatedIdentifiers(shipment.relationships?.[relationship]);
      const [vessel] =
        estimate.place === 'inland'
          ? []
          : relatedIdentifiers(toOne('vessel', vesselIdOf(store, text(s.pod_vessel_imo))));
      const source = {
        at: estimate.at,
        estimated: true,
        createdAt: text(s.line_tracking_last_succeeded_at) ?? estimate.at,
        timezone: text(zone),
        locode: text(locode),
      };
      events.push(
        rawEvent(
          store,
          estimateId(container.id, estimate.event),
          [estimate.event, estimate.original],
          source,
          { location, vessel },
          estimate.place === 'inland' ? null : text(s.pod_voyage_number),
        ),
      );
    }
  }
  return events.map((event, index) => ({ ...event, attributes: { ...event.attributes, index } }));
}

function vesselIdOf(store: ResourceStore, imo: string | null): string | null {
  return imo ? (store.findVessel(imo)?.id ?? null) : null;
}
