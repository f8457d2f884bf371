/** The remaining reads: search, vessels, email submissions. */
import {
  parseEmailSubmissionDocument,
  parseEmailSubmissionListDocument,
} from '../documents/email-submission.js';
import { parseSearchDocument } from '../documents/search.js';
import { parseVesselDocument } from '../documents/vessel.js';
import type { EmailSubmission, EmailSubmissionDetail, Page, SearchResult, Vessel } from '../models.js';
import type { PageRequest, ReadOptions, VesselWindow } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment } from './context.js';
import { tag } from './tags.js';

const POSITIONS_DEFAULT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

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

/**
 * `GET /vessels/{id}` (an IMO works too). Positions are a paid feature and need a window: without `from` the window
 * starts 7 days back, rounded down to the hour so repeated requests share one cache entry.
 */
export function getVessel(
  ctx: ApiContext,
  idOrImo: string,
  window: VesselWindow = {},
  options?: ReadOptions,
): Promise<Vessel> {
  const wantsPositions =
    window.withPositions === true || window.from !== undefined || window.to !== undefined;
  let from = window.from;
  if (wantsPositions && from === undefined) {
    const start = ctx.clock.now().getTime() - POSITIONS_DEFAULT_WINDOW_MS;
    from = new Date(start - (start % HOUR_MS)).toISOString();
  }
  return getJson(
    ctx,
    {
      path: `/vessels/${segment(idOrImo)}`,
      query: wantsPositions
        ? { 'show_positions[from_timestamp]': from, 'show_positions[to_timestamp]': window.to }
        : {},
      parse: (json) => parseVesselDocument(json),
      tags: (vessel) => [`vessel:${vessel.id}`],
    },
    options,
  );
}

export function getEmailSubmission(
  ctx: ApiContext,
  id: string,
  options?: ReadOptions,
): Promise<EmailSubmissionDetail> {
  return getJson(
    ctx,
    {
      path: `/email_submissions/${segment(id)}`,
      query: { include: 'documents' },
      parse: (json) => parseEmailSubmissionDocument(json),
      tags: (detail) => detail.documents.map((document) => tag.document(document.id)),
    },
    options,
  );
}

export function listEmailSubmissions(
  ctx: ApiContext,
  page?: PageRequest,
  options?: ReadOptions,
): Promise<Page<EmailSubmission>> {
  const query = pageQuery(page);
  return getJson(
    ctx,
    {
      path: '/email_submissions',
      query,
      parse: (json) => parseEmailSubmissionListDocument(json, { pageNumber: query['page[number]'] }),
      tags: () => [],
    },
    options,
  );
}
