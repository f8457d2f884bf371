/**
 * The minute sweep of an account's watches (`watch.sweep`): attention tiers the clock has moved (docs/domain-rules.md
 * #attention-tiers: an LFD became today at the zone's midnight), stored again on the snapshot and its watches — and a
 * shipment that became urgent gets its next poll pulled in to its cadence, in the urgent class — then the polling
 * plan, measured again (which says a shortfall out loud when one starts or ends). Runs on one replica at a time (one
 * pending job per account), and again a minute later; sooner while more tiers are due than one pass takes.
 */
import type { JobOutcome } from '../jobs/index.js';
import type { JobInput, Store } from '../store/index.js';
import { readSnapshot } from './engine.js';
import type { WatchJobs } from './job-factory.js';
import type { PollPlanner } from './poll-planner.js';
import { shipmentAttention } from './shipment-attention.js';
import type { WatchClocks } from './watch-clocks.js';
import type { WatchConfig } from './watch-config.js';

const EVERY_MS = 60_000;
/** Tiers re-read per pass; more are left to the next pass, a second later. */
const PER_PASS = 500;

export interface SweepOptions {
  store: Pick<Store, 'watching'>;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'cadenceMs' | 'workingWeek'>;
  jobs: WatchJobs;
  planner: PollPlanner;
  /** A shipment's account's jobs (OAuth mode: each account polls with its own client and budget). */
  accountParts?: (accountId: string | null) => Promise<{ jobs: WatchJobs }>;
  /** Every account's polling plan to measure again. */
  knownPlanners?: () => readonly PollPlanner[];
}

export function createSweep(options: SweepOptions): () => Promise<JobOutcome> {
  const { store, clocks, config, jobs, planner } = options;
  return async () => {
    const wallNow = clocks.wall.now().getTime();
    const due = await store.watching.watches.attentionDue(wallNow, PER_PASS);
    for (const shipmentId of due) {
      const stored = await store.watching.snapshots.get(shipmentId);
      const snapshot = stored ? readSnapshot(stored.snapshot) : null;
      if (stored === null || snapshot === null) continue;
      const { attention } = shipmentAttention(snapshot, clocks, config);
      const extra: JobInput[] = [];
      if (attention.urgent && attention.pollEveryMs !== null) {
        // Merges into the pending poll: the earlier run time and the urgent place in line win.
        const dueAt = Math.max(wallNow, stored.fetchedAt + attention.pollEveryMs);
        const accountJobs = options.accountParts ? (await options.accountParts(stored.accountId)).jobs : jobs;
        extra.push(accountJobs.poll(shipmentId, dueAt, true));
      }
      await store.watching.snapshots.setAttention(shipmentId, attention, extra);
    }
    for (const each of options.knownPlanners?.() ?? [planner]) await each.refresh();
    return { done: true, next: { runAt: wallNow + (due.length >= PER_PASS ? 1_000 : EVERY_MS) } };
  };
}
