/**
 * The background share of the tracking API's quota (README "Watching shipments", budget): polls and webhook
 * re-fetches take a slot in a rolling 60-second window of `budgetPerMinute` requests, counted in the store so every
 * replica shares one budget, before they go through the tracking client's own guard for the whole account. People's
 * lookups only take the account's guard, so with the default budget (half the quota) they always have the other
 * half: background work waits; it never starves them. The meter reports the requests actually sent per minute.
 */
import type { Clock } from '../clock.js';
import type { QuotaStore } from '../store/index.js';

const WINDOW_MS = 60_000;
/** A slot is held until the answer (settle) or, if the process dies meanwhile, this long. */
const IN_FLIGHT_HOLD_MS = 75_000;
/** The API counts a request when it arrives; this covers the way there (see tracking/http/rate-limiter.ts). */
const ARRIVAL_MARGIN_MS = 2_000;

export type BudgetAnswer = { ok: true; done(): void } | { ok: false; retryAt: number };

export interface PollBudget {
  /** A slot for one background request, or when to try again. */
  take(): Promise<BudgetAnswer>;
  /** Background requests sent in the last 60 s by this process. */
  requestsLastMinute(): number;
  /** Every background request sent by this process. */
  readonly sent: number;
}

export function createPollBudget(options: {
  quota: QuotaStore;
  /** The budget's own account key in the quota table (derived from the API key's hash, never the key). */
  account: string;
  budgetPerMinute: number;
  wall: Clock;
}): PollBudget {
  const { quota, account, budgetPerMinute, wall } = options;
  const recent: number[] = [];
  let sent = 0;
  const prune = (now: number) => {
    while (recent.length > 0 && (recent[0] ?? 0) <= now - WINDOW_MS) recent.shift();
  };
  return {
    async take() {
      const now = wall.now().getTime();
      const answer = await quota.acquire(account, {
        limit: budgetPerMinute,
        windowMs: WINDOW_MS,
        now,
        inFlightHoldMs: IN_FLIGHT_HOLD_MS,
      });
      if (!answer.ok) return { ok: false, retryAt: Math.max(answer.nextFreeAt, now + 100) };
      sent += 1;
      recent.push(now);
      prune(now);
      return {
        ok: true,
        done: () => {
          const answered = wall.now().getTime();
          const freeAt = Math.max(now + WINDOW_MS + ARRIVAL_MARGIN_MS, answered + WINDOW_MS);
          quota.settle(answer.slotId, freeAt).catch(() => {});
        },
      };
    },
    requestsLastMinute() {
      prune(wall.now().getTime());
      return recent.length;
    },
    get sent() {
      return sent;
    },
  };
}
