/** Tracking-request reads and the PATCH that edits a request's reference number and tags. */

import { TrackingApiError } from '../errors.js';
import type { Page, TrackingRequest, TrackingRequestDetail, TrackingRequestUpdate } from '../models.js';
import {
  parseTrackingRequestDocument,
  parseTrackingRequestListDocument,
} from '../parsers/tracking-request.js';
import type { PageRequest, ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment, sendJson } from './context.js';
import { tag, trackingRequestTags } from './tags.js';

export function getTrackingRequest(
  ctx: ApiContext,
  id: string,
  options?: ReadOptions,
): Promise<TrackingRequestDetail> {
  return getJson(
    ctx,
    {
      path: `/tracking_requests/${segment(id)}`,
      parse: (json) => parseTrackingRequestDocument(json),
      tags: (detail) => trackingRequestTags(detail.trackingRequest),
    },
    options,
  );
}

export function listTrackingRequests(
  ctx: ApiContext,
  page?: PageRequest,
  options?: ReadOptions,
): Promise<Page<TrackingRequest>> {
  const query = pageQuery(page);
  return getJson(
    ctx,
    {
      path: '/tracking_requests',
      query,
      parse: (json) => parseTrackingRequestListDocument(json, { pageNumber: query['page[number]'] }),
      tags: (result) => result.items.flatMap(trackingRequestTags),
    },
    options,
  );
}

/**
 * `PATCH /tracking_requests/{id}` with only the attributes being changed (`ref_number` is singular in the API).
 * An empty update is refused before anything is sent.
 */
export async function updateTrackingRequest(
  ctx: ApiContext,
  id: string,
  update: TrackingRequestUpdate,
): Promise<TrackingRequest> {
  const attributes: Record<string, unknown> = {};
  if (update.refNumber !== undefined) attributes.ref_number = update.refNumber;
  if (update.tags !== undefined) attributes.tags = update.tags;
  if (Object.keys(attributes).length === 0) {
    throw new TrackingApiError({
      code: 'invalid_request',
      message: 'Nothing to update on the tracking request',
    });
  }
  const json = await sendJson(ctx, {
    method: 'PATCH',
    path: `/tracking_requests/${segment(id)}`,
    body: { data: { id, type: 'tracking_request', attributes } },
    invalidates: [tag.trackingRequest(id)],
  });
  // The OAS documents a `{data}` answer; should a server send none, read the request back instead of guessing.
  if (json === null) return (await getTrackingRequest(ctx, id, { fresh: true })).trackingRequest;
  return parseTrackingRequestDocument(json).trackingRequest;
}
