/**
 * `/search` items. Live `type` is `search_result` (the OAS says shipment|cargo|tracking_request), so the entity is
 * read from `attributes.entity_type`, falling back to `type` for documents that follow the OAS.
 */
import { z } from 'zod';
import { optionalString, optionalStringOrNumber, optionalTimestamp, stringList } from './common.js';

export const searchResultAttributesSchema = z.object({
  entity_type: optionalString,
  number: optionalString,
  shipment_id: optionalStringOrNumber,
  scac: optionalString,
  status: optionalString,
  failed_reason: optionalString,
  ref_numbers: stringList,
  created_at: optionalTimestamp,
  updated_at: optionalTimestamp,
});

export type SearchResultAttributes = z.infer<typeof searchResultAttributesSchema>;
