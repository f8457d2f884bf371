/**
 * Builds a shipment resource (every attribute production sends, including the LIVE-only `pol_original_etd_at` and
 * `destination_original_eta_at`) and its containers from a short spec. Zone attributes come from the places, so a
 * timestamp and the zone it must be shown in can never disagree.
 */
import { type ResourceObject, toMany, toOne } from '../resource.js';
import { CARRIERS, type Carrier, type CarrierKey } from './carriers.js';
import { buildContainer, type ContainerSpec } from './container-builder.js';
import { type PlaceCode, place, placeId } from './places.js';
import { type TerminalKey, terminalId, terminalType } from './terminals.js';
import { VESSELS, type VesselKey } from './vessels.js';

export interface ShipmentSpec {
  id: string;
  bl: string;
  normalized: string;
  /** Other numbers `GET /shipments?number=` finds it by (the booking / original request number). */
  extraNumbers?: string[];
  /** A demo carrier by key, or any shipping line (a tracked request's SCAC). */
  carrier: CarrierKey | Carrier;
  pol: PlaceCode;
  pod: PlaceCode;
  destination?: PlaceCode;
  podTerminal: TerminalKey | null;
  destinationTerminal?: TerminalKey;
  /** A demo vessel by key, or any vessel by name and IMO (the large book's fleet). */
  vessel: VesselKey | VesselIdentity;
  voyage: string;
  customer: string | null;
  refNumbers?: string[] | null;
  tags?: string[];
  createdAt: string;
  lastTrackedAt: string;
  polEtd?: string | null;
  polAtd?: string | null;
  polOriginalEtd?: string | null;
  podEta?: string | null;
  podOriginalEta?: string | null;
  podAta?: string | null;
  destinationEta?: string | null;
  destinationAta?: string | null;
  destinationOriginalEta?: string | null;
  stoppedAt?: string | null;
  stoppedReason?: string | null;
  containers: ContainerSpec[];
}

export interface VesselIdentity {
  name: string;
  imo: string;
}

export interface BuiltShipment {
  shipment: ResourceObject;
  containers: ResourceObject[];
}

export function buildShipment(spec: ShipmentSpec): BuiltShipment {
  const carrier = typeof spec.carrier === 'string' ? CARRIERS[spec.carrier] : spec.carrier;
  const vessel = typeof spec.vessel === 'string' ? VESSELS[spec.vessel] : spec.vessel;
  const pol = place(spec.pol);
  const pod = place(spec.pod);
  const destination = spec.destination ? place(spec.destination) : null;
  const podTerminal = spec.podTerminal ? { id: terminalId(spec.podTerminal), type: 'terminal' } : null;
  const destinationTerminal = spec.destinationTerminal
    ? { id: terminalId(spec.destinationTerminal), type: terminalType(spec.destinationTerminal) }
    : null;
  const containers = spec.containers.map((container) =>
    buildContainer(container, {
      shipmentId: spec.id,
      podTerminal,
      pickupFacility: destinationTerminal,
      podTimeZone: pod.timeZone,
      finalDestinationTimeZone: destination?.timeZone ?? null,
      createdAt: spec.createdAt,
      lastTrackedAt: spec.lastTrackedAt,
    }),
  );
  const shipment: ResourceObject = {
    id: spec.id,
    type: 'shipment',
    attributes: {
      created_at: spec.createdAt,
      ref_numbers: spec.refNumbers === undefined ? [] : spec.refNumbers,
      tags: spec.tags ?? [],
      bill_of_lading_number: spec.bl,
      normalized_number: spec.normalized,
      shipping_line_scac: carrier.scac,
      shipping_line_name: carrier.name,
      shipping_line_short_name: carrier.shortName,
      customer_name: spec.customer,
      port_of_lading_locode: spec.pol,
      port_of_lading_name: pol.name,
      port_of_discharge_locode: spec.pod,
      port_of_discharge_name: pod.name,
      pod_vessel_name: vessel.name,
      pod_vessel_imo: vessel.imo,
      pod_voyage_number: spec.voyage,
      destination_locode: spec.destination ?? null,
      destination_name: destination?.name ?? null,
      destination_timezone: destination?.timeZone ?? null,
      destination_ata_at: spec.destinationAta ?? null,
      destination_eta_at: spec.destinationEta ?? null,
      destination_original_eta_at: spec.destinationOriginalEta ?? null,
      pol_etd_at: spec.polEtd ?? null,
      pol_atd_at: spec.polAtd ?? null,
      pol_original_etd_at: spec.polOriginalEtd ?? null,
      pol_timezone: pol.timeZone,
      pod_eta_at: spec.podEta ?? null,
      pod_original_eta_at: spec.podOriginalEta ?? null,
      pod_ata_at: spec.podAta ?? null,
      pod_timezone: pod.timeZone,
      line_tracking_last_attempted_at: spec.lastTrackedAt,
      line_tracking_last_succeeded_at: spec.lastTrackedAt,
      line_tracking_stopped_at: spec.stoppedAt ?? null,
      line_tracking_stopped_reason: spec.stoppedReason ?? null,
    },
    links: { self: `/v2/shipments/${spec.id}` },
    relationships: {
      port_of_lading: toOne('port', placeId(spec.pol)),
      port_of_discharge: toOne('port', placeId(spec.pod)),
      pod_terminal: { data: podTerminal },
      destination: spec.destination
        ? toOne(place(spec.destination).type, placeId(spec.destination))
        : toOne('port', null),
      destination_terminal: { data: destinationTerminal },
      line_tracking_stopped_by_user: toOne('user', null),
      containers: toMany(
        'container',
        containers.map((container) => container.id),
      ),
    },
  };
  return { shipment, containers };
}
