/**
 * Subscriptions in the store contract (migration 009, docs/store.md "Subscriptions"): a channel's filters over its
 * account's shipment list, and the watches they make. The matching itself is the caller's (src/domain/subscriptions);
 * the store keeps the filter as given and decides, per channel and shipment, that one watch exists.
 */
import type { Watch, WatchKey } from './watching-types.js';

export interface SubscriptionRecord {
  id: string;
  teamId: string;
  channelId: string;
  /** The account whose shipment list the filter is matched against. */
  accountId: string;
  /** The filter in its canonical words (`tag:acme pod:USLAX`): a channel has each filter once. */
  filter: string;
  /** The parsed terms, as the caller shaped them. */
  terms: unknown;
  createdBy: string;
  createdAt: number;
  /** How many shipments matched at the last completed sweep; null before the first. */
  matched: number | null;
  sweptAt: number | null;
}

/** What `join` did with a matching shipment in a subscribing channel. */
export type JoinOutcome =
  /** A card-less watch was made for it. */
  | 'joined'
  /** A subscription's watch was there already: it was seen again. */
  | 'seen'
  /** A person watches it there (or it is paused): it is left as it is. */
  | 'kept'
  /** A person unwatched it there: no subscription of the channel brings it back (`exclude`). */
  | 'excluded';

/** A person ended a subscription's watch of a shipment in a channel: it stays out of that channel. */
export interface SubscriptionExclusion {
  /** The subscription the ended watch came from: removing it ends the exclusion. */
  subscriptionId: string;
  excludedBy: string;
  excludedAt: number;
}

export interface SubscriptionsStore {
  /** Inserts the subscription, or returns the channel's one with the same filter. */
  create(record: SubscriptionRecord): Promise<{ created: boolean; subscription: SubscriptionRecord }>;
  get(id: string): Promise<SubscriptionRecord | null>;
  /** A channel's subscriptions, oldest first (their numbers in `/shipwatch subscriptions`). */
  listByChannel(teamId: string, channelId: string): Promise<SubscriptionRecord[]>;
  listByAccount(accountId: string): Promise<SubscriptionRecord[]>;
  /** Deletes the subscription and the exclusions it named (its watches stay until the caller ends them). */
  remove(id: string): Promise<boolean>;
  /**
   * Keeps the shipment out of the channel's subscriptions (a person unwatched it there): `join` answers `excluded`
   * for it until the named subscription is removed or `include` is called. Replaces an exclusion already there.
   */
  exclude(key: WatchKey, exclusion: SubscriptionExclusion): Promise<void>;
  /** Lets the channel's subscriptions bring the shipment back (a person watched it there); false when none was kept out. */
  include(key: WatchKey): Promise<boolean>;
  /** The exclusion of the shipment in the channel, if any. */
  exclusion(key: WatchKey): Promise<SubscriptionExclusion | null>;
  setMatched(id: string, matched: number, now: number): Promise<void>;
  /**
   * A matching shipment: a card-less active watch for the subscription when the channel has none (and has not kept it
   * out: `excluded`), else the subscription's watch marked seen at `seenAt` (moved to this subscription when its own
   * is gone).
   */
  join(watch: Watch & { subscriptionId: string }, seenAt: number): Promise<JoinOutcome>;
  /** The watches that came from any of `subscriptionIds` and no sweep saw since `since`. */
  unseen(subscriptionIds: readonly string[], since: number): Promise<Watch[]>;
  /** Watches whose subscription is gone (ended, and no other subscription of their channel took them yet). */
  orphans(limit: number): Promise<Watch[]>;
  /** Every watch that came from the subscription. */
  watches(subscriptionId: string): Promise<Watch[]>;
  /** Moves a watch to another subscription of its channel (the one it came from ended, another still matches). */
  move(key: WatchKey, subscriptionId: string, now: number): Promise<boolean>;
}
