/** Tracking-request reads, the PATCH that edits a request's reference number and tags, creation and number inference. */

import { isTrackingApiError, TrackingApiError } from '../errors.js';
import type {
  InferredNumber,
  NewTrackingRequest,
  Page,
  TrackingRequest,
  TrackingRequestDetail,
  TrackingRequestUpdate,
} from '../models.js';
import { parseInferNumberDocument } from '../parsers/infer-number.js';
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

/**
 * `POST /tracking_requests`: a write, sent once, in the creation quota (100/min, apart from reads). With no SCAC the
 * API is asked to detect the carrier (`auto_detect_vocc_scac`). A number the account already tracks answers 422 with
 * code `duplicate` on `request_number` (see `isDuplicateRequest`).
 */
export async function createTrackingRequest(
  ctx: ApiContext,
  request: NewTrackingRequest,
): Promise<TrackingRequest> {
  const attributes: Record<string, unknown> = {
    request_type: request.requestType,
    request_number: request.requestNumber,
  };
  if (request.scac) attributes.scac = request.scac;
  else attributes.auto_detect_vocc_scac = true;
  if (request.refNumbers && request.refNumbers.length > 0) attributes.ref_numbers = request.refNumbers;
  const json = await sendJson(ctx, {
    method: 'POST',
    path: '/tracking_requests',
    body: { data: { type: 'tracking_request', attributes } },
    invalidates: [],
    bucket: 'create',
  });
  if (json === null) {
    throw new TrackingApiError({
      code: 'bad_response',
      message: 'The tracking API created a tracking request but sent no document for it',
    });
  }
  return parseTrackingRequestDocument(json).trackingRequest;
}

/** `POST /tracking_requests/infer_number`: classifies a number (its own quota, 200/min); never retried. */
export async function inferNumber(ctx: ApiContext, number: string): Promise<InferredNumber> {
  const json = await sendJson(ctx, {
    method: 'POST',
    path: '/tracking_requests/infer_number',
    body: { number },
    invalidates: [],
    bucket: 'infer',
  });
  return parseInferNumberDocument(json, number);
}

/** True for the 422 that says the account already tracks this number (`code: duplicate`). */
export function isDuplicateRequest(error: unknown): boolean {
  return (
    isTrackingApiError(error) &&
    error.status === 422 &&
    error.apiErrors.some((detail) => detail.code === 'duplicate')
  );
}
