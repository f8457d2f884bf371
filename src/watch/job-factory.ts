/**
 * Where each of watching's jobs stands in line and which budget it spends (README "Watching shipments", the budget;
 * src/jobs/priority.ts). Webhook work — a re-fetch, the completion of a minimal notification, catching up — is in the
 * webhook class of the account's API budget; a poll is urgent or routine by its shipment's attention tier; card
 * deliveries spend the workspace's chat.update pace and go a few minutes ahead of their run time when their shipment
 * is urgent or their card has news, so the urgent go first and nothing waits for ever.
 */
import { orderAhead, orderFor, type Priority } from '../jobs/index.js';
import type { JobInput, Watch } from '../store/index.js';
import { deliverKey, JOB } from './job-kinds.js';

const MINUTE = 60_000;
/** A card with news goes this far ahead of one only re-rendered (a footer, a relative date). */
const NEWS_AHEAD_MS = 10 * MINUTE;
/** A card of a shipment in an urgent tier goes this far ahead of the others. */
const URGENT_AHEAD_MS = 5 * MINUTE;

export interface WatchJobs {
  refresh(shipmentId: string, runAt: number): JobInput;
  complete(notificationId: string, runAt: number): JobInput;
  catchUp(runAt: number): JobInput;
  poll(shipmentId: string, runAt: number, urgent: boolean): JobInput;
  boundary(shipmentId: string, runAt: number): JobInput;
  deliver(
    watch: Pick<Watch, 'teamId' | 'channelId' | 'shipmentId'>,
    runAt: number,
    why: DeliveryWhy,
  ): JobInput;
  sweep(runAt: number): JobInput;
  /** The account's next pass over its shipment list for subscriptions, from its first page (sweep class). */
  subscriptionSweep(runAt: number): JobInput;
  /** A shipment a webhook told of joins the subscriptions that match it (webhook class). */
  subscriptionJoin(shipmentId: string, runAt: number): JobInput;
}

export interface DeliveryWhy {
  /** The shipment is in an urgent tier. */
  urgent: boolean;
  /** Something changed (not only the passage of time). */
  news: boolean;
}

/**
 * The lane a workspace's card updates spend (its chat.update pace): updates that bring news, and re-renders for the
 * passage of time alone (a date, a "behind schedule" footer), which may use only part of the pace.
 */
export function cardUpdateLane(teamId: string, news: boolean): string {
  return `slack-update:${teamId}:${news ? 'news' : 'render'}`;
}

/** Whether a delivery's lane is the news one. */
export function isNewsLane(lane: string | null): boolean {
  return lane?.endsWith(':news') ?? false;
}

export function createWatchJobs(options: {
  accountId: string;
  lane: (accountId: string, priority: Priority) => string;
}): WatchJobs {
  const { accountId, lane } = options;
  const api = (kind: string, key: string, runAt: number, priority: Priority, payload: unknown): JobInput => ({
    kind,
    key,
    runAt,
    payload,
    order: orderFor(priority, runAt),
    lane: lane(accountId, priority),
  });
  return {
    refresh: (shipmentId, runAt) => api(JOB.refresh, shipmentId, runAt, 'webhook', { shipmentId, accountId }),
    complete: (notificationId, runAt) =>
      api(JOB.complete, notificationId, runAt, 'webhook', { notificationId, accountId }),
    catchUp: (runAt) => api(JOB.catchUp, accountId, runAt, 'webhook', { accountId }),
    poll: (shipmentId, runAt, urgent) =>
      api(JOB.poll, shipmentId, runAt, urgent ? 'urgent' : 'routine', { shipmentId, accountId }),
    boundary: (shipmentId, runAt) => ({
      kind: JOB.boundary,
      key: shipmentId,
      runAt,
      payload: { shipmentId },
    }),
    deliver: (watch, runAt, why) => ({
      kind: JOB.deliver,
      key: deliverKey(watch),
      runAt,
      payload: { teamId: watch.teamId, channelId: watch.channelId, shipmentId: watch.shipmentId },
      order: orderAhead(runAt, (why.news ? NEWS_AHEAD_MS : 0) + (why.urgent ? URGENT_AHEAD_MS : 0)),
      lane: cardUpdateLane(watch.teamId, why.news),
    }),
    sweep: (runAt) => ({ kind: JOB.sweep, key: accountId, runAt, payload: {} }),
    subscriptionSweep: (runAt) =>
      api(JOB.subscriptionSweep, accountId, runAt, 'sweep', {
        accountId,
        page: 1,
        startedAt: null,
        counts: {},
        ended: {},
      }),
    subscriptionJoin: (shipmentId, runAt) =>
      api(JOB.subscriptionJoin, shipmentId, runAt, 'webhook', { shipmentId, accountId }),
  };
}
