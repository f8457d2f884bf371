/**
 * Client-side quota guard. The API allows 100 requests per rolling 60 s window per account and answers 429 beyond
 * it; collecting 429s wastes the user's wait and the account's goodwill. So every request that goes upstream takes a
 * slot first. When the window is full the request waits for the next free slot if that fits its time budget, and
 * otherwise fails fast as `rate_limited` (with the wait as `retryAfterSeconds`) without being sent. A server 429
 * pauses every sender until its Retry-After has passed. Cache hits and coalesced reads never take a slot.
 */
import type { Clock } from '../../clock.js';
import { TrackingApiError } from '../errors.js';
import type { Sleep } from './timers.js';

export const RATE_WINDOW_MS = 60_000;

export interface RateLimiter {
  /** Waits for a send slot, or throws `rate_limited` when the wait would exceed `budgetMs`. */
  acquire(budgetMs: number, signal?: AbortSignal): Promise<void>;
  /** The server said 429: nobody sends before `ms` from now. */
  pauseFor(ms: number): void;
}

export interface RateLimiterOptions {
  /** Requests per rolling minute; 0 or a non-finite value disables the guard. */
  limitPerMinute: number;
  clock: Clock;
  sleep: Sleep;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const limit = options.limitPerMinute;
  const disabled = !Number.isFinite(limit) || limit <= 0;
  /** Send times (ms), oldest first; future entries are slots already promised to waiting requests. */
  const sends: number[] = [];
  let pausedUntil = 0;

  const nextSlot = (now: number): number => {
    while (sends.length > 0 && (sends[0] ?? 0) <= now - RATE_WINDOW_MS) sends.shift();
    let at = Math.max(now, pausedUntil);
    if (sends.length >= limit) at = Math.max(at, (sends[sends.length - limit] ?? 0) + RATE_WINDOW_MS);
    return at;
  };

  return {
    async acquire(budgetMs, signal) {
      if (disabled && pausedUntil === 0) return;
      const now = options.clock.now().getTime();
      const at = disabled ? Math.max(now, pausedUntil) : nextSlot(now);
      const waitMs = at - now;
      if (waitMs > budgetMs) {
        const seconds = Math.ceil(waitMs / 1000);
        const why =
          at === pausedUntil
            ? 'the tracking API asked us to slow down'
            : `the quota of ${limit} requests per minute is used up`;
        throw new TrackingApiError({
          code: 'rate_limited',
          retryAfterSeconds: seconds,
          message: `Not sent: ${why}; next slot in ${seconds} s`,
        });
      }
      if (!disabled) insertSorted(sends, at);
      if (waitMs > 0) await options.sleep(waitMs, signal);
    },
    pauseFor(ms) {
      pausedUntil = Math.max(pausedUntil, options.clock.now().getTime() + ms);
    },
  };
}

function insertSorted(list: number[], value: number): void {
  let i = list.length;
  while (i > 0 && (list[i - 1] ?? 0) > value) i--;
  list.splice(i, 0, value);
}
