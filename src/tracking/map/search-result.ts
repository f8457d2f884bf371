/** `/search` item → SearchResult. The entity comes from `attributes.entity_type` (live `type` is `search_result`). */
import { parseAttributes, type Resource } from '../jsonapi.js';
import type { SearchResult } from '../models.js';
import { searchResultAttributesSchema } from '../schemas/search-result.js';
import { blankToNull } from './zoned.js';

export function toSearchResult(resource: Resource): SearchResult {
  const a = parseAttributes(searchResultAttributesSchema, resource);
  return {
    id: resource.id,
    entityType: (blankToNull(a.entity_type) ?? resource.type).toLowerCase(),
    number: blankToNull(a.number),
    shipmentId: blankToNull(a.shipment_id),
    scac: blankToNull(a.scac),
    status: blankToNull(a.status),
    failedReason: blankToNull(a.failed_reason),
    refNumbers: a.ref_numbers,
    createdAt: a.created_at ?? null,
    updatedAt: a.updated_at ?? null,
  };
}
