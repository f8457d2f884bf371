/**
 * Catching up after an outage longer than Terminal49's retries (docs/terminal49-webhooks.md): Terminal49 never
 * re-sends a notification it gave up on, but lists what it sent (`GET /webhook_notifications`, paged, newest first).
 * At start Shipwatch reads that list back to the last notification it stored (by Terminal49's `created_at`, less a
 * margin for deliveries that arrived out of order) and accepts each one it missed exactly as a delivery — the inbox
 * drops those it already has. Each page is one request in the webhook class of the budget; the walk is bounded.
 * A store that never received a notification has nothing to catch up with.
 */
import type { ApiBudget, JobOutcome } from '../../jobs/index.js';
import type { Logger } from '../../logger.js';
import type { Store } from '../../store/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { TrackingClient } from '../../tracking/tracking-client.js';
import type { WatchJobs } from '../job-factory.js';
import type { WatchClocks } from '../watch-clocks.js';
import type { WatchConfig } from '../watch-config.js';
import { acceptNotification } from './accept.js';
import { parseNotification } from './notification.js';

/** Notifications sent up to this long before the last one stored are read again (deliveries arrive out of order). */
const MARGIN_MS = 10 * 60_000;
const PAGE_SIZE = 100;
/** At most this many pages (10,000 notifications) per start: a longer outage is left to the polls. */
const MAX_PAGES = 100;

export interface CatchUpOptions {
  store: Pick<Store, 'watching'>;
  tracking: Pick<TrackingClient, 'listWebhookNotifications'>;
  budget: ApiBudget;
  accountId: string;
  jobs: Pick<WatchJobs, 'refresh' | 'complete'>;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'coalesceMs' | 'minRefetchMs'>;
  logger: Logger;
  onQueued?: (at: number) => void;
}

export function createCatchUp(options: CatchUpOptions): () => Promise<JobOutcome> {
  const { store, tracking, budget, accountId, clocks, logger } = options;
  return async () => {
    const last = await store.watching.inbox.lastSentAt();
    if (last === null) return { done: true };
    const since = last - MARGIN_MS;
    let accepted = 0;
    for (let number = 1; number <= MAX_PAGES; number += 1) {
      const slot = await budget.take(accountId, 'webhook');
      // Blocked: the job comes back in its place; the inbox drops what an earlier page already stored.
      if (!slot.ok) return { blocked: { until: slot.until, lanes: slot.lanes } };
      let page: Awaited<ReturnType<TrackingClient['listWebhookNotifications']>>;
      try {
        page = await tracking.listWebhookNotifications({ number, size: PAGE_SIZE }, { fresh: true });
      } catch (error) {
        if (isTrackingApiError(error) && (error.code === 'forbidden' || error.code === 'not_found')) {
          logger.warn('could not list webhook notifications to catch up; the polls will', {
            code: error.code,
          });
          return { done: true };
        }
        throw error;
      } finally {
        slot.done();
      }
      const now = clocks.wall.now().getTime();
      let older = false;
      for (const item of page.items) {
        const parsed = parseNotification(item.document);
        if (!parsed.ok) continue;
        const { notification } = parsed;
        if (notification.sentAt !== null && notification.sentAt < since) {
          older = true;
          continue;
        }
        const outcome = await acceptNotification(notification, JSON.stringify(item.document), now, {
          inbox: store.watching.inbox,
          jobs: options.jobs,
          coalesceMs: options.config.coalesceMs,
          minRefetchMs: options.config.minRefetchMs,
        });
        if (!outcome.duplicate) accepted += 1;
        if (outcome.plannedAt !== null) options.onQueued?.(outcome.plannedAt);
      }
      if (older || page.next === null || page.items.length === 0) break;
    }
    if (accepted > 0) logger.info('caught up with webhook notifications sent while away', { accepted });
    return { done: true };
  };
}
