/** `GET /search`: the one endpoint that resolves any number (BL, booking, container, reference), by ILIKE. */

import type { SearchResult } from '../models.js';
import { parseSearchDocument } from '../parsers/search.js';
import type { ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson } from './context.js';
import { tag } from './tags.js';

/** `GET /search?query=` (at most 25 results; no paging, no includes). */
export function search(ctx: ApiContext, query: string, options?: ReadOptions): Promise<SearchResult[]> {
  return getJson(
    ctx,
    {
      path: '/search',
      query: { query },
      parse: (json) => parseSearchDocument(json),
      tags: (results) =>
        results.filter((r) => r.entityType === 'tracking_request').map((r) => tag.trackingRequest(r.id)),
    },
    options,
  );
}
