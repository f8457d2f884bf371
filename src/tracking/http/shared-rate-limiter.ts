/**
 * The quota guard when several processes share one tracking-API account: the slots are rows in a shared ledger (the
 * store), so replicas together never send more than the account's limit in any 60-second window, and an upstream 429
 * pauses them all. Each slot is held while its request is in flight and until 60 s after it arrived, as in the
 * in-process guard (rate-limiter.ts): a crashed process's slots expire on their own. When the ledger cannot be reached
 * the process falls back to its own in-process guard, so lookups keep working through a database outage (each replica
 * then counts alone, which can only exceed the limit, never block the bot).
 */
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import {
  ARRIVAL_MARGIN_MS,
  notSent,
  RATE_WINDOW_MS,
  type RateLimiter,
  type SendSlot,
} from './rate-limiter.js';
import type { Sleep } from './timers.js';

/** One account's slots in a shared ledger (`store.quota` for one account and limit has this shape). */
export interface SharedQuota {
  acquire(
    now: number,
    inFlightHoldMs: number,
  ): Promise<{ ok: true; slotId: string } | { ok: false; nextFreeAt: number; paused: boolean }>;
  settle(slotId: string, freeAt: number): Promise<void>;
  pause(untilMs: number): Promise<void>;
}

export interface SharedRateLimiterOptions {
  quota: SharedQuota;
  limitPerMinute: number;
  clock: Clock;
  sleep: Sleep;
  logger: Logger;
  /** Used while the shared ledger is unreachable. */
  fallback: RateLimiter;
  /** How long an attempt may be in flight (the executor's attempt timeout). */
  attemptTimeoutMs: number;
}

const SLOT_HOLD_MS = RATE_WINDOW_MS + ARRIVAL_MARGIN_MS;
/** Spreads the retries of replicas waiting for the same slot. */
const WAKE_JITTER_MS = 25;

export function createSharedRateLimiter(options: SharedRateLimiterOptions): RateLimiter {
  const { quota, clock, sleep, logger } = options;
  const inFlightHoldMs = options.attemptTimeoutMs + SLOT_HOLD_MS;
  let degraded = false;
  const degrade = (error: unknown) => {
    if (!degraded) logger.warn('shared quota unreachable; counting in this process only', { error });
    degraded = true;
  };

  return {
    async acquire(budgetMs, signal) {
      const deadline = clock.now().getTime() + Math.max(0, budgetMs);
      for (;;) {
        if (signal?.aborted) throw signal.reason;
        const now = clock.now().getTime();
        let answer: Awaited<ReturnType<SharedQuota['acquire']>>;
        try {
          answer = await quota.acquire(now, inFlightHoldMs);
        } catch (error) {
          degrade(error);
          return options.fallback.acquire(Math.max(0, deadline - now), signal);
        }
        if (degraded) {
          degraded = false;
          logger.info('shared quota reachable again');
        }
        if (answer.ok) return slotFor(answer.slotId, now);
        if (answer.nextFreeAt > deadline) {
          throw notSent(answer.nextFreeAt, now, answer.paused, options.limitPerMinute);
        }
        await sleep(answer.nextFreeAt - now + Math.floor(Math.random() * WAKE_JITTER_MS), signal);
      }
    },
    pauseFor(ms) {
      const until = clock.now().getTime() + ms;
      options.fallback.pauseFor(ms);
      quota.pause(until).catch(degrade);
    },
  };

  function slotFor(slotId: string, sentAt: number): SendSlot {
    let settled = false;
    return {
      settle() {
        if (settled) return;
        settled = true;
        const freeAt = Math.max(sentAt + SLOT_HOLD_MS, clock.now().getTime() + RATE_WINDOW_MS);
        quota.settle(slotId, freeAt).catch(degrade);
      },
    };
  }
}
