/**
 * The polling plan of one account, as this process knows it (src/jobs/polling-plan.ts decides; this measures and
 * remembers): the polls per minute the watched shipments need (the store sums them), the account's background budget
 * and its webhook reserve, and the webhook work this process did lately. Refreshed by the minute sweep, and by any
 * reading that finds the plan older than a minute, so every replica stretches cadences alike.
 *
 * A shortfall is said out loud once (README "Watching shipments", the budget): one warning line when it starts and
 * one when it ends, whichever replica notices, through a claim in the store that lives as long as the shortfall.
 */
import { type ApiBudget, type PollingPlan, planPolling } from '../jobs/index.js';
import type { Logger } from '../logger.js';
import type { PollDemand, Store } from '../store/index.js';
import type { WatchClocks } from './watch-clocks.js';

const STALE_MS = 60_000;
const LATELY_MS = 5 * 60_000;
const YEAR_MS = 365 * 24 * 3_600_000;

export interface PollPlanner {
  /** The last plan (no stretching until the first refresh). */
  current(): PollingPlan;
  /** The plan, refreshed first when older than a minute. */
  fresh(): Promise<PollingPlan>;
  /** Measures again, plans again, and says so when a shortfall starts or ends. */
  refresh(): Promise<PollingPlan>;
  /** The demand the last plan was made from. */
  demand(): PollDemand;
}

export function createPollPlanner(options: {
  store: Pick<Store, 'watching' | 'claims'>;
  budget: ApiBudget;
  accountId: string;
  clocks: WatchClocks;
  logger: Logger;
}): PollPlanner {
  const { store, budget, accountId, clocks, logger } = options;
  let demand: PollDemand = {
    urgent: { shipments: 0, perMinute: 0 },
    routine: { shipments: 0, perMinute: 0 },
  };
  const planFor = (measured: PollDemand) =>
    planPolling({
      budgetPerMinute: budget.perMinute(accountId),
      reservePerMinute: budget.reservePerMinute(accountId),
      webhookPerMinute: budget.sent(accountId, LATELY_MS).webhook / (LATELY_MS / 60_000),
      urgentPerMinute: measured.urgent.perMinute,
      routinePerMinute: measured.routine.perMinute,
    });
  let plan = planFor(demand);
  let madeAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<PollingPlan> | null = null;

  const sayIt = async (next: PollingPlan, now: number) => {
    const key = `watch-shortfall:${accountId}`;
    const fields = {
      account: accountId,
      neededPerMinute: round(next.neededPerMinute),
      budgetPerMinute: next.budgetPerMinute,
      routineStretch: round(next.routineStretch),
      urgentStretch: round(next.urgentStretch),
    };
    if (next.shortfall) {
      if (await store.claims.claim(key, YEAR_MS, now))
        logger.warn('watch: polls need more than the API budget; routine polls are stretched', fields);
      return;
    }
    // A claim that expires at once reads a live one without extending it: false means a shortfall was on.
    if (!(await store.claims.claim(key, 0, now))) {
      await store.claims.release(key);
      logger.warn('watch: polls fit the API budget again; every shipment is polled at its cadence', fields);
    }
  };

  const refresh = (): Promise<PollingPlan> => {
    refreshing ??= (async () => {
      const now = clocks.wall.now().getTime();
      demand = await store.watching.snapshots.demand();
      plan = planFor(demand);
      madeAt = now;
      await sayIt(plan, now).catch((error: unknown) =>
        logger.warn('could not record the shortfall', { error }),
      );
      return plan;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    current: () => plan,
    async fresh() {
      return clocks.wall.now().getTime() - madeAt < STALE_MS ? plan : refresh();
    },
    refresh,
    demand: () => demand,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
