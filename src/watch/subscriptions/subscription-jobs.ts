/**
 * Keeping subscriptions current (README "Subscriptions", docs/architecture.md "Subscriptions"), as two background
 * jobs of an account:
 *
 * - `subscription.sweep` (key: account) reads the account's shipment list one page (100 shipments) per run, each
 *   page a slot of the account's budget in the sweep class (last in line, after every webhook and poll). A shipment
 *   a subscription matches joins its channel as a card-less watch (nothing is posted) and is polled once to take its
 *   first snapshot; one already there is marked seen. When the last page is read, each subscription's count is stored
 *   and every subscription watch no subscription of its channel matched in this pass leaves (stopped tracking, lost
 *   its tag, or its subscription ended). The next pass is queued `sweepEveryMs` later.
 * - `subscription.join` (key: shipment) is what a `tracking_request.succeeded` or `container.created` webhook about a
 *   shipment nobody watches queues: the shipment is read once (webhook class) and joins the channels whose
 *   subscriptions match it, without waiting for the next pass.
 *
 * A shipment that leaves is forgotten; when its card was posted, the card gets a last line saying so, once ("No
 * longer watched: left tag:acme"), through the notifier port.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import { type FilterTerm, factsOf, matchesFilter, readTerms } from '../../domain/subscriptions/index.js';
import type { ApiBudget, JobOutcome } from '../../jobs/index.js';
import type { Logger } from '../../logger.js';
import { type Notifier, notifyFailureFields } from '../../notify/index.js';
import type { Job, Store, SubscriptionRecord, Watch } from '../../store/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { Shipment, ShipmentDetail } from '../../tracking/models.js';
import type { TrackingClient } from '../../tracking/tracking-client.js';
import type { ChangeEngine } from '../engine.js';
import type { WatchJobs } from '../job-factory.js';
import type { WatchClocks } from '../watch-clocks.js';

/** `page[size]`: the largest page the shipment list gives. */
export const SWEEP_PAGE_SIZE = 100;
/** Orphaned watches are ended this many at a time, at most this many rounds per pass (the rest at the next). */
const ORPHANS_PER_ROUND = 500;
const MAX_ORPHAN_ROUNDS = 20;
/** A pass reads at most this many pages (50,000 shipments); a larger book is left to webhooks between passes. */
const MAX_PAGES = 500;

export interface SubscriptionSweepPayload {
  accountId: string;
  /** The page this run reads (1-based). */
  page: number;
  /** When this pass began: a watch not seen since then has left once the pass completes. */
  startedAt: number | null;
  /** Matches per subscription so far in this pass. */
  counts: Record<string, number>;
  /** Subscriptions ended since the last pass, with their filters (for the footer of the cards that leave). */
  ended: Record<string, string>;
}

export interface AccountReader {
  tracking: Pick<TrackingClient, 'getShipment'> & Partial<Pick<TrackingClient, 'listShipments'>>;
  jobs: WatchJobs;
  engine: ChangeEngine;
}

export interface SubscriptionJobsOptions {
  store: Pick<Store, 'subscriptions' | 'watching' | 'jobs'>;
  budget: ApiBudget;
  clocks: WatchClocks;
  logger: Logger;
  /** The account's reader; null when the account is gone. */
  partsFor(accountId: string): Promise<AccountReader | null>;
  notifier(): Notifier | null;
  sweepEveryMs: number;
  onQueued(at: number): void;
}

interface Subscription {
  record: SubscriptionRecord;
  terms: FilterTerm[];
}

export function readSweepPayload(payload: unknown): SubscriptionSweepPayload | null {
  const record = payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : {}; // SAFETY: fields checked below.
  if (typeof record.accountId !== 'string') return null;
  const numbers = (value: unknown): Record<string, number> =>
    value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
        )
      : {};
  const texts = (value: unknown): Record<string, string> =>
    value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        )
      : {};
  return {
    accountId: record.accountId,
    page: typeof record.page === 'number' && record.page >= 1 ? Math.floor(record.page) : 1,
    startedAt: typeof record.startedAt === 'number' ? record.startedAt : null,
    counts: numbers(record.counts),
    ended: texts(record.ended),
  };
}

export function createSubscriptionJobs(options: SubscriptionJobsOptions) {
  const { store, budget, clocks, logger } = options;

  const subscriptionsOf = async (accountId: string): Promise<Subscription[]> =>
    (await store.subscriptions.listByAccount(accountId)).flatMap((record) => {
      const terms = readTerms(record.terms);
      return terms ? [{ record, terms }] : [];
    });

  /** Joins `shipment` to every channel one of `subscriptions` matches it in; true when a watch was made. */
  const join = async (
    subscriptions: readonly Subscription[],
    shipment: Shipment,
    seenAt: number,
    counts: Record<string, number> | null,
  ): Promise<boolean> => {
    const facts = factsOf(shipment);
    const now = clocks.wall.now().getTime();
    let joined = false;
    for (const { record, terms } of subscriptions) {
      if (!matchesFilter(terms, facts)) continue;
      if (counts) counts[record.id] = (counts[record.id] ?? 0) + 1;
      const outcome = await store.subscriptions.join(
        {
          teamId: record.teamId,
          channelId: record.channelId,
          shipmentId: shipment.id,
          shipmentNumber: shipment.billOfLadingNumber,
          cardTs: null,
          threadTs: null,
          createdBy: record.createdBy,
          createdAt: now,
          state: 'active',
          pausedReason: null,
          etaTold: shipment.podEtaAt?.at ?? null,
          updatedAt: now,
          tier: null,
          tierUntil: null,
          subscriptionId: record.id,
        },
        seenAt,
      );
      if (outcome === 'joined') joined = true;
    }
    return joined;
  };

  /** A watch that left: its posted card says so once, then the watch is forgotten. */
  const leave = async (watch: Watch, reason: string) => {
    const notifier = options.notifier();
    if (watch.cardTs !== null && notifier) {
      const stored = await store.watching.snapshots.get(watch.shipmentId);
      if (stored) {
        // SAFETY: the engine stores the ShipmentDetail it was given, as JSON.
        const detail = stored.detail as ShipmentDetail;
        try {
          await notifier.updateCard(
            { teamId: watch.teamId, channelId: watch.channelId, ts: watch.cardTs },
            renderShipmentCard(detail, { now: clocks.clock.now(), endedNote: reason }),
          );
        } catch (error) {
          logger.warn('could not mark a card that left its subscription', notifyFailureFields(error));
        }
      }
    }
    await store.watching.watches.remove(watch);
    logger.info('a shipment left its subscription', {
      channel: watch.channelId,
      shipmentId: watch.shipmentId,
    });
  };

  const reasonFor = (
    watch: Watch,
    live: ReadonlyMap<string, SubscriptionRecord>,
    ended: Record<string, string>,
  ): string => {
    const id = watch.subscriptionId ?? '';
    const current = live.get(id);
    if (current) return `left ${current.filter}`;
    const filter = ended[id];
    return filter ? `unsubscribed from ${filter}` : 'its subscription ended';
  };

  /**
   * Watches whose subscription ended and that no subscription of their channel took over during a whole pass. Of
   * any account: a pass that ends them before their own account's pass could have moved them costs only that move.
   */
  const leaveOrphans = async (
    live: ReadonlyMap<string, SubscriptionRecord>,
    ended: Record<string, string>,
  ) => {
    for (let round = 0; round < MAX_ORPHAN_ROUNDS; round += 1) {
      const orphans = await store.subscriptions.orphans(ORPHANS_PER_ROUND);
      for (const watch of orphans) await leave(watch, reasonFor(watch, live, ended));
      if (orphans.length < ORPHANS_PER_ROUND) return;
    }
  };

  const enqueue = async (job: Parameters<Store['jobs']['enqueue']>[0]) => {
    await store.jobs.enqueue(job);
    options.onQueued(job.runAt);
  };

  const sweep = async (job: Job): Promise<JobOutcome> => {
    const payload = readSweepPayload(job.payload);
    if (payload === null) return { done: true };
    const { accountId } = payload;
    const parts = await options.partsFor(accountId);
    if (parts === null) return { done: true };
    const now = clocks.wall.now().getTime();
    const subscriptions = await subscriptionsOf(accountId);
    const live = new Map(subscriptions.map(({ record }) => [record.id, record]));
    const endedIds = Object.keys(payload.ended);
    if (subscriptions.length === 0) {
      // Nothing subscribed any more: the ended subscriptions' watches leave, and no list is read.
      await leaveOrphans(live, payload.ended);
      return { done: true };
    }
    const list = parts.tracking.listShipments;
    if (!list) return { done: true };
    const startedAt = payload.startedAt ?? now;
    const slot = await budget.take(accountId, 'sweep');
    if (!slot.ok) return { blocked: { until: slot.until, lanes: slot.lanes } };
    let page: Awaited<ReturnType<NonNullable<typeof list>>>;
    try {
      page = await list.call(
        parts.tracking,
        { number: payload.page, size: SWEEP_PAGE_SIZE },
        { fresh: true },
      );
    } catch (error) {
      if (isTrackingApiError(error) && error.code === 'rate_limited')
        return { retryAt: now + Math.max(1, error.retryAfterSeconds ?? 30) * 1000 };
      throw error;
    } finally {
      slot.done();
    }
    const counts = { ...payload.counts };
    for (const shipment of page.items) {
      const joined = await join(subscriptions, shipment, startedAt, counts);
      // Its first snapshot comes from one full read (the list does not carry containers), queued as a routine poll.
      if (joined && (await store.watching.snapshots.get(shipment.id)) === null)
        await enqueue(parts.jobs.poll(shipment.id, now, false));
    }
    if (page.next !== null && page.items.length > 0 && payload.page < MAX_PAGES) {
      await enqueue({
        ...parts.jobs.subscriptionSweep(now),
        payload: { ...payload, page: payload.page + 1, startedAt, counts },
      });
      return { done: true };
    }
    for (const { record } of subscriptions)
      await store.subscriptions.setMatched(record.id, counts[record.id] ?? 0, now);
    const left = await store.subscriptions.unseen([...live.keys(), ...endedIds], startedAt);
    for (const watch of left) await leave(watch, reasonFor(watch, live, payload.ended));
    // Ended subscriptions whose name this pass did not carry (a page job's payload replaced the unsubscribe's).
    await leaveOrphans(live, payload.ended);
    logger.info('swept the shipment list for subscriptions', {
      accountId,
      pages: payload.page,
      subscriptions: subscriptions.length,
      left: left.length,
    });
    await enqueue(parts.jobs.subscriptionSweep(now + options.sweepEveryMs));
    return { done: true };
  };

  const joinShipment = async (job: Job): Promise<JobOutcome> => {
    const record =
      job.payload !== null && typeof job.payload === 'object' ? (job.payload as Record<string, unknown>) : {}; // SAFETY: fields checked below.
    const { accountId, shipmentId } = record;
    if (typeof accountId !== 'string' || typeof shipmentId !== 'string') return { done: true };
    const subscriptions = await subscriptionsOf(accountId);
    // Nothing subscribed: no request is spent on it.
    if (subscriptions.length === 0) return { done: true };
    const parts = await options.partsFor(accountId);
    if (parts === null) return { done: true };
    const now = clocks.wall.now().getTime();
    const slot = await budget.take(accountId, 'webhook');
    if (!slot.ok) return { blocked: { until: slot.until, lanes: slot.lanes } };
    let detail: ShipmentDetail;
    try {
      detail = await parts.tracking.getShipment(shipmentId, { fresh: true });
    } catch (error) {
      if (isTrackingApiError(error) && error.code === 'not_found') return { done: true };
      if (isTrackingApiError(error) && error.code === 'rate_limited')
        return { retryAt: now + Math.max(1, error.retryAfterSeconds ?? 30) * 1000 };
      throw error;
    } finally {
      slot.done();
    }
    const joined = await join(subscriptions, detail.shipment, now, null);
    // The read just made is its first snapshot (no change is recorded against nothing); the engine plans its polls.
    if (joined && (await store.watching.snapshots.get(shipmentId)) === null)
      await parts.engine.ingest({ detail });
    if (joined) logger.info('a new shipment joined a subscription', { shipmentId });
    return { done: true };
  };

  return { sweep, join: joinShipment };
}
