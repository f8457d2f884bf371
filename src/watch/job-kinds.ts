/**
 * The jobs watching runs on the store's durable queue (docs/store.md, jobs), one kind per piece of work, each keyed so
 * that work arriving while the same work is pending merges into it (coalescing) instead of queuing twice:
 *
 * - `watch.refresh` (key: shipment): webhook notifications arrived; re-fetch the shipment once for all of them.
 * - `watch.complete` (key: notification): a minimal notification named no shipment; read it whole, then refresh.
 * - `watch.catch-up` (key: account): read the notifications sent while Shipwatch was away (at start).
 * - `watch.poll` (key: shipment): the shipment's next poll, at its cadence.
 * - `watch.boundary` (key: shipment): the passage of time changes what its cards say (midnight, an ETA, a reminder).
 * - `watch.deliver` (key: workspace|channel|shipment): bring one watched card up to date and post its new changes.
 * - `watch.sweep` (key: account): once a minute, tiers whose time came and the polling plan.
 * - `subscription.sweep` (key: account): one page of the account's shipment list matched against its channels'
 *   subscriptions (subscriptions/subscription-jobs.ts); the next page, or the next pass, is another run.
 * - `subscription.join` (key: shipment): a webhook told of a shipment nobody watches; it joins the subscriptions that
 *   match it.
 *
 * A job that reads from Terminal49 names its account in its payload (`accountId`): in OAuth mode workspaces bring
 * accounts of their own, each with its client and budget. Where each stands in line and which budget it spends is
 * job-factory.ts's business.
 */
export const JOB = {
  refresh: 'watch.refresh',
  complete: 'watch.complete',
  catchUp: 'watch.catch-up',
  poll: 'watch.poll',
  boundary: 'watch.boundary',
  deliver: 'watch.deliver',
  sweep: 'watch.sweep',
  subscriptionSweep: 'subscription.sweep',
  subscriptionJoin: 'subscription.join',
} as const;

export const WATCH_JOB_KINDS: readonly string[] = Object.values(JOB);

export interface ShipmentJobPayload {
  shipmentId: string;
}

export interface DeliverJobPayload {
  teamId: string;
  channelId: string;
  shipmentId: string;
}

export function deliverKey(watch: DeliverJobPayload): string {
  return `${watch.teamId}|${watch.channelId}|${watch.shipmentId}`;
}

export function readShipmentPayload(payload: unknown): ShipmentJobPayload | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: fields checked below.
  return typeof record.shipmentId === 'string' ? { shipmentId: record.shipmentId } : null;
}

export function readDeliverPayload(payload: unknown): DeliverJobPayload | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: fields checked below.
  const { teamId, channelId, shipmentId } = record;
  return typeof teamId === 'string' && typeof channelId === 'string' && typeof shipmentId === 'string'
    ? { teamId, channelId, shipmentId }
    : null;
}

export function readNotificationPayload(payload: unknown): { notificationId: string } | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: field checked below.
  return typeof record.notificationId === 'string' ? { notificationId: record.notificationId } : null;
}

/** The Terminal49 account a job reads with (its payload names it); null for jobs from before accounts were named. */
export function readJobAccount(payload: unknown): string | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: field checked below.
  return typeof record.accountId === 'string' && record.accountId !== '' ? record.accountId : null;
}
