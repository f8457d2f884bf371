/**
 * The part of the store contract that watching shipments uses (docs/store.md, "Watching"): watches, channel
 * settings, snapshots compared-and-set by version, the webhook inbox and each watch's changes. Like the rest of the
 * store, every time is epoch milliseconds from the caller's clock, and JSON values are the caller's to shape (the
 * store keeps them as given).
 */
import type { JobInput } from './types.js';

export type WatchState = 'active' | 'paused';

export interface Watch {
  teamId: string;
  channelId: string;
  shipmentId: string;
  /** The bill of lading (or booking) number, for lists and messages. */
  shipmentNumber: string;
  /**
   * The watched card's message ts; null for a card-less watch (docs/store.md, "Card-less watches"): its channel is
   * known but no card is posted yet — a person's watch while its card is being posted, or a subscription's shipment
   * that has had nothing to tell yet.
   */
  cardTs: string | null;
  /** The thread its updates go to (the card's own ts unless the card is itself a reply). */
  threadTs: string | null;
  createdBy: string;
  createdAt: number;
  state: WatchState;
  /** Why it is paused (`channel_not_found`, `is_archived`, `message_not_found`, …). */
  pausedReason: string | null;
  /** The ETA (ISO) this channel was last told, so small moves add up to its threshold. */
  etaTold: string | null;
  updatedAt: number;
  /** Its attention tier (docs/domain-rules.md#attention-tiers), kept by the refresh and a sweep; null: not known yet. */
  tier: string | null;
  /** When the clock alone next changes `tier`; null: nothing will without new data. */
  tierUntil: number | null;
  /** The subscription the watch came from (docs/store.md "Subscriptions"); null or absent: a person made it. */
  subscriptionId?: string | null;
  /** When a list sweep last saw its shipment match (subscription watches only). */
  subscriptionSeenAt?: number | null;
}

/** What a reading of a shipment says about its attention and its polling (stored with the snapshot and its watches). */
export interface ShipmentAttention {
  tier: string;
  tierUntil: number | null;
  /** Polled in the urgent class (ahead of routine polls). */
  urgent: boolean;
  /** Its cadence before any stretching; null when it is not polled (the polls per minute it needs: 60 000 ÷ this). */
  pollEveryMs: number | null;
}

/** The polls a set of watched shipments needs, per minute, at their cadences before any stretching. */
export interface PollDemand {
  urgent: { shipments: number; perMinute: number };
  routine: { shipments: number; perMinute: number };
}

/** A channel's watches at a glance (`/shipwatch watching`): counted in the store, and only the first few read. */
export interface ChannelOverview {
  /** Every watch of the channel, active and paused. */
  watched: number;
  paused: number;
  /** Active watches whose stored tier is one of the `attention` tiers asked about. */
  needAttention: number;
  /** At most `limit` watches: active ones by tier (in the order asked), then by number; paused ones last. */
  first: Watch[];
}

export interface ChannelOverviewQuery {
  teamId: string;
  channelId: string;
  /** Tiers, most urgent first; a tier not in it (or none stored yet) sorts after them all. */
  tierOrder: readonly string[];
  /** The tiers that count as needing attention. */
  attention: readonly string[];
  limit: number;
}

export interface ChannelSettingsRecord {
  teamId: string;
  channelId: string;
  settings: unknown;
  updatedBy: string | null;
  updatedAt: number;
}

export interface SnapshotRecord {
  shipmentId: string;
  /** 1 for the first stored snapshot, +1 at every commit. */
  version: number;
  snapshot: unknown;
  /** The shipment as last fetched (what the card renders from). */
  detail: unknown;
  fetchedAt: number;
  updatedAt: number;
  /** The Terminal49 account the shipment is read with; null: the one account of single-workspace mode. */
  accountId: string | null;
}

export interface KeyedChange {
  key: string;
  change: unknown;
}

export interface SnapshotCommit {
  shipmentId: string;
  /** The version read before diffing; 0 when there was none. */
  expectedVersion: number;
  snapshot: unknown;
  detail: unknown;
  fetchedAt: number;
  now: number;
  /** The account the reading came from (kept once known: a reading without one leaves it as it was). */
  accountId?: string | null;
  /** Recorded for every active watch of the shipment (a key already recorded for a watch is skipped). */
  changes: readonly KeyedChange[];
  /** Webhook notifications this snapshot accounts for: marked processed in the same transaction. */
  inboxIds?: readonly string[];
  /** Jobs to enqueue for each active watch (its Slack delivery), in the same transaction. */
  jobsFor?: (watch: Watch) => readonly JobInput[];
  /** Jobs to enqueue once for the shipment (its next poll, its next time boundary). */
  jobs?: readonly JobInput[];
  /** The shipment's attention and polling after this reading: stored on the snapshot and on all its watches. */
  attention?: ShipmentAttention;
}

export type CommitResult =
  | { ok: true; version: number; watches: number }
  /** Someone committed first: diff again against `current`. */
  | { ok: false; current: SnapshotRecord | null };

export interface PendingChange {
  key: string;
  change: unknown;
  createdAt: number;
}

export interface InboxNotification {
  /** `data.id`: the idempotency key. */
  id: string;
  event: string;
  /** When Terminal49 created it (its `created_at`), for catching up and for its age; null when unreadable. */
  sentAt?: number | null;
  shipmentId: string | null;
  /** What only the notification says (a berth, a failure), for the next snapshot. */
  facts: unknown;
  body: string;
  now: number;
}

export interface InboxAcceptance {
  /** Seen before: nothing stored, nothing enqueued. */
  duplicate: boolean;
  /** The shipment has an active watch (a refresh was enqueued). */
  watched: boolean;
}

export interface WatchingStore {
  /** Owning an alert: shipment owners, containers snoozed or done (migration 009). */
  alerts: AlertStore;
  watches: {
    get(teamId: string, channelId: string, shipmentId: string): Promise<Watch | null>;
    /** Inserts the watch, or returns the one already there (the same shipment in the same channel reuses its card). */
    create(watch: Watch): Promise<{ created: boolean; watch: Watch }>;
    /** Replaces the card a watch keeps true (a paused watch resumed on a new card). */
    update(watch: Watch): Promise<boolean>;
    /**
     * Gives a card-less watch its card (once: false when the watch is gone or already has one, so two posters of the
     * same card cannot both attach theirs).
     */
    setCard(key: WatchKey, card: { cardTs: string; threadTs: string | null }, now: number): Promise<boolean>;
    /** Removes the watch only while it is still card-less (a reservation whose card could not be posted). */
    removeCardless(key: WatchKey): Promise<boolean>;
    setState(key: WatchKey, state: WatchState, reason: string | null, now: number): Promise<boolean>;
    setEtaTold(key: WatchKey, etaTold: string | null, now: number): Promise<boolean>;
    /** Shipments with an active watch whose tier is due to change by `now` (or was never set), at most `limit`. */
    attentionDue(now: number, limit: number): Promise<string[]>;
    /** Active and paused watches per workspace. */
    counts(): Promise<Array<{ teamId: string; active: number; paused: number }>>;
    /**
     * Deletes the watch, its changes and its container alerts (snoozed, done); the shipment's owner in the workspace
     * when no other watch there has it, and its snapshot when no other watch at all has it.
     */
    remove(key: WatchKey): Promise<boolean>;
    listByChannel(teamId: string, channelId: string): Promise<Watch[]>;
    /** The watches of these channels of a workspace, by channel then creation, in a few reads (App Home). */
    listByChannels(teamId: string, channelIds: readonly string[]): Promise<Watch[]>;
    /**
     * The channel's watch of the shipment whose id is `number`, or whose number (bill of lading, booking) is `number`
     * in any case; null when the channel has none. Reads that one row (an index on the channel and the number).
     */
    findInChannel(teamId: string, channelId: string, number: string): Promise<Watch | null>;
    /** The channel's counts and its first `limit` watches, most urgent first, without reading the rest. */
    overview(query: ChannelOverviewQuery): Promise<ChannelOverview>;
    listByShipment(shipmentId: string): Promise<Watch[]>;
    /**
     * The workspace's watches of the shipment whose number (bill of lading, booking) is `number`, or one of whose
     * containers is numbered `number` in its stored snapshot; `number` is normalised (upper case, letters, digits and
     * hyphens). Most recently created first. For links to Terminal49's "find" page (docs/unfurls.md).
     */
    findByNumber(teamId: string, number: string): Promise<Watch[]>;
  };
  settings: {
    get(teamId: string, channelId: string): Promise<ChannelSettingsRecord | null>;
    put(record: ChannelSettingsRecord): Promise<void>;
  };
  snapshots: {
    get(shipmentId: string): Promise<SnapshotRecord | null>;
    /** The snapshots of these shipments (those that have one), in one read. */
    getMany(shipmentIds: readonly string[]): Promise<SnapshotRecord[]>;
    /** Every shipment with a stored snapshot (a watched one: unwatching the last watch deletes it). */
    listIds(): Promise<string[]>;
    /**
     * Compare-and-set: stores the snapshot when the stored version is still `expectedVersion`, and in the same
     * durable transaction records the changes for every active watch, marks the inbox rows processed and enqueues
     * the jobs. A replica killed before the commit leaves nothing; after it, everything.
     */
    commit(commit: SnapshotCommit): Promise<CommitResult>;
    /** Stores a new attention for the shipment and its watches without a new reading (the tier sweep), with jobs. */
    setAttention(
      shipmentId: string,
      attention: ShipmentAttention,
      jobs?: readonly JobInput[],
    ): Promise<boolean>;
    /** The polls per minute the shipments with an active watch need, urgent and routine. */
    demand(): Promise<PollDemand>;
  };
  changes: {
    /** Records changes for one watch (reminders); returns the keys that were new. */
    record(key: WatchKey, changes: readonly KeyedChange[], now: number): Promise<string[]>;
    /** Not yet posted, oldest first. */
    pending(key: WatchKey): Promise<PendingChange[]>;
    /** Marks changes posted (or skipped: `messageTs` null). */
    markPosted(
      key: WatchKey,
      changeKeys: readonly string[],
      messageTs: string | null,
      now: number,
    ): Promise<number>;
    /** Keys already recorded for the watch that start with `prefix`. */
    keys(key: WatchKey, prefix: string): Promise<string[]>;
    /**
     * Changes recorded for the watch at `from` < created ≤ `until`, posted or not, oldest first (what a digest says
     * changed since the last one). Posted changes are kept for their retention (30 days by default), far longer.
     */
    recordedBetween(key: WatchKey, from: number, until: number): Promise<PendingChange[]>;
  };
  inbox: {
    /**
     * Stores a verified notification once (by id) and, when its shipment has an active watch, enqueues
     * `jobFor(lastFetchedAt)` in the same durable transaction. Answer the webhook only after this resolves.
     */
    accept(
      notification: InboxNotification,
      jobFor: (lastFetchedAt: number | null) => JobInput | null,
      /** Enqueued with it when the notification names no shipment (a minimal one, to be completed). */
      unknownShipmentJob?: JobInput | null,
    ): Promise<InboxAcceptance>;
    /**
     * A notification stored without its shipment, completed: records the shipment and what it said, and when the
     * shipment has an active watch enqueues `jobFor(lastFetchedAt)` in the same durable transaction.
     */
    complete(
      id: string,
      found: { shipmentId: string; facts: unknown },
      jobFor: (lastFetchedAt: number | null) => JobInput | null,
    ): Promise<InboxAcceptance>;
    /** Unprocessed notifications of a shipment received up to `upTo`, oldest first. */
    open(
      shipmentId: string,
      upTo: number,
    ): Promise<
      Array<{ id: string; event: string; facts: unknown; receivedAt: number; sentAt: number | null }>
    >;
    /** The latest `created_at` of any notification stored (where catching up resumes); null when none is. */
    lastSentAt(): Promise<number | null>;
    /** Marks notifications processed without a new snapshot (what they report was already known). */
    markProcessed(ids: readonly string[], now: number): Promise<number>;
    count(): Promise<number>;
  };
}

/** Who took a shipment in a workspace ("Take it"). */
export interface ShipmentOwner {
  teamId: string;
  shipmentId: string;
  userId: string;
  setAt: number;
}

/** A container's reminders in one channel: snoozed until an instant, or done (no more reminders there). */
export interface ContainerAlert {
  teamId: string;
  channelId: string;
  shipmentId: string;
  containerId: string;
  state: 'snoozed' | 'done';
  /** Snoozed: until when (epoch ms); null when done. */
  until: number | null;
  setBy: string;
  setAt: number;
}

export interface AlertStore {
  owners: {
    get(teamId: string, shipmentId: string): Promise<ShipmentOwner | null>;
    /** Sets (or replaces) the owner; the owner before, if any. */
    set(owner: ShipmentOwner): Promise<ShipmentOwner | null>;
    /** The shipments a person owns in a workspace (App Home). */
    listByUser(teamId: string, userId: string): Promise<ShipmentOwner[]>;
    /** The owners of these shipments in a workspace (those that have one), in a few reads (App Home's rows). */
    getMany(teamId: string, shipmentIds: readonly string[]): Promise<ShipmentOwner[]>;
  };
  containers: {
    /** Sets (or replaces) a container's snooze or done in a channel. */
    set(alert: ContainerAlert): Promise<void>;
    /** The watch's containers that are snoozed or done. */
    list(key: WatchKey): Promise<ContainerAlert[]>;
  };
}

export interface WatchKey {
  teamId: string;
  channelId: string;
  shipmentId: string;
}

export interface WatchingRetention {
  /** Webhook notification ids are remembered this long (default 7 days): longer than any redelivery. */
  inboxMs: number;
  /** Posted changes are kept this long (default 30 days), so a late duplicate still finds its key. */
  postedChangesMs: number;
}

export const DEFAULT_WATCHING_RETENTION: WatchingRetention = {
  inboxMs: 7 * 24 * 3600_000,
  postedChangesMs: 30 * 24 * 3600_000,
};
