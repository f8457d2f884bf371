/**
 * How watching stands against its budget, for people who run it (README "Watching shipments", the budget): what is
 * watched, the polls per minute it needs against the account's background budget, whether routine (or urgent) polls
 * are stretched to fit, and how far the polls that are due have waited. `/healthz` reports it in its `watch` section
 * (never changing the status), `shipwatch status` prints it, `/metrics` exports it.
 */
import { type ApiBudget, planPolling } from '../jobs/index.js';
import type { Store } from '../store/index.js';
import { JOB } from './job-kinds.js';

export interface WatchStatus {
  account: string;
  watched: {
    active: number;
    paused: number;
    workspaces: Array<{ teamId: string; active: number; paused: number }>;
  };
  polls: {
    neededPerMinute: number;
    urgentPerMinute: number;
    routinePerMinute: number;
    budgetPerMinute: number;
    /** What the plan lets polls use (the budget less the webhook reserve, at 90 %). */
    plannedPerMinute: number;
    stretch: { urgent: number; routine: number };
    shortfall: boolean;
  };
  behind: {
    /** Polls due and not run yet. */
    duePolls: number;
    /** How long the oldest of them has waited, in seconds. */
    oldestDueSeconds: number;
  };
}

export async function readWatchStatus(input: {
  store: Pick<Store, 'watching' | 'jobs'>;
  budget: ApiBudget;
  accountId: string;
  now: number;
}): Promise<WatchStatus> {
  const { store, budget, accountId, now } = input;
  const [workspaces, demand, depth] = await Promise.all([
    store.watching.watches.counts(),
    store.watching.snapshots.demand(),
    store.jobs.depth(now),
  ]);
  const plan = planPolling({
    budgetPerMinute: budget.perMinute(accountId),
    reservePerMinute: budget.reservePerMinute(accountId),
    webhookPerMinute: budget.sent(accountId, 5 * 60_000).webhook / 5,
    urgentPerMinute: demand.urgent.perMinute,
    routinePerMinute: demand.routine.perMinute,
  });
  const polls = depth.find((row) => row.kind === JOB.poll);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    account: accountId,
    watched: {
      active: workspaces.reduce((sum, row) => sum + row.active, 0),
      paused: workspaces.reduce((sum, row) => sum + row.paused, 0),
      workspaces,
    },
    polls: {
      neededPerMinute: round(plan.neededPerMinute),
      urgentPerMinute: round(demand.urgent.perMinute),
      routinePerMinute: round(demand.routine.perMinute),
      budgetPerMinute: plan.budgetPerMinute,
      plannedPerMinute: round(plan.capacityPerMinute),
      stretch: { urgent: round(plan.urgentStretch), routine: round(plan.routineStretch) },
      shortfall: plan.shortfall,
    },
    behind: {
      duePolls: polls?.due ?? 0,
      oldestDueSeconds:
        polls?.oldestDueAt == null ? 0 : Math.max(0, Math.round((now - polls.oldestDueAt) / 1000)),
    },
  };
}
