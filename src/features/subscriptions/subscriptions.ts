/**
 * Subscriptions as use cases (README "Subscriptions"): a channel subscribes to a slice of its account's book with a
 * filter, lists its subscriptions with how many shipments each matches, and ends one by its number or its filter.
 * The filter's rules are src/domain/subscriptions; keeping the matches current is watching's background work
 * (src/watch/subscriptions). Slack-agnostic: the adapter supplies who, where and the words typed.
 */
import { parseFilter } from '../../domain/subscriptions/index.js';
import type { SubscriptionRecord } from '../../store/index.js';
import { type FeatureContext, trackingOf } from '../context.js';
import { FeatureError } from '../errors.js';

export interface ChannelRequest {
  teamId: string;
  channelId: string;
  userId: string;
}

export type SubscribeOutcome =
  | { kind: 'subscribed' | 'already'; subscription: SubscriptionRecord }
  | { kind: 'invalid'; problem: string };

function subscriptionsOf(ctx: FeatureContext) {
  if (!ctx.watching) throw new FeatureError('no_store', 'subscriptions need the durable store');
  return ctx.watching.subscriptions;
}

export async function subscribeChannel(
  ctx: FeatureContext,
  request: ChannelRequest & { text: string },
): Promise<SubscribeOutcome> {
  const parsed = parseFilter(request.text);
  if (!parsed.ok) return { kind: 'invalid', problem: parsed.problem };
  const subscriptions = subscriptionsOf(ctx);
  // Matching reads this workspace's own account: none connected, nothing to match (said as not_connected).
  trackingOf(ctx);
  const result = await subscriptions.subscribe({
    ...(ctx.tenant.account ? { accountId: ctx.tenant.account.id } : {}),
    teamId: request.teamId,
    channelId: request.channelId,
    userId: request.userId,
    filter: parsed.canonical,
    terms: parsed.terms,
  });
  return { kind: result.created ? 'subscribed' : 'already', subscription: result.subscription };
}

export function listSubscriptions(
  ctx: FeatureContext,
  where: { teamId: string; channelId: string },
): Promise<SubscriptionRecord[]> {
  return subscriptionsOf(ctx).list(where.teamId, where.channelId);
}

/** The channel's subscription that `what` names: its number in the list (1-based) or its filter, in any order. */
export async function findSubscription(
  ctx: FeatureContext,
  where: { teamId: string; channelId: string },
  what: string,
): Promise<SubscriptionRecord | null> {
  const listed = await listSubscriptions(ctx, where);
  const text = what.trim().replace(/^#/, '');
  if (/^\d+$/.test(text)) return listed[Number(text) - 1] ?? null;
  const parsed = parseFilter(text);
  return parsed.ok ? (listed.find((item) => item.filter === parsed.canonical) ?? null) : null;
}

/** Ends the subscription; false when it was ended meanwhile. */
export function unsubscribe(ctx: FeatureContext, subscription: SubscriptionRecord): Promise<boolean> {
  return subscriptionsOf(ctx).unsubscribe(subscription);
}
