/** Raw `GET /search` document → SearchResult[] (at most 25, no paging, no includes). */
import { parseListDocument } from '../jsonapi.js';
import { toSearchResult } from '../map/search-result.js';
import type { SearchResult } from '../models.js';

export function parseSearchDocument(json: unknown): SearchResult[] {
  return parseListDocument(json, 'search').data.map(toSearchResult);
}
