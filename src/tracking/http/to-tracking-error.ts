/**
 * The one place where an HTTP status, a response body or a thrown transport error becomes a TrackingApiError.
 * Messages are built from the API's own error details and the request path only, never from headers, so the API key
 * cannot leak into a message, a log line or a card.
 */

import { redact } from '../../secrets.js';
import { type ApiErrorDetail, TrackingApiError, type TrackingErrorCode } from '../errors.js';
import { parseApiErrorBody, summarizeApiErrors } from './api-error-body.js';
import { parseRetryAfterMs } from './retry-policy.js';

export interface RequestLabel {
  method: string;
  /** URL path only (no host, no query). */
  path: string;
}

export interface HttpFailure {
  status: number;
  headers: Readonly<Record<string, string>>;
  text: string;
}

const FEATURE_PATTERN = /not enabled|feature/i;

/**
 * Maps a non-2xx response to its error code: 401, 403 (feature or not), 404, 400/409/422, 429, 5xx. (toTrackingError
 * first sets apart a 404 that carries no API errors: that one is bad_response.)
 */
export function codeForStatus(status: number, details: readonly ApiErrorDetail[]): TrackingErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) {
    const feature = details.some((d) => FEATURE_PATTERN.test(`${d.title ?? ''} ${d.detail ?? ''}`));
    return feature ? 'feature_not_enabled' : 'forbidden';
  }
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'upstream';
  if (status >= 400) return 'invalid_request';
  return 'bad_response';
}

/** A TrackingApiError for an HTTP response that was not the success the caller expected. */
export function toTrackingError(
  response: HttpFailure,
  request: RequestLabel,
  nowMs: number,
  secrets: readonly string[] = [],
): TrackingApiError {
  // An API that echoes a secret back ("Invalid token abc…") must not put it into a card or a log line.
  const apiErrors = parseApiErrorBody(redact(response.text, secrets));
  if (response.status === 404 && apiErrors.length === 0) {
    // The API's own 404 ("no such shipment") always carries JSON:API errors. A 404 without them is a page from an
    // unknown route (Rails' HTML 404) or from something in front of the API: the route was wrong, nothing was
    // proven absent, so "check the number" would send the person after a number that may be fine.
    return new TrackingApiError({
      code: 'bad_response',
      status: 404,
      request,
      message: `${request.method} ${request.path} failed with HTTP 404: the API answered with an unexpected page, not an API error (unknown route?)`,
    });
  }
  const code = codeForStatus(response.status, apiErrors);
  const retryAfterMs = parseRetryAfterMs(response.headers['retry-after'], nowMs);
  const summary = summarizeApiErrors(apiErrors);
  const what = summary === '' ? defaultReason(response.status) : summary;
  return new TrackingApiError({
    code,
    status: response.status,
    apiErrors,
    retryAfterSeconds: retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000),
    request,
    message: `${request.method} ${request.path} failed with HTTP ${response.status}: ${what}`,
  });
}

/** A TrackingApiError for a request that got no usable answer (connection failure or our own timeout). */
export function transportFailure(
  code: 'network' | 'timeout',
  request: RequestLabel,
  cause: unknown,
  secrets: readonly string[],
): TrackingApiError {
  const reason = code === 'timeout' ? 'timed out' : 'could not reach the tracking API';
  return new TrackingApiError({
    code,
    request,
    message: `${request.method} ${request.path} ${reason}`,
    cause: sanitizeCause(cause, secrets),
  });
}

/** A copy of `cause` whose message cannot carry a secret (transport errors may echo request details). */
export function sanitizeCause(cause: unknown, secrets: readonly string[]): Error | undefined {
  if (cause === undefined || cause === null) return undefined;
  const source = cause instanceof Error ? cause : new Error(String(cause));
  const message = redact(source.message, secrets);
  const copy = new Error(message);
  copy.name = source.name;
  const code = 'code' in source && typeof source.code === 'string' ? source.code : null;
  if (code !== null) Object.defineProperty(copy, 'code', { value: code, enumerable: true });
  return copy;
}

function defaultReason(status: number): string {
  if (status === 404) return 'not found';
  if (status === 429) return 'rate limited';
  if (status >= 500) return 'the tracking API had a problem';
  return 'unexpected response';
}
