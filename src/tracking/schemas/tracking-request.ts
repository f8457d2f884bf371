/**
 * `tracking_request` attributes. `request_number` and `status` are required; `scac` is null while auto-detection runs;
 * tags arrive as `tags` (OAS) or `shipment_tags` (live). `status` and `failed_reason` are kept as strings: the DOC lists
 * values (`awaiting_manifest`) the OAS enum lacks.
 */
import { z } from 'zod';
import {
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalTimestamp,
  requiredString,
  requiredStringOrNumber,
  stringList,
} from './common.js';

export const trackingRequestAttributesSchema = z.object({
  request_number: requiredStringOrNumber,
  request_type: optionalString,
  scac: optionalString,
  status: requiredString,
  failed_reason: optionalString,
  is_retrying: optionalBoolean,
  retry_count: optionalNumber,
  ref_numbers: stringList,
  tags: stringList,
  shipment_tags: stringList,
  created_at: optionalTimestamp,
  updated_at: optionalTimestamp,
});

export type TrackingRequestAttributes = z.infer<typeof trackingRequestAttributesSchema>;
