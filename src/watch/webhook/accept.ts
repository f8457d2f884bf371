/**
 * Accepting one verified notification into the inbox, whichever way it came (a delivery to the webhook route, or the
 * list read when catching up): stored once by its id, with — in the same durable transaction — the re-fetch of its
 * shipment when that is watched (coalesced: notifications within `coalesceMs` share it, and a shipment is re-fetched
 * for webhooks at most every `minRefetchMs`), or the job that completes it when it names no shipment.
 */
import type { InboxAcceptance, JobInput, WatchingStore } from '../../store/index.js';
import type { WatchJobs } from '../job-factory.js';
import { needsCompleting, type WebhookNotification } from './notification.js';

/** Events that announce a shipment new to the account: it may join a subscription (README "Subscriptions"). */
const JOIN_EVENTS = new Set(['tracking_request.succeeded', 'container.created']);

export interface AcceptOptions {
  inbox: WatchingStore['inbox'];
  jobs: Pick<WatchJobs, 'refresh' | 'complete'> & Partial<Pick<WatchJobs, 'subscriptionJoin'>>;
  /** Queues a job outside the inbox's transaction (a subscription join: worth a try, not a promise). */
  enqueue?: (job: JobInput) => Promise<unknown>;
  coalesceMs: number;
  minRefetchMs: number;
}

export interface Accepted extends InboxAcceptance {
  /** It names no shipment: a completion was queued. */
  completing: boolean;
  /** When the queued work is due (null when none was queued). */
  plannedAt: number | null;
}

export async function acceptNotification(
  notification: WebhookNotification,
  body: string,
  now: number,
  options: AcceptOptions,
): Promise<Accepted> {
  let plannedAt: number | null = null;
  const jobFor = (lastFetchedAt: number | null): JobInput | null => {
    if (notification.shipmentId === null) return null;
    plannedAt = Math.max(now + options.coalesceMs, (lastFetchedAt ?? 0) + options.minRefetchMs);
    return options.jobs.refresh(notification.shipmentId, plannedAt);
  };
  const completion = needsCompleting(notification) ? options.jobs.complete(notification.id, now) : null;
  const outcome = await options.inbox.accept(
    {
      id: notification.id,
      event: notification.event,
      sentAt: notification.sentAt,
      shipmentId: notification.shipmentId,
      facts: { ...notification.facts, containerId: notification.containerId },
      body,
      now,
    },
    jobFor,
    completion,
  );
  const completing = completion !== null && !outcome.duplicate;
  if (
    !outcome.duplicate &&
    !outcome.watched &&
    notification.shipmentId !== null &&
    JOIN_EVENTS.has(notification.event) &&
    options.jobs.subscriptionJoin &&
    options.enqueue
  )
    await options.enqueue(options.jobs.subscriptionJoin(notification.shipmentId, now));
  return {
    ...outcome,
    completing,
    plannedAt: completing ? now : outcome.watched ? plannedAt : null,
  };
}
