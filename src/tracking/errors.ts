/**
 * The one error type of the tracking layer. Every failure talking to the API (HTTP status, transport, parse) becomes a
 * TrackingApiError with a stable `code`, so cards and listeners can `switch` exhaustively instead of sniffing messages.
 * Messages never contain the API key or request headers.
 */

export type TrackingErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'feature_not_enabled'
  | 'not_found'
  | 'invalid_request'
  | 'rate_limited'
  | 'upstream'
  | 'timeout'
  | 'network'
  | 'bad_response';

/** One entry of a JSON:API `errors[]` body, flattened and tolerant of the API's missing fields. */
export interface ApiErrorDetail {
  status: string | null;
  title: string | null;
  detail: string | null;
  code: string | null;
  /** JSON pointer (`/data/attributes/ref_number`) or query parameter name (`include`), when the API says which. */
  pointer: string | null;
  parameter: string | null;
}

export interface TrackingApiErrorInit {
  code: TrackingErrorCode;
  message: string;
  status?: number | null;
  apiErrors?: ApiErrorDetail[];
  /** Seconds the API asked us to wait (429 `Retry-After`), when known. */
  retryAfterSeconds?: number | null;
  /** Request method and path (no host, no query values that could carry secrets). */
  request?: { method: string; path: string } | null;
  cause?: unknown;
}

export class TrackingApiError extends Error {
  override readonly name = 'TrackingApiError';
  readonly code: TrackingErrorCode;
  readonly status: number | null;
  readonly apiErrors: ApiErrorDetail[];
  readonly retryAfterSeconds: number | null;
  readonly request: { method: string; path: string } | null;

  constructor(init: TrackingApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status ?? null;
    this.apiErrors = init.apiErrors ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.request = init.request ?? null;
  }
}

export function isTrackingApiError(value: unknown): value is TrackingApiError {
  return value instanceof TrackingApiError;
}
