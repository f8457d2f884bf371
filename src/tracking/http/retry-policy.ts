/**
 * Pure decisions about retrying a request: which methods, statuses and transport failures may be retried, how long
 * to wait, and how to read `Retry-After`. Kept apart from the request loop so the policy is testable without time.
 *
 * Writes are never retried: a PATCH or POST that timed out may have been applied, and the API documents no
 * idempotency key, so repeating it could rotate a document twice.
 */

/** Only these methods are safe to repeat. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Transport error codes that mean "the request never got an answer" (undici and Node socket codes). */
const RETRYABLE_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const RETRYABLE_MESSAGE = /fetch failed|network|socket hang up|terminated|other side closed/i;

/**
 * The longest Retry-After believed: the quota is a rolling 60-second window (docs/domain-rules.md#rate-limits), so waiting longer
 * never frees more. An upstream sending `Retry-After: 86400` must not silence the bot, nor tell users to come back
 * tomorrow; whether to wait at all is decided separately (`maxRetryAfterMs`).
 */
export const RETRY_AFTER_CAP_MS = 60_000;

/** Backoff without Retry-After: 500 ms, 1 s, 2 s … capped, with jitter so many clients do not retry in lockstep. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 4_000;

export function isIdempotentMethod(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

/** 429 and every 5xx may succeed on a later attempt; 4xx other than 429 will not. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Whether a thrown transport error is a connection-level failure worth another attempt. */
export function isRetryableNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = errorCode(error) ?? errorCode(error.cause);
  if (code !== null && RETRYABLE_ERROR_CODES.has(code)) return true;
  // A programming bug (TypeError: x is not a function) must surface, not be repeated; only network-ish messages retry.
  return RETRYABLE_MESSAGE.test(error.message);
}

/** Whether the request may be sent again after `outcome` (a status, or a transport error). */
export function isRetryable(method: string, outcome: { status: number } | { error: unknown }): boolean {
  if (!isIdempotentMethod(method)) return false;
  if ('status' in outcome) return isRetryableStatus(outcome.status);
  return isRetryableNetworkError(outcome.error);
}

/**
 * `Retry-After` as milliseconds: delta-seconds (`"60"`) or an HTTP-date, relative to `nowMs`.
 * Returns null when absent or unparseable; never negative, never above `RETRY_AFTER_CAP_MS`.
 */
export function parseRetryAfterMs(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.min(RETRY_AFTER_CAP_MS, Math.round(Number(trimmed) * 1000));
  // An HTTP-date names its day and month; without letters `Date.parse` would read "-5" as the year -5.
  if (!/[a-z]/i.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, at - nowMs));
}

/**
 * Delay before retry number `attempt` (0-based) with "equal jitter": half the exponential step is fixed, the other
 * half random, so the delay lies in [step/2, step] where step = min(BACKOFF_MAX_MS, BACKOFF_BASE_MS · 2^attempt).
 */
export function backoffMs(attempt: number, random: () => number): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(step / 2 + (step / 2) * r);
}

function errorCode(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('code' in value)) return null;
  return typeof value.code === 'string' ? value.code : null;
}
