/**
 * `container` resource → Container. Each timestamp gets the zone the API documents for it (docs/domain-rules.md#time-zones): POD events
 * and the terminal LFD in `pod_timezone`, inland events and the rail LFD in `final_destination_timezone`, empty
 * return in `empty_terminated_timezone`. The line LFD belongs to the final destination when the box moves inland,
 * else to the POD. `pickup_lfd` is traced back to the deadline it was coalesced from, so it carries that zone.
 */
import { parseAttributes, type Resource, relatedOne } from '../jsonapi.js';
import type { Container, LastFreeDay, TerminalFee, TerminalHold } from '../models.js';
import {
  type ContainerAttributes,
  containerAttributesSchema,
  type TerminalFeeAttributes,
  type TerminalHoldAttributes,
} from '../schemas/container.js';
import { terminalText } from './terminal-text.js';
import { blankToNull, zoned } from './zoned.js';

export function toContainer(resource: Resource): Container {
  const a = parseAttributes(containerAttributesSchema, resource);
  // An empty-string zone is no zone (local wall time, zone unknown), never UTC.
  const podTz = blankToNull(a.pod_timezone);
  const finalTz = blankToNull(a.final_destination_timezone);
  const deadlines = deadlinesOf(a, podTz, finalTz);
  return {
    id: resource.id,
    number: a.number,
    refNumbers: a.ref_numbers,
    equipmentType: a.equipment_type ?? null,
    // The API sends 0 where it does not know the size or weight.
    equipmentLength: a.equipment_length === 0 ? null : a.equipment_length,
    equipmentHeight: a.equipment_height ?? null,
    weightInLbs: a.weight_in_lbs === 0 ? null : a.weight_in_lbs,
    sealNumber: blankToNull(a.seal_number),
    currentStatus: blankToNull(a.current_status),
    availabilityKnown: a.availability_known ?? null,
    availableForPickup: a.available_for_pickup ?? null,
    holds: (a.holds_at_pod_terminal ?? []).flatMap(toHold),
    fees:
      a.fees_at_pod_terminal === null || a.fees_at_pod_terminal === undefined
        ? null
        : a.fees_at_pod_terminal.flatMap(toFee),
    pickupLfd: coalescedLfd(a.pickup_lfd ?? null, deadlines, podTz),
    deadlines,
    pickupAppointmentAt: zoned(a.pickup_appointment_at, podTz),
    locationAtPodTerminal: terminalText(a.location_at_pod_terminal),
    podArrivedAt: zoned(a.pod_arrived_at, podTz),
    podDischargedAt: zoned(a.pod_discharged_at, podTz),
    podFullOutAt: zoned(a.pod_full_out_at, podTz),
    podRailLoadedAt: zoned(a.pod_rail_loaded_at, podTz),
    podRailDepartedAt: zoned(a.pod_rail_departed_at, podTz),
    indEtaAt: zoned(a.ind_eta_at, finalTz),
    indAtaAt: zoned(a.ind_ata_at, finalTz),
    indRailUnloadedAt: zoned(a.ind_rail_unloaded_at, finalTz),
    finalDestinationFullOutAt: zoned(a.final_destination_full_out_at, finalTz),
    emptyTerminatedAt: zoned(a.empty_terminated_at, blankToNull(a.empty_terminated_timezone)),
    podRailCarrierScac: blankToNull(a.pod_rail_carrier_scac),
    indRailCarrierScac: blankToNull(a.ind_rail_carrier_scac),
    terminalCheckedAt: a.terminal_checked_at ?? null,
    createdAt: a.created_at ?? null,
    podTimeZone: podTz,
    finalDestinationTimeZone: finalTz,
    shipmentId: relatedOne(resource, 'shipment')?.id ?? null,
    podTerminalId: relatedOne(resource, 'pod_terminal')?.id ?? null,
  };
}

/** Non-null deadlines in the API's coalescing priority: line, then terminal, then rail. */
function deadlinesOf(a: ContainerAttributes, podTz: string | null, finalTz: string | null): LastFreeDay[] {
  const d = a.import_deadlines;
  const rail = d?.pickup_lfd_rail ?? a.ind_facility_lfd_on ?? null;
  const movesInland =
    finalTz !== null &&
    (rail !== null ||
      a.ind_rail_carrier_scac != null ||
      a.pod_rail_loaded_at != null ||
      a.ind_eta_at != null ||
      a.ind_ata_at != null);
  const out: LastFreeDay[] = [];
  if (d?.pickup_lfd_line)
    out.push({ at: d.pickup_lfd_line, source: 'line', timeZone: movesInland ? finalTz : (podTz ?? finalTz) });
  if (d?.pickup_lfd_terminal) out.push({ at: d.pickup_lfd_terminal, source: 'terminal', timeZone: podTz });
  if (rail) out.push({ at: rail, source: 'rail', timeZone: finalTz });
  return out;
}

function coalescedLfd(
  at: string | null,
  deadlines: readonly LastFreeDay[],
  podTz: string | null,
): LastFreeDay | null {
  if (at === null || at === '') return null;
  const source = deadlines.find((deadline) => deadline.at === at);
  return source ? { ...source } : { at, source: 'coalesced', timeZone: podTz };
}

function toHold(hold: TerminalHoldAttributes | null): TerminalHold[] {
  if (hold === null) return [];
  // An unreadable hold still blocks pickup: keep it, as an active hold, rather than hide it.
  return [
    {
      name: blankToNull(hold.name) ?? 'other',
      status: blankToNull(hold.status) ?? 'hold',
      description: terminalText(hold.description),
    },
  ];
}

function toFee(fee: TerminalFeeAttributes | null): TerminalFee[] {
  if (fee === null) return [];
  return [
    {
      type: blankToNull(fee.type) ?? 'other',
      amount: fee.amount,
      currencyCode: blankToNull(fee.currency_code),
    },
  ];
}
