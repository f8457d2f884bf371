/**
 * `shipment` attributes. Only `bill_of_lading_number` is required (as in the OAS); everything else may be null or
 * missing (the shipment sideloaded in a tracking request carries a subset). Live data sends `shipment_tags` and the
 * undocumented `pol_original_etd_at` / `destination_original_eta_at`.
 */
import { z } from 'zod';
import {
  optionalString,
  optionalStringOrNumber,
  optionalTimestamp,
  requiredString,
  stringList,
} from './common.js';

export const shipmentAttributesSchema = z.object({
  bill_of_lading_number: requiredString,
  normalized_number: optionalString,
  ref_numbers: stringList,
  tags: stringList,
  shipment_tags: stringList,
  created_at: optionalTimestamp,
  shipping_line_scac: optionalString,
  shipping_line_name: optionalString,
  shipping_line_short_name: optionalString,
  customer_name: optionalString,
  port_of_lading_locode: optionalString,
  port_of_lading_name: optionalString,
  port_of_discharge_locode: optionalString,
  port_of_discharge_name: optionalString,
  destination_locode: optionalString,
  destination_name: optionalString,
  pod_vessel_name: optionalString,
  pod_vessel_imo: optionalStringOrNumber,
  pod_voyage_number: optionalString,
  pol_etd_at: optionalTimestamp,
  pol_atd_at: optionalTimestamp,
  pol_original_etd_at: optionalTimestamp,
  pod_eta_at: optionalTimestamp,
  pod_original_eta_at: optionalTimestamp,
  pod_ata_at: optionalTimestamp,
  destination_eta_at: optionalTimestamp,
  destination_ata_at: optionalTimestamp,
  destination_original_eta_at: optionalTimestamp,
  pol_timezone: optionalString,
  pod_timezone: optionalString,
  destination_timezone: optionalString,
  line_tracking_last_attempted_at: optionalTimestamp,
  line_tracking_last_succeeded_at: optionalTimestamp,
  line_tracking_stopped_at: optionalTimestamp,
  line_tracking_stopped_reason: optionalString,
});

export type ShipmentAttributes = z.infer<typeof shipmentAttributesSchema>;
