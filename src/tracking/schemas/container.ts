/**
 * `container` attributes. Only `number` is required (a number sent as a number is read as its digits). Holds and fees
 * are parsed per entry, a single entry sent without its list counting as a list of one; `fees_at_pod_terminal` keeps
 * null apart from [] (null = the terminal did not report fees). `weight_in_lbs: 0` is mapped to null later.
 */
import { z } from 'zod';
import {
  listOrOne,
  money,
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalTimestamp,
  orNull,
  requiredStringOrNumber,
  stringList,
} from './common.js';

const terminalHoldSchema = z.object({
  name: optionalString,
  status: optionalString,
  description: optionalString,
});

const terminalFeeSchema = z.object({
  type: optionalString,
  amount: money,
  currency_code: optionalString,
});

const importDeadlines = orNull(
  z.object({
    pickup_lfd_terminal: optionalTimestamp,
    pickup_lfd_rail: optionalTimestamp,
    pickup_lfd_line: optionalTimestamp,
  }),
);

export const containerAttributesSchema = z.object({
  number: requiredStringOrNumber,
  ref_numbers: stringList,
  equipment_type: optionalString,
  equipment_length: optionalNumber,
  equipment_height: optionalString,
  weight_in_lbs: optionalNumber,
  seal_number: optionalString,
  current_status: optionalString,
  availability_known: optionalBoolean,
  available_for_pickup: optionalBoolean,
  holds_at_pod_terminal: listOrOne(terminalHoldSchema),
  fees_at_pod_terminal: listOrOne(terminalFeeSchema),
  pickup_lfd: optionalTimestamp,
  import_deadlines: importDeadlines,
  pickup_appointment_at: optionalTimestamp,
  location_at_pod_terminal: optionalString,
  pod_arrived_at: optionalTimestamp,
  pod_discharged_at: optionalTimestamp,
  pod_full_out_at: optionalTimestamp,
  pod_rail_loaded_at: optionalTimestamp,
  pod_rail_departed_at: optionalTimestamp,
  ind_eta_at: optionalTimestamp,
  ind_ata_at: optionalTimestamp,
  ind_rail_unloaded_at: optionalTimestamp,
  /** Deprecated twin of `import_deadlines.pickup_lfd_rail` that live data still fills. */
  ind_facility_lfd_on: optionalTimestamp,
  final_destination_full_out_at: optionalTimestamp,
  empty_terminated_at: optionalTimestamp,
  pod_rail_carrier_scac: optionalString,
  ind_rail_carrier_scac: optionalString,
  terminal_checked_at: optionalTimestamp,
  created_at: optionalTimestamp,
  pod_timezone: optionalString,
  final_destination_timezone: optionalString,
  empty_terminated_timezone: optionalString,
});

export type ContainerAttributes = z.infer<typeof containerAttributesSchema>;
export type TerminalHoldAttributes = z.infer<typeof terminalHoldSchema>;
export type TerminalFeeAttributes = z.infer<typeof terminalFeeSchema>;
