/**
 * Watching shipments, as the rest of Shipwatch sees it (README "Watching shipments"): the Slack layer watches and
 * unwatches, lists a channel's watches and reads or saves its settings; the bot starts the worker with its notifier
 * (the Slack layer's implementation of src/notify/); `npm start` mounts the webhook route. Behind it: the webhook inbox, the poller within its budget, the one
 * change engine, the time boundaries and the Slack deliveries, all as jobs on the store's queue, so any number of
 * replicas share the work and a replica that dies leaves nothing half-done for longer than a lease.
 */

import { randomUUID } from 'node:crypto';
import type { WatchedShipment, WatchingOverview } from '../cards/watch/watching-list.js';
import { type Clock, systemClock } from '../clock.js';
import { ATTENTION_TIERS, attentionOf, NEEDS_ATTENTION, readTier } from '../domain/attention/index.js';
import { dueReminders, snapshotOf } from '../domain/changes/index.js';
import type { HttpRoute } from '../http/route.js';
import {
  type ApiBudget,
  createApiBudget,
  createJobRegistry,
  createJobWorker,
  type JobHandler,
  type JobOutcome,
  type JobWorker,
  type PollingPlan,
  priorityOf,
} from '../jobs/index.js';
import type { Logger } from '../logger.js';
import type { Notifier } from '../notify/index.js';
import type { Job, JobInput, Store, SubscriptionRecord, Watch, WatchKey } from '../store/index.js';
import type { ShipmentDetail } from '../tracking/models.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import { type Alerts, createAlerts } from './alerts.js';
import { createBoundaryRunner } from './boundary.js';
import { createCardUpdatePace } from './delivery/card-update-pace.js';
import { createDeliverer, type DeliveryStats, watchedCardVersion } from './delivery/deliverer.js';
import { createDigests, DIGEST_JOB, type Digests } from './digest/digests.js';
import { createChangeEngine, readSnapshot } from './engine.js';
import { createWatchJobs } from './job-factory.js';
import {
  JOB,
  readDeliverPayload,
  readJobAccount,
  readNotificationPayload,
  readShipmentPayload,
} from './job-kinds.js';
import { NO_WATCH_METRICS, type WatchMetrics } from './metrics.js';
import { createPollPlanner } from './poll-planner.js';
import { createRefresher } from './refresher.js';
import { type ChannelSettings, readChannelSettings, workingWeekOf } from './settings.js';
import { shipmentAttention } from './shipment-attention.js';
import { createSubscriptionJobs } from './subscriptions/subscription-jobs.js';
import { createSweep } from './sweep.js';
import type { WatchClocks } from './watch-clocks.js';
import { DEFAULT_SUBSCRIPTION_SWEEP_MS, type WatchConfig } from './watch-config.js';
import { readWatchStatus, type WatchStatus } from './watch-status.js';
import { createCatchUp } from './webhook/catch-up.js';
import { createCompleter } from './webhook/completer.js';
import type { WebhookNotification } from './webhook/notification.js';
import { createWebhookRoute, type WebhookStats } from './webhook/webhook-route.js';

/** What watching reads from Terminal49 for one account. */
export type WatchTracking = Pick<
  TrackingClient,
  'getShipment' | 'getWebhookNotification' | 'listWebhookNotifications'
> &
  /** The account's shipment list, for subscriptions (without it, subscriptions join only on webhooks). */
  Partial<Pick<TrackingClient, 'listShipments'>> &
  /** Following a tracking request reads it too (every real client has it). */
  Partial<Pick<TrackingClient, 'getTrackingRequest'>>;

/** What other background work registered with watching's worker gets: the pieces it may use, nothing of Slack. */
export interface ExtraJobDeps {
  notifier: Notifier;
  store: Store;
  budget: ApiBudget;
  /** An account's client (null when the account is gone). */
  trackingFor(accountId: string): Promise<WatchTracking | null>;
  watch(request: WatchRequest): Promise<WatchOutcome>;
  /** Where a card's own URL starts (WatchConfig.cardLinkBase); null: cards show none. */
  cardLinkBase: string | null;
  clock: Clock;
  wall: Clock;
  logger: Logger;
}

/** A webhook notification as other work sees it: what it is about, for which account. */
export interface WebhookEvent {
  event: string;
  accountId: string;
  trackingRequestId: string | null;
  shipmentId: string | null;
}

export interface WatchServiceOptions {
  store: Store;
  /** The client of `accountId` (single-workspace mode's one account). */
  tracking: WatchTracking;
  /** What cards say "now" is (demo time in the local workspace). */
  clock: Clock;
  /** Leases, the quota, Slack's pacing. Default: `clock`. */
  wallClock?: Clock;
  logger: Logger;
  config: WatchConfig;
  /** This process in the job leases (unique per process). */
  owner: string;
  /**
   * The tracking account whose background budget watching spends (src/jobs/api-budget.ts): its budget, lanes and
   * shortfall are keyed by it, so a second account gets budgets of its own.
   */
  accountId: string;
  /** The budget scheduler (default: one over the store's quota table, `config.budgetPerMinute` per account). */
  budget?: ApiBudget;
  /** Where watching reports what it does (`/metrics`); default: nowhere. */
  metrics?: WatchMetrics;
  /**
   * Other Terminal49 accounts (OAuth mode: each workspace connects its own): the client to read an account's shipments
   * with, or null when the account is gone. Without it, every shipment is read with `tracking`, as `accountId`.
   */
  trackingFor?: (accountId: string) => Promise<WatchTracking | null>;
  /** TRACKING_WEBHOOK_SECRET: with it, `webhookRoute` is the route to mount. */
  webhookSecret?: string | null;
  /**
   * Job kinds of other features run by the same worker on the same queue (following a tracking request started from
   * Slack: src/features/tracking/), each given the notifier and the account's client and budget.
   */
  jobs?: (deps: ExtraJobDeps) => Readonly<Record<string, JobHandler>>;
  /** Jobs a webhook notification calls for beyond watching's own re-fetch (a followed tracking request's next read). */
  webhookJobs?: (event: WebhookEvent, lane: ApiBudget['lane'], now: number) => JobInput[];
  random?: () => number;
}

export interface WatchRequest {
  /** The account the shipment was read with (the watching workspace's); default: the service's own. */
  accountId?: string;
  teamId: string;
  channelId: string;
  userId: string;
  detail: ShipmentDetail;
  /**
   * The card the watch keeps true, and its thread; null: a card-less watch (the caller posts the card next and
   * attaches it with `cardPosted`, or `release`s the watch when it could not).
   */
  cardTs: string | null;
  threadTs: string | null;
}

/** A watch a person ended; `keptOutOf`: the filter of the subscription it came from, which will not bring it back. */
export type Unwatched = Watch & { keptOutOf: string | null };

export type WatchOutcome =
  | { outcome: 'created' | 'resumed'; watch: Watch }
  /** Already watched (and active) in this channel: its card is reused. */
  | { outcome: 'exists'; watch: Watch };

/** A watched shipment as stored: its last reading, when it was read, and the workspace's watches of it. */
export interface StoredShipment {
  detail: ShipmentDetail;
  /** Wall time of the reading (epoch ms). */
  fetchedAt: number;
  /** The workspace's watches of it, most recently created first. */
  watches: Watch[];
}

export interface SubscribeRequest {
  /** The account whose shipment list is matched (the subscribing workspace's); default: the service's own. */
  accountId?: string;
  teamId: string;
  channelId: string;
  userId: string;
  /** The filter's canonical words and its parsed terms (src/domain/subscriptions). */
  filter: string;
  terms: unknown;
}

export interface ChannelSubscriptions {
  /** Stores the subscription (or finds the channel's same one) and queues a pass over the account's list. */
  subscribe(request: SubscribeRequest): Promise<{ created: boolean; subscription: SubscriptionRecord }>;
  /** The channel's subscriptions, oldest first. */
  list(teamId: string, channelId: string): Promise<SubscriptionRecord[]>;
  /** Ends the subscription; a pass moves its shipments to another of the channel's or lets them leave. */
  unsubscribe(subscription: SubscriptionRecord): Promise<boolean>;
}

export interface WatchServiceStats {
  webhook: WebhookStats | null;
  delivery: DeliveryStats | null;
  jobs: Readonly<Record<string, number>>;
  /** The polling plan this process last made. */
  plan: PollingPlan;
  /** Background API requests this process sent in the last minute, and in all. */
  backgroundRequestsLastMinute: number;
  backgroundRequests: number;
}

/** A watch as App Home lists it: where it is, its reading and who took it. */
export interface ChannelWatch extends WatchedShipment {
  channelId: string;
  shipmentId: string;
  /** Who pressed Take it (README "Owning an alert"); null: nobody. */
  owner: string | null;
}

export interface WatchService {
  readonly config: WatchConfig;
  /** `POST /webhooks/terminal49`, when a webhook secret is configured. */
  readonly webhookRoute: HttpRoute | null;
  /**
   * OAuth mode: `POST /webhooks/terminal49/<account id>`, every connected account's notifications checked with its own
   * secret and re-fetched with its own client and budget.
   */
  accountWebhookRoute(accountSecret: (accountId: string) => Promise<string | null>): HttpRoute;
  /**
   * Starts the worker; cards are kept true and changes posted through `notifier` (the Slack layer implements it).
   * `loop: false` runs nothing by itself: the caller drives `runDue` (tests, the benchmark's virtual time).
   */
  start(options: { notifier: Notifier; loop?: boolean }): void;
  stop(): Promise<void>;
  watch(request: WatchRequest): Promise<WatchOutcome>;
  find(teamId: string, channelId: string, shipmentId: string): Promise<Watch | null>;
  /**
   * The card of a card-less watch was posted: it is attached (false when the watch is gone or has a card already)
   * and recorded as showing the watched shipment as it stands.
   */
  cardPosted(
    key: WatchKey,
    card: { cardTs: string; threadTs: string | null },
    posted: ShipmentDetail,
  ): Promise<boolean>;
  /** A card-less watch whose card could not be posted is removed (a watch with a card is left alone). */
  release(key: WatchKey): Promise<boolean>;
  /**
   * A reading someone else made (a person's Refresh), with the account it was read with: changes it shows go to the
   * watches like any other.
   */
  ingest(detail: ShipmentDetail, accountId?: string): Promise<void>;
  /** The shipment as last read for its watches (null when nobody watches it). */
  lastReading(shipmentId: string): Promise<ShipmentDetail | null>;
  /**
   * The shipment as last read for the watches of workspace `teamId`, by shipment id or by number (bill of lading,
   * booking, container): null when that workspace watches no such shipment. Reads the store only (0 API requests),
   * and never another workspace's reading: unfurls (docs/unfurls.md).
   */
  storedFor(teamId: string, ref: { shipmentId: string } | { number: string }): Promise<StoredShipment | null>;
  /**
   * The removed watch, or null when there was none. A subscription's watch stays out of the channel: no subscription
   * there brings it back (until that subscription is removed, or someone watches it there again), and `keptOutOf`
   * names the subscription's filter; `by` is who unwatched it.
   */
  unwatch(key: WatchKey, by?: string): Promise<Unwatched | null>;
  /** The channel's watch of a shipment by its number or id: that one row is read, whatever the channel's size. */
  findInChannel(teamId: string, channelId: string, number: string): Promise<Watch | null>;
  /** A channel's subscriptions to slices of its account's book (README "Subscriptions"). */
  readonly subscriptions: ChannelSubscriptions;
  /** Every watch of the channel with its last reading and its tier now (reads them all: for a whole-channel view). */
  list(teamId: string, channelId: string): Promise<WatchedShipment[]>;
  /**
   * Every watch of these channels with its last reading and the shipment's owner in the workspace (App Home): a few
   * reads in all — the watches, their snapshots, their owners — however many channels and watches there are.
   */
  listIn(teamId: string, channelIds: readonly string[]): Promise<ChannelWatch[]>;
  /**
   * `/shipwatch watching`: how many shipments the channel watches and how many need attention (counted in the store
   * from the stored tiers), and its `limit` most urgent watches with their last readings — nothing more is read.
   */
  overview(teamId: string, channelId: string, limit: number): Promise<WatchingOverview>;
  settings(teamId: string, channelId: string): Promise<ChannelSettings>;
  saveSettings(teamId: string, channelId: string, settings: ChannelSettings, userId: string): Promise<void>;
  /**
   * Card time moved (demo time): every watched shipment's boundary is re-planned from now, and (without `shipmentIds`)
   * every watching channel's digest, so a digest whose time was jumped over goes out now rather than when the wall
   * clock reaches the instant it was queued for.
   */
  wake(shipmentIds?: readonly string[]): Promise<void>;
  /** Queues a job of any registered kind and wakes the worker for it (a tracking request to follow). */
  queue(job: JobInput): Promise<void>;
  /** Runs every due job now (tests, the benchmark); needs `start` to have been given a notifier. */
  runDue(): Promise<number>;
  stats(): WatchServiceStats;
  /** How watching stands against its budget (`/healthz`'s `watch` section, `shipwatch status`). */
  status(): Promise<WatchStatus>;
  /** Owning an alert: a shipment's owner, boxes snoozed or done (README "Owning an alert"). */
  readonly alerts: Alerts;
  /** Daily digests per channel (`/shipwatch digest`): composed from stored snapshots, one per channel per day. */
  readonly digests: Digests;
  /** The budget scheduler it spends (shared with `/metrics`). */
  readonly budget: ApiBudget;
  readonly accountId: string;
}

export function createWatchService(options: WatchServiceOptions): WatchService {
  const { store, logger, config } = options;
  const clocks: WatchClocks = {
    clock: options.clock,
    wall: options.wallClock ?? options.clock ?? systemClock,
  };
  let worker: JobWorker | null = null;
  let deliverer: ReturnType<typeof createDeliverer> | null = null;
  const schedule = (at: number) => worker?.schedule(at);
  const { accountId } = options;
  const metrics = options.metrics ?? NO_WATCH_METRICS;
  const budget =
    options.budget ??
    createApiBudget({
      quota: store.quota,
      wall: clocks.wall,
      perMinute: () => config.budgetPerMinute,
      observe: (account, priority) => metrics.backgroundRequest(account, priority),
    });
  /** What reads from Terminal49 and spends its budget, for one account: made once per account, on first use. */
  const partsOf = (account: string, tracking: WatchTracking) => {
    const accountJobs = createWatchJobs({ accountId: account, lane: budget.lane });
    const accountPlanner = createPollPlanner({ store, budget, accountId: account, clocks, logger });
    const accountEngine = createChangeEngine({
      store,
      clocks,
      config,
      logger,
      jobs: accountJobs,
      planner: accountPlanner,
      accountId: account,
      ...(options.random ? { random: options.random } : {}),
      onQueued: () => schedule(clocks.wall.now().getTime()),
    });
    const common = { store, tracking, budget, accountId: account, clocks, config, logger };
    return {
      tracking,
      jobs: accountJobs,
      planner: accountPlanner,
      engine: accountEngine,
      refresher: createRefresher({
        ...common,
        engine: accountEngine,
        planner: accountPlanner,
        metrics,
        ...(options.random ? { random: options.random } : {}),
      }),
      complete: createCompleter({ ...common, jobs: accountJobs, onQueued: schedule }),
      catchUp: createCatchUp({ ...common, jobs: accountJobs, onQueued: schedule }),
    };
  };
  type AccountParts = ReturnType<typeof partsOf>;
  const own = partsOf(accountId, options.tracking);
  const { jobs, planner } = own;
  const boundary = createBoundaryRunner({ store, clocks, config, jobs, onQueued: schedule });
  const alerts = createAlerts({ store, clocks, onQueued: schedule });
  const digests = createDigests({
    store,
    clocks,
    logger,
    channelPaceMs: config.channelPaceMs,
    onQueued: schedule,
  });
  const others = new Map<string, Promise<AccountParts | null>>();
  /** Every account's polling plan this process knows (the sweep measures each again). */
  const planners = [planner];
  /** An account's parts; null when watching cannot read with it any more (its workspace disconnected its key). */
  const partsFor = (account: string | null): Promise<AccountParts | null> => {
    if (account === null || account === accountId || !options.trackingFor) return Promise.resolve(own);
    let found = others.get(account);
    if (!found) {
      found = options.trackingFor(account).then((tracking) => {
        if (!tracking) return null;
        const parts = partsOf(account, tracking);
        planners.push(parts.planner);
        // What Terminal49 sent this account while Shipwatch was away (merges into one pending catch-up).
        store.jobs
          .enqueue(parts.jobs.catchUp(clocks.wall.now().getTime()))
          .catch((error: unknown) => logger.warn('could not queue a catch-up', { error }));
        return parts;
      });
      // A failed lookup is asked again next time; an account found stays (its client follows key changes itself).
      found.then((parts) => parts ?? others.delete(account)).catch(() => others.delete(account));
      others.set(account, found);
    }
    return found;
  };
  /** Runs `work` with the job's account's parts; a job whose account is gone is done (nothing can read it). */
  const withAccount =
    (work: (parts: AccountParts, job: Job) => Promise<JobOutcome>) =>
    async (job: Job): Promise<JobOutcome> => {
      const account = readJobAccount(job.payload);
      const parts = await partsFor(account);
      if (parts === null) {
        logger.info('a watch job of an account no longer connected was dropped', { kind: job.kind });
        return { done: true };
      }
      return work(parts, job);
    };
  const sweep = createSweep({
    store,
    clocks,
    config,
    jobs,
    planner,
    accountParts: async (account) => (await partsFor(account)) ?? own,
    knownPlanners: () => planners,
  });
  let currentNotifier: Notifier | null = null;
  const enqueueNow = async (job: JobInput) => {
    await store.jobs.enqueue(job);
    schedule(job.runAt);
  };
  const subscriptionJobs = createSubscriptionJobs({
    store,
    budget,
    clocks,
    logger,
    partsFor: (account) => partsFor(account),
    notifier: () => currentNotifier,
    sweepEveryMs: config.subscriptionSweepMs ?? DEFAULT_SUBSCRIPTION_SWEEP_MS,
    onQueued: schedule,
  });
  /** The jobs other features asked for on a notification, queued and scheduled. */
  const onNotification = options.webhookJobs
    ? async (notification: WebhookNotification, account: string | null) => {
        const now = clocks.wall.now().getTime();
        const extra = options.webhookJobs?.(
          {
            event: notification.event,
            accountId: account ?? accountId,
            trackingRequestId: notification.trackingRequestId,
            shipmentId: notification.shipmentId,
          },
          budget.lane,
          now,
        );
        for (const job of extra ?? []) await store.jobs.enqueue(job);
        if (extra && extra.length > 0) schedule(now);
      }
    : undefined;
  const webhook = options.webhookSecret
    ? createWebhookRoute({
        secret: options.webhookSecret,
        inbox: store.watching.inbox,
        wall: clocks.wall,
        logger,
        coalesceMs: config.coalesceMs,
        minRefetchMs: config.minRefetchMs,
        jobsFor: () => jobs,
        enqueue: enqueueNow,
        accountId,
        metrics,
        onQueued: schedule,
        ...(onNotification ? { onNotification } : {}),
      })
    : null;

  const shipmentJob = (run: (shipmentId: string, job: Job, parts: AccountParts) => Promise<JobOutcome>) =>
    withAccount(async (parts, job) => {
      const payload = readShipmentPayload(job.payload);
      return payload ? run(payload.shipmentId, job, parts) : { done: true };
    });

  /** Watches with their stored readings (one read of the snapshots for all of them) and owners. */
  const listed = async (
    watches: readonly Watch[],
    owners: ReadonlyMap<string, string>,
  ): Promise<ChannelWatch[]> => {
    const stored = new Map(
      (await store.watching.snapshots.getMany([...new Set(watches.map((watch) => watch.shipmentId))])).map(
        (record) => [record.shipmentId, record],
      ),
    );
    const now = clocks.clock.now().getTime();
    return watches.map((watch): ChannelWatch => {
      const record = stored.get(watch.shipmentId);
      const snapshot = record ? readSnapshot(record.snapshot) : null;
      return {
        channelId: watch.channelId,
        shipmentId: watch.shipmentId,
        shipmentNumber: watch.shipmentNumber,
        // SAFETY: the engine stores the ShipmentDetail it was given, as JSON.
        detail: record ? (record.detail as ShipmentDetail) : null,
        paused: watch.state === 'paused' ? (watch.pausedReason ?? 'paused') : null,
        ...(watch.cardTs === null ? {} : { card: { channelId: watch.channelId, ts: watch.cardTs } }),
        snapshot,
        tier: snapshot ? attentionOf(snapshot, now, config.workingWeek).tier : null,
        owner: owners.get(watch.shipmentId) ?? null,
      };
    });
  };

  const service: WatchService = {
    config,
    webhookRoute: webhook,
    start({ notifier, loop = true }) {
      if (worker) return;
      currentNotifier = notifier;
      deliverer = createDeliverer({
        store,
        notifier,
        clocks,
        logger,
        channelPaceMs: config.channelPaceMs,
        config,
        cardUpdates: createCardUpdatePace({
          quota: store.quota,
          wall: clocks.wall,
          perMinute: config.cardUpdatesPerMinute,
        }),
      });
      const deliver = deliverer.deliver;
      const registry = createJobRegistry(
        {
          [JOB.refresh]: shipmentJob((id, job, parts) => parts.refresher.refresh(id, 'webhook', job)),
          [JOB.poll]: shipmentJob((id, job, parts) =>
            parts.refresher.refresh(id, priorityOf(job.order), job),
          ),
          [JOB.complete]: withAccount(async (parts, job) => {
            const payload = readNotificationPayload(job.payload);
            return payload ? parts.complete(payload.notificationId) : { done: true };
          }),
          [JOB.catchUp]: withAccount((parts) => parts.catchUp()),
          [JOB.boundary]: shipmentJob((id) => boundary(id)),
          [JOB.deliver]: async (job) => {
            const payload = readDeliverPayload(job.payload);
            return payload ? deliver(payload, job.lane) : { done: true };
          },
          [JOB.sweep]: () => sweep(),
          [JOB.subscriptionSweep]: subscriptionJobs.sweep,
          [JOB.subscriptionJoin]: subscriptionJobs.join,
        },
        { [DIGEST_JOB]: digests.run(notifier) },
        options.jobs?.({
          notifier,
          store,
          budget,
          trackingFor: async (account) => {
            const parts = await partsFor(account);
            return parts === null ? null : parts.tracking;
          },
          watch: (request) => service.watch(request),
          cardLinkBase: config.cardLinkBase ?? null,
          clock: clocks.clock,
          wall: clocks.wall,
          logger,
        }) ?? {},
      );
      worker = createJobWorker({
        jobs: store.jobs,
        owner: options.owner,
        wall: clocks.wall,
        registry,
        logger,
        leaseMs: config.leaseMs,
        pollIntervalMs: config.pollIntervalMs,
        concurrency: config.concurrency,
      });
      // The minute sweep of this account, and — when Terminal49 sends webhooks here — catching up with what it sent
      // while this process was away. Both merge into what is already queued.
      const now = clocks.wall.now().getTime();
      // The subscription pass of this account merges into one already queued (it reads nothing with no subscription).
      const startJobs = [
        jobs.sweep(now),
        ...(options.webhookSecret ? [jobs.catchUp(now)] : []),
        jobs.subscriptionSweep(now),
      ];
      Promise.all(startJobs.map((job) => store.jobs.enqueue(job)))
        .then(() => schedule(now))
        .catch((error: unknown) => logger.warn('could not queue the watch sweep', { error }));
      if (loop) worker.start();
    },
    async stop() {
      await worker?.stop();
    },
    async watch(request) {
      const { detail } = request;
      const shipmentId = detail.shipment.id;
      const parts = (await partsFor(request.accountId ?? null)) ?? own;
      await parts.engine.ingest({ detail });
      const now = clocks.wall.now().getTime();
      const { attention } = shipmentAttention(snapshotOf(detail), clocks, config);
      const watch: Watch = {
        teamId: request.teamId,
        channelId: request.channelId,
        shipmentId,
        shipmentNumber: detail.shipment.billOfLadingNumber,
        cardTs: request.cardTs,
        threadTs: request.threadTs,
        createdBy: request.userId,
        createdAt: now,
        state: 'active',
        pausedReason: null,
        etaTold: detail.shipment.podEtaAt?.at ?? null,
        updatedAt: now,
        tier: attention.tier,
        tierUntil: attention.tierUntil,
      };
      // Someone watching it here again lets the channel's subscriptions bring it back later, should it leave.
      await store.subscriptions.include(watch);
      const created = await store.watching.watches.create(watch);
      let outcome: WatchOutcome;
      if (created.created) outcome = { outcome: 'created', watch: created.watch };
      else if (created.watch.state === 'paused') {
        const resumed = { ...watch, createdAt: created.watch.createdAt };
        await store.watching.watches.update(resumed);
        outcome = { outcome: 'resumed', watch: resumed };
      } else return { outcome: 'exists', watch: created.watch };
      // The caller posted the card in its watched form already (a new card, or the clicked one replaced): recording
      // what it shows spares Slack a chat.update that would change nothing. Its first poll was queued by the ingest.
      const { cardTs } = outcome.watch;
      if (cardTs !== null)
        await recordPostedCard(store, { ...outcome.watch, cardTs }, request.detail, clocks, now);
      // A reminder already due (watched on the LFD's morning) goes out now; otherwise the ingest planned the boundary.
      const week = workingWeekOf(
        readChannelSettings((await store.watching.settings.get(watch.teamId, watch.channelId))?.settings),
      );
      if (dueReminders(snapshotOf(detail), new Set(), clocks.clock.now().getTime(), week).length > 0)
        await store.jobs.enqueue(jobs.boundary(shipmentId, now));
      schedule(now);
      logger.info('watching', { channel: watch.channelId, shipmentId, outcome: outcome.outcome });
      return outcome;
    },
    async ingest(detail, account) {
      if ((await store.watching.watches.listByShipment(detail.shipment.id)).length === 0) return;
      await ((await partsFor(account ?? null)) ?? own).engine.ingest({ detail });
    },
    accountWebhookRoute: (accountSecret) =>
      createWebhookRoute({
        accountSecret,
        inbox: store.watching.inbox,
        wall: clocks.wall,
        logger,
        coalesceMs: config.coalesceMs,
        minRefetchMs: config.minRefetchMs,
        // Each account's re-fetches and completions in its own budget; the route checked its secret first.
        jobsFor: (account) => createWatchJobs({ accountId: account ?? accountId, lane: budget.lane }),
        enqueue: enqueueNow,
        accountId: null,
        metrics,
        onQueued: schedule,
        ...(onNotification ? { onNotification } : {}),
      }),
    async lastReading(shipmentId) {
      const stored = await store.watching.snapshots.get(shipmentId);
      // SAFETY: the engine stores the ShipmentDetail it was given, as JSON.
      return stored ? (stored.detail as ShipmentDetail) : null;
    },
    async storedFor(teamId, ref) {
      const watches =
        'shipmentId' in ref
          ? (await store.watching.watches.listByShipment(ref.shipmentId))
              .filter((watch) => watch.teamId === teamId)
              .reverse()
          : await store.watching.watches.findByNumber(teamId, ref.number);
      const first = watches[0];
      if (first === undefined) return null;
      const stored = await store.watching.snapshots.get(first.shipmentId);
      if (stored === null) return null;
      return {
        // SAFETY: the engine stores the ShipmentDetail it was given, as JSON.
        detail: stored.detail as ShipmentDetail,
        fetchedAt: stored.fetchedAt,
        watches: watches.filter((watch) => watch.shipmentId === first.shipmentId),
      };
    },
    find: (teamId, channelId, shipmentId) => store.watching.watches.get(teamId, channelId, shipmentId),
    async cardPosted(key, card, posted) {
      const now = clocks.wall.now().getTime();
      if (!(await store.watching.watches.setCard(key, card, now))) return false;
      const watch = await store.watching.watches.get(key.teamId, key.channelId, key.shipmentId);
      if (watch?.cardTs)
        await recordPostedCard(store, { ...watch, cardTs: watch.cardTs }, posted, clocks, now);
      return true;
    },
    async release(key) {
      const released = await store.watching.watches.removeCardless(key);
      if (released) logger.info('released a watch whose card was not posted', { channel: key.channelId });
      return released;
    },
    async unwatch(key, by) {
      const watch = await store.watching.watches.get(key.teamId, key.channelId, key.shipmentId);
      if (watch === null) return null;
      const subscription = watch.subscriptionId ? await store.subscriptions.get(watch.subscriptionId) : null;
      // Kept out before the watch goes, so no sweep between the two can bring it straight back.
      if (subscription)
        await store.subscriptions.exclude(key, {
          subscriptionId: subscription.id,
          excludedBy: by ?? watch.createdBy,
          excludedAt: clocks.wall.now().getTime(),
        });
      await store.watching.watches.remove(key);
      logger.info('stopped watching', {
        channel: key.channelId,
        shipmentId: key.shipmentId,
        keptOut: subscription !== null,
      });
      return { ...watch, keptOutOf: subscription?.filter ?? null };
    },
    findInChannel: (teamId, channelId, number) =>
      store.watching.watches.findInChannel(teamId, channelId, number),
    subscriptions: {
      async subscribe(request) {
        const now = clocks.wall.now().getTime();
        // The account whose parts read for it (single-workspace mode: the service's one account, whatever its id).
        const account = request.accountId && options.trackingFor ? request.accountId : accountId;
        const result = await store.subscriptions.create({
          id: `sub_${randomUUID()}`,
          teamId: request.teamId,
          channelId: request.channelId,
          accountId: account,
          filter: request.filter,
          terms: request.terms,
          createdBy: request.userId,
          createdAt: now,
          matched: null,
          sweptAt: null,
        });
        if (result.created) {
          const parts = (await partsFor(account)) ?? own;
          await enqueueNow(parts.jobs.subscriptionSweep(now));
          logger.info('subscribed', { channel: request.channelId, terms: request.filter.split(' ').length });
        }
        return result;
      },
      list: (teamId, channelId) => store.subscriptions.listByChannel(teamId, channelId),
      async unsubscribe(subscription) {
        if (!(await store.subscriptions.remove(subscription.id))) return false;
        const now = clocks.wall.now().getTime();
        const parts = (await partsFor(subscription.accountId)) ?? own;
        // A new pass from the first page, which knows the ended filter (the footer of the cards that leave).
        await enqueueNow({
          ...parts.jobs.subscriptionSweep(now),
          payload: {
            accountId: subscription.accountId,
            page: 1,
            startedAt: null,
            counts: {},
            ended: { [subscription.id]: subscription.filter },
          },
        });
        logger.info('unsubscribed', { channel: subscription.channelId });
        return true;
      },
    },
    async list(teamId, channelId) {
      return listed(await store.watching.watches.listByChannel(teamId, channelId), new Map());
    },
    async listIn(teamId, channelIds) {
      const watches = await store.watching.watches.listByChannels(teamId, channelIds);
      const owners = await store.watching.alerts.owners.getMany(teamId, [
        ...new Set(watches.map((watch) => watch.shipmentId)),
      ]);
      return listed(watches, new Map(owners.map((owner) => [owner.shipmentId, owner.userId])));
    },
    async overview(teamId, channelId, limit) {
      const found = await store.watching.watches.overview({
        teamId,
        channelId,
        tierOrder: ATTENTION_TIERS,
        attention: NEEDS_ATTENTION,
        limit,
      });
      const readings = new Map(
        (await store.watching.snapshots.getMany(found.first.map((watch) => watch.shipmentId))).map(
          (stored) => [
            stored.shipmentId,
            // SAFETY: the engine stores the ShipmentDetail it was given, as JSON.
            stored.detail as ShipmentDetail,
          ],
        ),
      );
      const shown = found.first.map(
        (watch): WatchedShipment => ({
          shipmentNumber: watch.shipmentNumber,
          detail: readings.get(watch.shipmentId) ?? null,
          paused: watch.state === 'paused' ? (watch.pausedReason ?? 'paused') : null,
          // A watch stored before its card was posted (a quiet subscribed shipment) has no card to link to yet.
          ...(watch.cardTs ? { card: { channelId: watch.channelId, ts: watch.cardTs } } : {}),
          // The stored tier (kept by the refresh and the tier sweep): the order the store sorted by.
          tier: readTier(watch.tier),
        }),
      );
      return {
        watched: found.watched,
        paused: found.paused,
        needAttention: found.needAttention,
        shown,
      };
    },
    async settings(teamId, channelId) {
      return readChannelSettings((await store.watching.settings.get(teamId, channelId))?.settings);
    },
    async saveSettings(teamId, channelId, settings, userId) {
      // What the form does not show (the digest, the days off) is kept as stored.
      const stored = (await store.watching.settings.get(teamId, channelId))?.settings;
      const kept = stored !== null && typeof stored === 'object' ? stored : {};
      await store.watching.settings.put({
        teamId,
        channelId,
        settings: { ...kept, ...settings },
        updatedBy: userId,
        updatedAt: clocks.wall.now().getTime(),
      });
    },
    async wake(shipmentIds) {
      const now = clocks.wall.now().getTime();
      const ids = shipmentIds ?? (await watchedShipments(store));
      const channels = new Map<string, { teamId: string; channelId: string }>();
      for (const shipmentId of ids) {
        await store.jobs.enqueue({
          kind: JOB.boundary,
          key: shipmentId,
          runAt: now,
          payload: { shipmentId },
        });
        if (shipmentIds !== undefined) continue;
        // A channel that watches nothing has nothing to digest: the watching channels are every digest to re-plan.
        for (const watch of await store.watching.watches.listByShipment(shipmentId))
          channels.set(`${watch.teamId}|${watch.channelId}`, watch);
      }
      await digests.replan([...channels.values()]);
      schedule(now);
    },
    async queue(job) {
      await store.jobs.enqueue(job);
      schedule(job.runAt);
    },
    runDue: () => (worker ? worker.runDue() : Promise.resolve(0)),
    stats: () => {
      const lastMinute = budget.sent(accountId);
      const total = budget.totals.get(accountId);
      const sum = (counts: Readonly<Record<string, number>> | undefined) =>
        Object.values(counts ?? {}).reduce((all, n) => all + n, 0);
      return {
        webhook: webhook?.stats ?? null,
        delivery: deliverer?.stats ?? null,
        jobs: worker?.counts ?? {},
        plan: planner.current(),
        backgroundRequestsLastMinute: sum(lastMinute),
        backgroundRequests: sum(total),
      };
    },
    status: () => readWatchStatus({ store, budget, accountId, now: clocks.wall.now().getTime() }),
    digests,
    alerts,
    budget,
    accountId,
  };
  return service;
}

/** Records the watched card as posted in its final form, with the version a delivery would render now. */
async function recordPostedCard(
  store: Store,
  watch: Watch & { cardTs: string },
  posted: ShipmentDetail,
  clocks: WatchClocks,
  now: number,
): Promise<void> {
  const stored = await store.watching.snapshots.get(watch.shipmentId);
  // SAFETY: the engine stores the ShipmentDetail it was given, as JSON.
  const detail = stored ? (stored.detail as ShipmentDetail) : posted;
  const version = watchedCardVersion(detail, clocks.clock.now());
  const card = await store.cards.get(watch.teamId, watch.channelId, watch.cardTs);
  if (card) await store.cards.setRenderedVersion(watch.teamId, watch.channelId, watch.cardTs, version, now);
  // Records gather for 20 ms before they are written (docs/store.md, "Batched writes"); this process reads its own
  // records before anything else of `cards`, so the watch need not wait for the write.
  else
    void store.cards
      .record({
        teamId: watch.teamId,
        channelId: watch.channelId,
        messageTs: watch.cardTs,
        threadTs: watch.threadTs,
        kind: 'shipment',
        subjectId: watch.shipmentId,
        isPrivate: false,
        renderedVersion: version,
        postedAt: now,
        updatedAt: now,
      })
      .catch(() => {
        // Only a cache of what the card shows: a failed write means one needless update later, nothing worse.
      });
}

/** Every watched shipment (a snapshot is kept exactly while a shipment has a watch). */
function watchedShipments(store: Store): Promise<string[]> {
  return store.watching.snapshots.listIds();
}
