/**
 * Re-reading a watched shipment: for webhook notifications (`watch.refresh`, one re-fetch for every notification
 * coalesced into the job) and for polls (`watch.poll`). Both take a slot of the background budget, read the shipment
 * past the cache in one request (`GET /shipments/{id}?include=…`), and hand it with what the notifications said to
 * the change engine. A poll that finds the shipment read recently (a webhook got there first) spends nothing and
 * comes back at its cadence. A shipment nobody watches any more is neither re-fetched nor polled again.
 */
import { type WatchPhase, watchPhase } from '../domain/changes/index.js';
import type { JobOutcome } from '../jobs/index.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import { isTrackingApiError } from '../tracking/errors.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import { type ChangeEngine, readSnapshot } from './engine.js';
import type { PollBudget } from './poll-budget.js';
import { isReflected } from './reflected.js';
import type { WatchClocks } from './watch-clocks.js';
import { nextPollAt, type WatchConfig } from './watch-config.js';
import { readObservedFacts } from './webhook/notification.js';

export interface RefresherOptions {
  store: Pick<Store, 'watching' | 'jobs'>;
  tracking: Pick<TrackingClient, 'getShipment'>;
  engine: ChangeEngine;
  budget: PollBudget;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'cadenceMs' | 'jitter'>;
  logger: Logger;
  random?: () => number;
}

export interface Refresher {
  refresh(shipmentId: string, reason: 'webhook' | 'poll'): Promise<JobOutcome>;
}

export function createRefresher(options: RefresherOptions): Refresher {
  const { store, tracking, engine, budget, clocks, config, logger } = options;
  const random = options.random ?? Math.random;

  return {
    async refresh(shipmentId, reason) {
      const watches = await store.watching.watches.listByShipment(shipmentId);
      if (!watches.some((watch) => watch.state === 'active')) return { done: true };
      const wallNow = clocks.wall.now().getTime();
      if (reason === 'poll') {
        const stored = await store.watching.snapshots.get(shipmentId);
        const snapshot = stored ? readSnapshot(stored.snapshot) : null;
        if (stored && snapshot) {
          const phase: WatchPhase = watchPhase(snapshot, clocks.clock.now().getTime());
          const interval = config.cadenceMs[phase];
          if (interval === null) return { done: true };
          // Read within the last half interval (by a webhook, or a person's Watch): come back at the cadence instead.
          if (wallNow - stored.fetchedAt < interval / 2) {
            const next = nextPollAt(config, phase, stored.fetchedAt, random) ?? wallNow + interval;
            return { done: true, next: { runAt: Math.max(next, wallNow + 1) } };
          }
        }
      }
      if (reason === 'webhook') {
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
          return { done: true };
        }
      }
      const slot = await budget.take();
      if (!slot.ok) return { retryAt: slot.retryAt };
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
      return { done: true };
    },
  };
}

function containerOf(facts: unknown): string | null {
  const record = facts !== null && typeof facts === 'object' ? (facts as { containerId?: unknown }) : {}; // SAFETY: field checked.
  return typeof record.containerId === 'string' ? record.containerId : null;
}
