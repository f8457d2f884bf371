/**
 * `shipment` resource → Shipment, and a shipment with its sideloaded relations → ShipmentDetail. Shipment timestamps
 * take the zone of their place: `pol_*` the POL zone, `pod_*` the POD zone, `destination_*` the destination zone.
 */
import {
  type IncludedIndex,
  mapOptional,
  parseAttributes,
  type Resource,
  relatedMany,
  relatedOne,
} from '../jsonapi.js';
import type { Container, Port, Shipment, ShipmentDetail, Terminal } from '../models.js';
import { shipmentAttributesSchema } from '../schemas/shipment.js';
import { toContainer } from './container.js';
import { toPort, toTerminal } from './port.js';
import { blankToNull, zoned } from './zoned.js';

export function toShipment(resource: Resource): Shipment {
  const a = parseAttributes(shipmentAttributesSchema, resource);
  // An empty-string zone is no zone (local wall time, zone unknown), never UTC.
  const polTz = blankToNull(a.pol_timezone);
  const podTz = blankToNull(a.pod_timezone);
  const destTz = blankToNull(a.destination_timezone);
  return {
    id: resource.id,
    billOfLadingNumber: a.bill_of_lading_number,
    normalizedNumber: blankToNull(a.normalized_number),
    refNumbers: a.ref_numbers,
    tags: a.tags.length > 0 ? a.tags : a.shipment_tags,
    shippingLine: {
      scac: blankToNull(a.shipping_line_scac),
      name: blankToNull(a.shipping_line_name),
      shortName: blankToNull(a.shipping_line_short_name),
    },
    customerName: blankToNull(a.customer_name),
    portOfLading: {
      locode: blankToNull(a.port_of_lading_locode),
      name: blankToNull(a.port_of_lading_name),
      timeZone: polTz,
    },
    portOfDischarge: {
      locode: blankToNull(a.port_of_discharge_locode),
      name: blankToNull(a.port_of_discharge_name),
      timeZone: podTz,
    },
    destination: {
      locode: blankToNull(a.destination_locode),
      name: blankToNull(a.destination_name),
      timeZone: destTz,
    },
    vessel: {
      name: blankToNull(a.pod_vessel_name),
      imo: blankToNull(a.pod_vessel_imo),
      voyageNumber: blankToNull(a.pod_voyage_number),
    },
    polEtdAt: zoned(a.pol_etd_at, polTz),
    polAtdAt: zoned(a.pol_atd_at, polTz),
    polOriginalEtdAt: zoned(a.pol_original_etd_at, polTz),
    podEtaAt: zoned(a.pod_eta_at, podTz),
    podOriginalEtaAt: zoned(a.pod_original_eta_at, podTz),
    podAtaAt: zoned(a.pod_ata_at, podTz),
    destinationEtaAt: zoned(a.destination_eta_at, destTz),
    destinationAtaAt: zoned(a.destination_ata_at, destTz),
    destinationOriginalEtaAt: zoned(a.destination_original_eta_at, destTz),
    lineTracking: {
      lastAttemptedAt: a.line_tracking_last_attempted_at ?? null,
      lastSucceededAt: a.line_tracking_last_succeeded_at ?? null,
      stoppedAt: a.line_tracking_stopped_at ?? null,
      stoppedReason: blankToNull(a.line_tracking_stopped_reason),
    },
    createdAt: a.created_at ?? null,
    containerIds: relatedMany(resource, 'containers').map((ref) => ref.id),
  };
}

/** A shipment plus whatever of its containers, ports and terminals the response sideloaded. */
export function toShipmentDetail(
  resource: Resource,
  included: IncludedIndex,
  fetchedAt: string,
): ShipmentDetail {
  const shipment = toShipment(resource);
  const containers: Container[] = [];
  const unloadedContainerIds: string[] = [];
  const unreadableContainerIds: string[] = [];
  for (const ref of relatedMany(resource, 'containers')) {
    const container = included.find(ref);
    if (container === null) {
      unloadedContainerIds.push(ref.id);
      continue;
    }
    // One container the API garbled must not cost the person the other 59: it is counted as unreadable instead.
    const mapped = mapOptional(container, toContainer);
    if (mapped === null) unreadableContainerIds.push(ref.id);
    else containers.push(mapped);
  }
  return {
    shipment,
    containers,
    unloadedContainerIds,
    unreadableContainerIds,
    portOfLading: related(resource, included, 'port_of_lading', toPort),
    portOfDischarge: related(resource, included, 'port_of_discharge', toPort),
    destination: related(resource, included, 'destination', toPort),
    podTerminal: related(resource, included, 'pod_terminal', toTerminal),
    destinationTerminal: related(resource, included, 'destination_terminal', toTerminal),
    fetchedAt,
  };
}

function related<T extends Port | Terminal>(
  resource: Resource,
  included: IncludedIndex,
  name: string,
  map: (resource: Resource) => T,
): T | null {
  return mapOptional(included.find(relatedOne(resource, name)), map);
}
