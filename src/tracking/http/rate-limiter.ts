/**
 * Client-side quota guard. The API allows 100 requests per rolling 60 s window per account and answers 429 beyond
 * it; collecting 429s wastes the user's wait and the account's goodwill. So every request that goes upstream takes a
 * slot first. When the window is full the request queues (first come, first served) for the next free slot if that
 * fits its time budget, and otherwise fails fast as `rate_limited` (with the wait as `retryAfterSeconds`) without
 * being sent. A server 429 pauses every sender, queued ones included, until its Retry-After has passed. Cache hits
 * and coalesced reads never take a slot.
 *
 * The API counts a request when it arrives, not when we send it, so booking "send time + 60 s" lets network latency
 * slide two windows into each other (a slot freed at t + 60 s is reused by a send that arrives before the first
 * one's arrival + 60 s). A slot is therefore held while the request is in flight and until 60 s after the later of
 * its answer and send + `ARRIVAL_MARGIN_MS`: the answer proves the request has arrived, and the margin covers the way
 * there for answers that come back fast.
 */
import type { Clock } from '../../clock.js';
import { TrackingApiError } from '../errors.js';
import type { Sleep } from './timers.js';

export const RATE_WINDOW_MS = 60_000;
/** The longest one-way trip to the API assumed for a request answered quickly. */
export const ARRIVAL_MARGIN_MS = 2_000;

/** A taken slot. `settle()` once the attempt is over (answer, error or timeout); until then the slot stays held. */
export interface SendSlot {
  settle(): void;
}

export interface RateLimiter {
  /** Waits for a send slot, or throws `rate_limited` when the wait would exceed `budgetMs`. */
  acquire(budgetMs: number, signal?: AbortSignal): Promise<SendSlot>;
  /** The server said 429: nobody sends before `ms` from now. */
  pauseFor(ms: number): void;
}

export interface RateLimiterOptions {
  /** Requests per rolling minute; 0 or a non-finite value disables the guard. */
  limitPerMinute: number;
  clock: Clock;
  sleep: Sleep;
}

interface Booking {
  sentAt: number;
  /** Null while the request is in flight. */
  freeAt: number | null;
}

interface Ticket {
  /** Aborted to make a queued request re-plan now (a 429 paused everyone, or someone ahead left the queue). */
  wake: AbortController;
}

const SLOT_HOLD_MS = RATE_WINDOW_MS + ARRIVAL_MARGIN_MS;
const UNGUARDED: SendSlot = Object.freeze({ settle() {} });

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { clock, sleep } = options;
  const limit = options.limitPerMinute;
  const disabled = !Number.isFinite(limit) || limit <= 0;
  let bookings: Booking[] = [];
  const queue: Ticket[] = [];
  let pausedUntil = 0;

  const nudgeQueue = () => {
    for (const ticket of queue) ticket.wake.abort();
  };

  /**
   * Earliest time the request at queue `position` may send, if everyone ahead of it sends as soon as they may.
   * For a request still in flight the slot is assumed to free at its earliest possible moment; the queue re-plans
   * on waking, so a later answer only moves the plan back, never lets a send through too early.
   */
  const plannedStart = (position: number, now: number): number => {
    const notBefore = Math.max(now, pausedUntil);
    if (disabled) return notBefore;
    bookings = bookings.filter((b) => b.freeAt === null || b.freeAt > now);
    const held = bookings
      .map((b) => b.freeAt ?? Math.max(b.sentAt + SLOT_HOLD_MS, now + RATE_WINDOW_MS))
      .sort((a, b) => a - b);
    // One entry per slot: when it is next free. Free slots are free now.
    const slots = [...Array<number>(Math.max(0, limit - held.length)).fill(now), ...held].slice(-limit);
    let start = notBefore;
    for (let i = 0; i <= position; i++) {
      // Every booking made here frees after all the slots already listed, so the list stays sorted.
      start = Math.max(notBefore, slots[i] ?? notBefore);
      slots.push(start + SLOT_HOLD_MS);
    }
    return start;
  };

  const book = (now: number): SendSlot => {
    if (disabled) return UNGUARDED;
    const booking: Booking = { sentAt: now, freeAt: null };
    bookings.push(booking);
    return {
      settle() {
        if (booking.freeAt !== null) return;
        booking.freeAt = Math.max(booking.sentAt + SLOT_HOLD_MS, clock.now().getTime() + RATE_WINDOW_MS);
      },
    };
  };

  return {
    async acquire(budgetMs, signal) {
      const deadline = clock.now().getTime() + Math.max(0, budgetMs);
      const ticket: Ticket = { wake: new AbortController() };
      const onAbort = () => ticket.wake.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      let queued = false;
      let booked = false;
      try {
        for (;;) {
          if (signal?.aborted) throw signal.reason;
          const now = clock.now().getTime();
          const at = plannedStart(queued ? queue.indexOf(ticket) : queue.length, now);
          if (at <= now) {
            booked = true;
            return book(now);
          }
          if (at > deadline) throw notSent(at, now, at === pausedUntil, limit);
          if (!queued) {
            queue.push(ticket);
            queued = true;
          }
          ticket.wake = new AbortController();
          await sleep(at - now, ticket.wake.signal);
        }
      } finally {
        signal?.removeEventListener('abort', onAbort);
        if (queued) {
          queue.splice(queue.indexOf(ticket), 1);
          // The slot this request was counted on is free again for those behind it.
          if (!booked) nudgeQueue();
        }
      }
    },
    pauseFor(ms) {
      const until = clock.now().getTime() + ms;
      if (until <= pausedUntil) return;
      pausedUntil = until;
      nudgeQueue();
    },
  };
}

export function notSent(at: number, now: number, paused: boolean, limit: number): TrackingApiError {
  const seconds = Math.max(1, Math.ceil((at - now) / 1000));
  const why = paused
    ? 'the tracking API asked us to slow down'
    : `the quota of ${limit} requests per minute is used up`;
  return new TrackingApiError({
    code: 'rate_limited',
    retryAfterSeconds: seconds,
    message: `Not sent: ${why}; next slot in ${seconds} s`,
  });
}
