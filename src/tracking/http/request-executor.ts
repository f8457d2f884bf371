/**
 * Sends one API request: authentication, quota slot, per-attempt deadline, and for reads a bounded retry loop.
 *
 * Reads (GET) retry on 429 (honouring Retry-After up to `maxRetryAfterMs`), 5xx, connection failures and attempt
 * timeouts, at most `maxRetries` times, and never past `totalTimeoutMs` from the first call: a retry that could not
 * finish in the remaining budget is not started. Writes get exactly one attempt, within the same total.
 *
 * Waiting for a quota slot comes out of the total budget minus one full attempt: a request that queued still gets
 * `attemptTimeoutMs` to be answered, and one that cannot get a slot in time fails fast as `rate_limited` (with the
 * time to retry) instead of being sent only to time out — the API would count it all the same.
 */
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { TrackingApiError } from '../errors.js';
import type { RateLimiter, SendSlot } from './rate-limiter.js';
import {
  backoffMs,
  isIdempotentMethod,
  isRetryable,
  parseRetryAfterMs,
  RETRY_AFTER_CAP_MS,
} from './retry-policy.js';
import type { Sleep } from './timers.js';
import { type RequestLabel, toTrackingError, transportFailure } from './to-tracking-error.js';
import type { HttpResponse, HttpTransport } from './transport.js';

/** A 429 without Retry-After still means "slow down"; an absurd Retry-After must not silence the bot for hours. */
const DEFAULT_429_PAUSE_MS = 1_000;
const MAX_429_PAUSE_MS = RETRY_AFTER_CAP_MS;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * The API's rate-limit buckets (docs/tracking-api.md, rate limits): creating tracking requests (100/min) and
 * inferring numbers (200/min) are counted apart from everything else (100/min), so they take slots of their own.
 */
export type QuotaBucket = 'default' | 'create' | 'infer';

export interface ApiRequest {
  method: HttpMethod;
  url: string;
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Which of the API's quotas the request spends (default: the shared one). */
  bucket?: QuotaBucket;
}

export interface ApiResponse extends HttpResponse {
  /** When the API answered (drives `fetchedAt`). */
  receivedAt: Date;
  /** Another replica's answer read from the store: when it was stored (wall clock), so it ages from then. */
  sharedAt?: number;
}

export interface ExecutorOptions {
  transport: HttpTransport;
  apiKey: string;
  /** Every other secret the process holds, scrubbed like the key from what the API echoes (secrets.ts). */
  secrets?: readonly string[];
  clock: Clock;
  /** What a reading is stamped with (`receivedAt`); default `clock`. Demo time in the local workspace. */
  readingClock?: Clock;
  sleep: Sleep;
  random: () => number;
  logger: Logger;
  limiter: RateLimiter;
  /** The guards of the API's other buckets; a bucket without one spends `limiter`. */
  bucketLimiters?: Partial<Record<Exclude<QuotaBucket, 'default'>, RateLimiter>>;
  attemptTimeoutMs: number;
  totalTimeoutMs: number;
  maxRetries: number;
  maxRetryAfterMs: number;
  /** Told of every attempt that was sent: its status, or null when no answer came (metrics count requests and 429s). */
  observe?: (attempt: { method: HttpMethod; status: number | null }) => void;
}

export type RequestExecutor = (request: ApiRequest) => Promise<ApiResponse>;

type AttemptOutcome = { response: HttpResponse } | { error: unknown; timedOut: boolean };

/**
 * Why an attempt's deadline timer is cancelled once the attempt settled. `abort()` without a reason builds a new
 * DOMException, stack trace included, on every request; nothing reads this reason.
 */
const ATTEMPT_SETTLED = Object.freeze({ reason: 'attempt settled' });

export function createRequestExecutor(options: ExecutorOptions): RequestExecutor {
  const { clock, sleep, logger } = options;
  const limiterOf = (bucket: QuotaBucket | undefined): RateLimiter =>
    (bucket && bucket !== 'default' ? options.bucketLimiters?.[bucket] : undefined) ?? options.limiter;
  const secrets = [options.apiKey, ...(options.secrets ?? [])];
  const readHeaders = Object.freeze({
    authorization: `Token ${options.apiKey}`,
    accept: 'application/json',
  });
  const writeHeaders = Object.freeze({ ...readHeaders, 'content-type': 'application/json' });

  const attempt = async (request: ApiRequest, timeoutMs: number): Promise<AttemptOutcome> => {
    const controller = new AbortController();
    const deadline = new AbortController();
    const caller = request.signal;
    const onCallerAbort = () => controller.abort(caller?.reason);
    caller?.addEventListener('abort', onCallerAbort, { once: true });
    let timedOut = false;
    const expiry = sleep(timeoutMs, deadline.signal).then((): AttemptOutcome => {
      timedOut = !deadline.signal.aborted;
      if (timedOut) controller.abort(new Error('attempt timed out'));
      return { error: new Error(`attempt timed out after ${timeoutMs} ms`), timedOut: true };
    });
    const aborted = new Promise<AttemptOutcome>((resolve) => {
      controller.signal.addEventListener(
        'abort',
        () => resolve({ error: controller.signal.reason, timedOut }),
        {
          once: true,
        },
      );
    });
    const sent = options
      .transport({
        method: request.method,
        url: request.url,
        headers: request.body === undefined ? readHeaders : writeHeaders,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
      })
      .then(
        (response): AttemptOutcome => ({ response }),
        (error: unknown): AttemptOutcome => ({ error, timedOut }),
      );
    try {
      // A transport that ignores its signal (an in-process handler that hangs) must not hang the caller with it.
      return await Promise.race([sent, expiry, aborted]);
    } finally {
      deadline.abort(ATTEMPT_SETTLED);
      caller?.removeEventListener('abort', onCallerAbort);
    }
  };

  return async (request) => {
    const label: RequestLabel = { method: request.method, path: pathOf(request.url) };
    const limiter = limiterOf(request.bucket);
    const retries = isIdempotentMethod(request.method) ? Math.max(0, options.maxRetries) : 0;
    const deadlineAt = clock.now().getTime() + Math.max(options.totalTimeoutMs, options.attemptTimeoutMs);

    for (let attemptNumber = 0; ; attemptNumber++) {
      const queueBudgetMs = deadlineAt - clock.now().getTime() - options.attemptTimeoutMs;
      const slot = await acquireSlot(limiter, queueBudgetMs, request, label, secrets);
      let outcome: AttemptOutcome;
      try {
        throwIfCallerAborted(request, label, secrets);
        const remaining = deadlineAt - clock.now().getTime();
        outcome = await attempt(request, Math.max(1, Math.min(options.attemptTimeoutMs, remaining)));
      } finally {
        slot.settle();
      }
      options.observe?.({
        method: request.method,
        status: 'response' in outcome ? outcome.response.status : null,
      });
      const now = clock.now();

      if ('response' in outcome && outcome.response.status >= 200 && outcome.response.status < 300) {
        return { ...outcome.response, receivedAt: options.readingClock?.now() ?? now };
      }
      throwIfCallerAborted(request, label, secrets);

      let error: TrackingApiError;
      let waitMs: number;
      if ('response' in outcome) {
        const { response } = outcome;
        error = toTrackingError(response, label, now.getTime(), secrets);
        const retryAfterMs = parseRetryAfterMs(response.headers['retry-after'], now.getTime());
        if (response.status === 429)
          limiter.pauseFor(Math.min(retryAfterMs ?? DEFAULT_429_PAUSE_MS, MAX_429_PAUSE_MS));
        if (!isRetryable(request.method, { status: response.status }) || attemptNumber >= retries)
          throw error;
        if (retryAfterMs !== null && retryAfterMs > options.maxRetryAfterMs) throw error;
        waitMs = retryAfterMs ?? backoffMs(attemptNumber, options.random);
      } else {
        error = transportFailure(outcome.timedOut ? 'timeout' : 'network', label, outcome.error, secrets);
        const retryable = outcome.timedOut || isRetryable(request.method, { error: outcome.error });
        if (!retryable || !isIdempotentMethod(request.method) || attemptNumber >= retries) throw error;
        waitMs = backoffMs(attemptNumber, options.random);
      }
      // Starting a retry that cannot finish inside the budget only delays the inevitable error.
      if (now.getTime() + waitMs >= deadlineAt) throw error;
      logger.debug('tracking api: retrying', {
        method: label.method,
        path: label.path,
        code: error.code,
        status: error.status,
        attempt: attemptNumber + 1,
        waitMs,
      });
      await sleep(waitMs, request.signal);
    }
  };
}

async function acquireSlot(
  limiter: RateLimiter,
  budgetMs: number,
  request: ApiRequest,
  label: RequestLabel,
  secrets: readonly string[],
): Promise<SendSlot> {
  try {
    return await limiter.acquire(Math.max(0, budgetMs), request.signal);
  } catch (error) {
    throwIfCallerAborted(request, label, secrets);
    throw error;
  }
}

function throwIfCallerAborted(request: ApiRequest, label: RequestLabel, secrets: readonly string[]): void {
  if (request.signal?.aborted) throw transportFailure('timeout', label, request.signal.reason, secrets);
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  return query < 0 ? url.slice(start) : url.slice(start, query);
}
