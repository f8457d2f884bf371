/**
 * The one scheduler of the tracking API's background budget, keyed by account id (README "Watching shipments", the
 * budget). An account's quota (100 requests per rolling minute at Terminal49) is split: people's lookups take only
 * the account's own guard, so the part outside `perMinute` is always theirs; background work — webhook re-fetches,
 * polls, sweeps — takes a slot here first, counted in the store so every replica shares one budget.
 *
 * Priority is two things. In line: the job queue hands out webhook work before any poll and urgent polls before
 * routine ones (priority.ts). In the budget: each class may fill it only up to its own ceiling — webhooks all of it,
 * polls all but a reserve, sweeps all but two — so a webhook that arrives after a burst of polls still finds a slot.
 *
 * Polls and sweeps are also spread over the minute — at most a twelfth of their ceiling in any 5 seconds — so a
 * backlog never takes the whole minute at once: slots then free one by one, and a webhook that comes after the reserve
 * is spent waits a second or two for the next one, not for the minute to roll over.
 *
 * A refusal says when a slot frees and which lanes to stop claiming until then (the refused class and every class
 * after it): the worker releases the job untouched and waits, so waiting costs no CPU and the backlog keeps its
 * order. Each process also remembers what it sent, per priority, for the plan and for metrics.
 */
import type { Clock } from '../clock.js';
import type { QuotaStore } from '../store/index.js';
import type { Priority } from './priority.js';

const WINDOW_MS = 60_000;
/** A slot is held until the answer (settle) or, if the process dies meanwhile, this long. */
const IN_FLIGHT_HOLD_MS = 75_000;
/** The API counts a request when it arrives; this covers the way there (see tracking/http/rate-limiter.ts). */
const ARRIVAL_MARGIN_MS = 2_000;
/** How far back "lately" looks when measuring webhook work for the plan. */
const RECENT_MS = 5 * 60_000;
/** Polls and sweeps take at most a twelfth of their ceiling in any window this long. */
const SPREAD_MS = 5_000;

/** The lanes of an account's budget, most important first: a refusal stops its own lane and those after it. */
const LANES = ['webhook', 'poll', 'sweep'] as const;
type LaneName = (typeof LANES)[number];

export type BudgetSlot = { ok: true; done(): void };
export type BudgetRefusal = { ok: false; until: number; lanes: string[] };

export interface ApiBudget {
  /** The queue lane of background work of `priority` for `accountId`. */
  lane(accountId: string, priority: Priority): string;
  /** A slot for one request, or when to try again and which lanes to hold until then. */
  take(accountId: string, priority: Priority): Promise<BudgetSlot | BudgetRefusal>;
  /** Requests per minute kept for webhook work. */
  reservePerMinute(accountId: string): number;
  perMinute(accountId: string): number;
  /** Requests this process sent for the account in the last `windowMs`, by priority. */
  sent(accountId: string, windowMs?: number): Readonly<Record<Priority, number>>;
  /** Every request this process sent, by account and priority (metrics). */
  readonly totals: ReadonlyMap<string, Readonly<Record<Priority, number>>>;
}

export interface ApiBudgetOptions {
  quota: QuotaStore;
  wall: Clock;
  /** The background budget of an account, in requests per rolling minute. */
  perMinute: (accountId: string) => number;
  /** Told of every slot granted (metrics). */
  observe?: (accountId: string, priority: Priority) => void;
}

const zero = (): Record<Priority, number> => ({
  interactive: 0,
  webhook: 0,
  urgent: 0,
  routine: 0,
  sweep: 0,
});

function laneOf(priority: Priority): LaneName {
  return priority === 'sweep'
    ? 'sweep'
    : priority === 'urgent' || priority === 'routine'
      ? 'poll'
      : 'webhook';
}

export function createApiBudget(options: ApiBudgetOptions): ApiBudget {
  const { quota, wall } = options;
  const recent = new Map<string, Array<{ at: number; priority: Priority }>>();
  const totals = new Map<string, Record<Priority, number>>();
  const reserve = (accountId: string) => Math.max(1, Math.round(options.perMinute(accountId) * 0.1));
  const ceiling = (accountId: string, lane: LaneName) => {
    const budget = options.perMinute(accountId);
    const held = reserve(accountId) * LANES.indexOf(lane);
    return Math.max(1, budget - held);
  };
  const remember = (accountId: string, priority: Priority, at: number) => {
    const list = recent.get(accountId) ?? [];
    list.push({ at, priority });
    while (list.length > 0 && (list[0]?.at ?? 0) <= at - RECENT_MS) list.shift();
    recent.set(accountId, list);
    const total = totals.get(accountId) ?? zero();
    total[priority] += 1;
    totals.set(accountId, total);
  };
  const lane = (accountId: string, priority: Priority) => `api:${accountId}:${laneOf(priority)}`;

  return {
    lane,
    async take(accountId, priority) {
      const now = wall.now().getTime();
      const own = laneOf(priority);
      const held = () => LANES.slice(LANES.indexOf(own)).map((name) => `api:${accountId}:${name}`);
      if (own !== 'webhook') {
        const spread = await quota.acquire(`api-spread:${accountId}`, {
          limit: Math.max(1, Math.ceil(ceiling(accountId, 'poll') / 12)),
          windowMs: SPREAD_MS,
          now,
          inFlightHoldMs: SPREAD_MS,
        });
        if (!spread.ok) return { ok: false, until: Math.max(spread.nextFreeAt, now + 1), lanes: held() };
      }
      const answer = await quota.acquire(`api-budget:${accountId}`, {
        limit: ceiling(accountId, own),
        windowMs: WINDOW_MS,
        now,
        inFlightHoldMs: IN_FLIGHT_HOLD_MS,
      });
      if (!answer.ok) return { ok: false, until: Math.max(answer.nextFreeAt, now + 1), lanes: held() };
      remember(accountId, priority, now);
      options.observe?.(accountId, priority);
      return {
        ok: true,
        done: () => {
          const answered = wall.now().getTime();
          const freeAt = Math.max(now + WINDOW_MS + ARRIVAL_MARGIN_MS, answered + WINDOW_MS);
          quota.settle(answer.slotId, freeAt).catch(() => {});
        },
      };
    },
    reservePerMinute: reserve,
    perMinute: (accountId) => options.perMinute(accountId),
    sent(accountId, windowMs = WINDOW_MS) {
      const since = wall.now().getTime() - windowMs;
      const counts = zero();
      for (const item of recent.get(accountId) ?? []) if (item.at > since) counts[item.priority] += 1;
      return counts;
    },
    totals,
  };
}
