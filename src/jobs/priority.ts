/**
 * The order in which background work spends the API budget (README "Watching shipments", the budget), as places in
 * the job queue's line (docs/store.md "Budgets"): people's lookups (they never queue here: their share of the quota
 * is kept apart), then webhook re-fetches and the completion of minimal notifications, then polls of shipments in an
 * urgent tier, then routine polls by cadence, then background sweeps. Each class sits `CLASS_SPAN` after the one
 * before it, so a job of an earlier class is always claimed first, and jobs of one class go oldest first.
 */
export const PRIORITIES = ['interactive', 'webhook', 'urgent', 'routine', 'sweep'] as const;

export type Priority = (typeof PRIORITIES)[number];

/** About 317 years of milliseconds: more than any run time, so classes never overlap. */
const CLASS_SPAN = 10_000_000_000_000;

/** The place in line of a job of `priority` due at `runAt`. */
export function orderFor(priority: Priority, runAt: number): number {
  return PRIORITIES.indexOf(priority) * CLASS_SPAN + runAt;
}

/** The class a place in line belongs to (a job enqueued without a priority counts as interactive: first). */
export function priorityOf(order: number): Priority {
  const index = Math.floor(order / CLASS_SPAN);
  return PRIORITIES[Math.min(PRIORITIES.length - 1, Math.max(0, index))] ?? 'interactive';
}

/**
 * A place in line `aheadMs` earlier than its run time: how work without classes (card deliveries) puts the urgent
 * first without starving the rest. A job that has waited longer than the difference still goes before it.
 */
export function orderAhead(runAt: number, aheadMs: number): number {
  return runAt - aheadMs;
}
