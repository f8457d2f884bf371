/**
 * Re-reading a watched shipment: for webhook notifications (`watch.refresh`, one re-fetch for every notification
 * coalesced into the job) and for polls (`watch.poll`). Both take a slot of the account's background budget
 * (src/jobs/api-budget.ts) in their class — webhook, urgent or routine — read the shipment past the cache in one
 * request (`GET /shipments/{id}?include=…`), and hand it with what the notifications said to the change engine. When
 * the budget says no, the job is not run: it goes back to its place in line and its lane waits for the next free
 * slot (`blocked`). A poll that finds the shipment read recently (a webhook got there first) spends nothing and comes
 * back at its cadence. A shipment nobody watches any more is neither re-fetched nor polled again.
 */
import type { WatchPhase } from '../domain/changes/index.js';
import type { ApiBudget, JobOutcome, Priority } from '../jobs/index.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import { isTrackingApiError } from '../tracking/errors.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import { type ChangeEngine, readSnapshot } from './engine.js';
import type { WatchMetrics } from './metrics.js';
import type { PollPlanner } from './poll-planner.js';
import { isReflected } from './reflected.js';
import { shipmentAttention } from './shipment-attention.js';
import type { WatchClocks } from './watch-clocks.js';
import { nextPollAt, type WatchConfig } from './watch-config.js';
import { readObservedFacts } from './webhook/notification.js';

export interface RefresherOptions {
  store: Pick<Store, 'watching' | 'jobs'>;
  tracking: Pick<TrackingClient, 'getShipment'>;
  engine: ChangeEngine;
  budget: ApiBudget;
  accountId: string;
  planner: PollPlanner;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'cadenceMs' | 'jitter' | 'workingWeek'>;
  logger: Logger;
  metrics: WatchMetrics;
  random?: () => number;
}

export interface Refresher {
  /** `priority`: webhook for a re-fetch; urgent or routine for a poll (its class in line). */
  refresh(shipmentId: string, priority: Priority, job?: { runAt: number }): Promise<JobOutcome>;
}

export function createRefresher(options: RefresherOptions): Refresher {
  const { store, tracking, engine, budget, accountId, clocks, config, logger, metrics } = options;
  const random = options.random ?? Math.random;

  return {
    async refresh(shipmentId, priority, job) {
      const watches = await store.watching.watches.listByShipment(shipmentId);
      if (!watches.some((watch) => watch.state === 'active')) return { done: true };
      const wallNow = clocks.wall.now().getTime();
      const webhook = priority === 'webhook';
      if (!webhook) {
        const stored = await store.watching.snapshots.get(shipmentId);
        const snapshot = stored ? readSnapshot(stored.snapshot) : null;
        if (stored && snapshot) {
          const { attention, phase } = shipmentAttention(snapshot, clocks, config);
          const plan = options.planner.current();
          const stretch = attention.urgent ? plan.urgentStretch : plan.routineStretch;
          const base = config.cadenceMs[phase as WatchPhase];
          if (base === null) return { done: true };
          const interval = base * stretch;
          // Read within the last half interval (by a webhook, or a person's Watch): come back at the cadence instead.
          if (wallNow - stored.fetchedAt < interval / 2) {
            const next = nextPollAt(config, phase, stored.fetchedAt, random, stretch) ?? wallNow + interval;
            return { done: true, next: { runAt: Math.max(next, wallNow + 1) } };
          }
        }
      }
      if (webhook) {
        // Notifications whose news the stored snapshot already shows need no request (the usual case in a burst:
        // the first re-fetch showed every box the later notifications are about).
        const stored = await store.watching.snapshots.get(shipmentId);
        const snapshot = stored ? readSnapshot(stored.snapshot) : null;
        const open = await store.watching.inbox.open(shipmentId, wallNow);
        if (
          snapshot &&
          open.length > 0 &&
          open.every((item) => isReflected(snapshot, item.event, containerOf(item.facts)))
        ) {
          await store.watching.inbox.markProcessed(
            open.map((item) => item.id),
            wallNow,
          );
          for (const item of open) metrics.notificationHandled(accountId, item.sentAt, wallNow);
          return { done: true };
        }
      }
      const slot = await budget.take(accountId, priority);
      if (!slot.ok) return { blocked: { until: slot.until, lanes: slot.lanes } };
      if (!webhook && job) metrics.pollLateness(accountId, Math.max(0, wallNow - job.runAt));
      let detail: Awaited<ReturnType<TrackingClient['getShipment']>>;
      try {
        detail = await tracking.getShipment(shipmentId, { fresh: true });
      } catch (error) {
        if (isTrackingApiError(error) && error.code === 'not_found') {
          logger.warn('a watched shipment is gone from the tracking API; not polling it any more', {
            shipmentId,
          });
          return { done: true };
        }
        if (isTrackingApiError(error) && error.code === 'rate_limited') {
          return { retryAt: wallNow + Math.max(1, error.retryAfterSeconds ?? 30) * 1000 };
        }
        throw error;
      } finally {
        slot.done();
      }
      const notifications = await store.watching.inbox.open(shipmentId, wallNow);
      const observed = readObservedFacts(notifications.map((notification) => notification.facts));
      await engine.ingest({
        detail,
        inboxIds: notifications.map((notification) => notification.id),
        observed,
      });
      const handled = clocks.wall.now().getTime();
      for (const item of notifications) metrics.notificationHandled(accountId, item.sentAt, handled);
      return { done: true };
    },
  };
}

function containerOf(facts: unknown): string | null {
  const record = facts !== null && typeof facts === 'object' ? (facts as { containerId?: unknown }) : {}; // SAFETY: field checked.
  return typeof record.containerId === 'string' ? record.containerId : null;
}
