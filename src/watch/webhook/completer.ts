/**
 * Terminal49's minimal notifications, completed (docs/terminal49-webhooks.md): some events arrive with an empty
 * `included`, naming only the transport event, so nothing says which shipment changed. `watch.complete` reads the
 * notification whole with one `GET /webhook_notifications/{id}?include=…` in the webhook class of the account's
 * budget (ahead of every poll), then hands it on as usual: its shipment's re-fetch is queued when it is watched.
 */
import type { ApiBudget, JobOutcome } from '../../jobs/index.js';
import type { Logger } from '../../logger.js';
import type { Store } from '../../store/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { TrackingClient } from '../../tracking/tracking-client.js';
import type { WatchJobs } from '../job-factory.js';
import type { WatchClocks } from '../watch-clocks.js';
import type { WatchConfig } from '../watch-config.js';
import { parseNotification } from './notification.js';

export interface CompleterOptions {
  store: Pick<Store, 'watching'>;
  tracking: Pick<TrackingClient, 'getWebhookNotification'>;
  budget: ApiBudget;
  accountId: string;
  jobs: Pick<WatchJobs, 'refresh'>;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'minRefetchMs'>;
  logger: Logger;
  /** Told when a re-fetch was queued, with when it is due. */
  onQueued?: (at: number) => void;
}

export function createCompleter(options: CompleterOptions): (notificationId: string) => Promise<JobOutcome> {
  const { store, tracking, budget, accountId, clocks, logger } = options;
  return async (notificationId) => {
    const slot = await budget.take(accountId, 'webhook');
    if (!slot.ok) return { blocked: { until: slot.until, lanes: slot.lanes } };
    const now = clocks.wall.now().getTime();
    let document: unknown;
    try {
      document = (await tracking.getWebhookNotification(notificationId, { fresh: true })).document;
    } catch (error) {
      if (isTrackingApiError(error) && error.code === 'rate_limited')
        return { retryAt: now + Math.max(1, error.retryAfterSeconds ?? 30) * 1000 };
      if (isTrackingApiError(error) && (error.code === 'not_found' || error.code === 'forbidden')) {
        logger.warn(
          'a minimal webhook notification could not be read back; its shipment waits for its poll',
          {
            code: error.code,
          },
        );
        await store.watching.inbox.markProcessed([notificationId], now);
        return { done: true };
      }
      throw error;
    } finally {
      slot.done();
    }
    const parsed = parseNotification(document);
    const found = parsed.ok ? parsed.notification : null;
    if (found === null || found.shipmentId === null) {
      logger.warn('a minimal webhook notification read back names no shipment either', { notificationId });
      await store.watching.inbox.markProcessed([notificationId], now);
      return { done: true };
    }
    const { shipmentId } = found;
    let plannedAt: number | null = null;
    const outcome = await store.watching.inbox.complete(
      notificationId,
      { shipmentId, facts: { ...found.facts, containerId: found.containerId } },
      (lastFetchedAt) => {
        plannedAt = Math.max(now, (lastFetchedAt ?? 0) + options.config.minRefetchMs);
        return options.jobs.refresh(shipmentId, plannedAt);
      },
    );
    if (outcome.watched && plannedAt !== null) options.onQueued?.(plannedAt);
    return { done: true };
  };
}
