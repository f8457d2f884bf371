/**
 * Builds a container resource with every attribute production sends (nulls included), from a short spec. Rules the
 * real API follows and the demo must too: `pickup_lfd` is the coalesced `import_deadlines` value with the fixed
 * priority line > terminal > rail (not the earliest); holds and fees use the canonical names; ids are stable.
 */
import type { ContainerStatus } from '../../tracking/models.js';
import { type ResourceObject, toMany, toOne } from '../resource.js';
import { stableUuid } from './ids.js';

export interface Hold {
  name: 'freight' | 'customs' | 'USDA' | 'VACIS' | 'TMF' | 'other';
  status: 'hold' | 'pending';
  description: string | null;
}

export interface Fee {
  type: 'demurrage' | 'exam' | 'extended_dwell_time' | 'other' | 'total';
  amount: number;
  currency_code: string;
}

export interface ContainerSpec {
  number: string;
  id?: string;
  status: ContainerStatus;
  equipment?: { type: string | null; length: number | null; height: string | null };
  weightLbs?: number | null;
  sealNumber?: string | null;
  refNumbers?: string[];
  availabilityKnown?: boolean;
  availableForPickup?: boolean | null;
  holds?: Hold[];
  fees?: Fee[];
  lfd?: { line?: string | null; terminal?: string | null; rail?: string | null };
  pickupAppointmentAt?: string | null;
  location?: string | null;
  podArrivedAt?: string | null;
  podDischargedAt?: string | null;
  podFullOutAt?: string | null;
  emptyTerminatedAt?: string | null;
  podRailLoadedAt?: string | null;
  podRailDepartedAt?: string | null;
  indEtaAt?: string | null;
  indAtaAt?: string | null;
  indRailUnloadedAt?: string | null;
  finalDestinationFullOutAt?: string | null;
  indFacilityLfdOn?: string | null;
  railCarrierScac?: string | null;
  terminalCheckedAt?: string | null;
}

export interface ContainerContext {
  shipmentId: string;
  podTerminal: { id: string; type: string } | null;
  pickupFacility?: { id: string; type: string } | null;
  podTimeZone: string | null;
  finalDestinationTimeZone: string | null;
  createdAt: string;
  lastTrackedAt: string;
}

export function containerId(number: string): string {
  return stableUuid(`container:${number}`);
}

/** Deterministic, plausible gross weights (a 40' box rarely tops 60,000 lbs). */
function weightFor(number: string): number {
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) % 100_000;
  return 18_000 + (hash % 36_000);
}

export function buildContainer(spec: ContainerSpec, context: ContainerContext): ResourceObject {
  const id = spec.id ?? containerId(spec.number);
  const lfd = {
    line: spec.lfd?.line ?? null,
    terminal: spec.lfd?.terminal ?? null,
    rail: spec.lfd?.rail ?? null,
  };
  const equipment = spec.equipment ?? { type: 'dry', length: 40, height: 'high_cube' };
  const onRailLeg = spec.railCarrierScac !== undefined && spec.railCarrierScac !== null;
  return {
    id,
    type: 'container',
    attributes: {
      number: spec.number,
      seal_number: spec.sealNumber ?? null,
      created_at: context.createdAt,
      ref_numbers: spec.refNumbers ?? [],
      pod_arrived_at: spec.podArrivedAt ?? null,
      pod_discharged_at: spec.podDischargedAt ?? null,
      final_destination_full_out_at: spec.finalDestinationFullOutAt ?? null,
      holds_at_pod_terminal: spec.holds ?? [],
      available_for_pickup: spec.availableForPickup ?? null,
      equipment_type: equipment.type,
      equipment_length: equipment.length,
      equipment_height: equipment.height,
      weight_in_lbs: spec.weightLbs === undefined ? weightFor(spec.number) : spec.weightLbs,
      pod_full_out_at: spec.podFullOutAt ?? null,
      empty_terminated_at: spec.emptyTerminatedAt ?? null,
      terminal_checked_at:
        spec.terminalCheckedAt === undefined ? context.lastTrackedAt : spec.terminalCheckedAt,
      fees_at_pod_terminal: spec.fees ?? [],
      pickup_lfd: lfd.line ?? lfd.terminal ?? lfd.rail,
      pickup_appointment_at: spec.pickupAppointmentAt ?? null,
      pod_full_out_chassis_number: null,
      location_at_pod_terminal: spec.location ?? null,
      pod_last_tracking_request_at: context.lastTrackedAt,
      shipment_last_tracking_request_at: context.lastTrackedAt,
      availability_known: spec.availabilityKnown ?? true,
      pod_timezone: context.podTimeZone,
      final_destination_timezone: context.finalDestinationTimeZone,
      empty_terminated_timezone: context.finalDestinationTimeZone ?? context.podTimeZone,
      pod_rail_carrier_scac: onRailLeg ? spec.railCarrierScac : null,
      ind_rail_carrier_scac: onRailLeg ? spec.railCarrierScac : null,
      pod_rail_loaded_at: spec.podRailLoadedAt ?? null,
      pod_rail_departed_at: spec.podRailDepartedAt ?? null,
      ind_eta_at: spec.indEtaAt ?? null,
      ind_ata_at: spec.indAtaAt ?? null,
      ind_rail_unloaded_at: spec.indRailUnloadedAt ?? null,
      ind_facility_lfd_on: spec.indFacilityLfdOn ?? null,
      import_deadlines: {
        pickup_lfd_terminal: lfd.terminal,
        pickup_lfd_rail: lfd.rail,
        pickup_lfd_line: lfd.line,
      },
      current_status: spec.status,
    },
    relationships: {
      shipment: toOne('shipment', context.shipmentId),
      pickup_facility: { data: context.pickupFacility ?? null },
      pod_terminal: { data: context.podTerminal },
      transport_events: toMany('transport_event', []),
      raw_events: toMany('raw_event', []),
    },
    links: { self: `/v2/containers/${id}` },
  };
}
