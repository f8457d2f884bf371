/**
 * Watching a shipment in a channel (the Watch button, `/shipwatch watch`, tracking a number already tracked): a write
 * of Shipwatch's own state that the caller runs through its write flow (policy, ledger: a double-click watches once,
 * audit line). A second watch of a shipment in the same channel reuses its card; a shipment a subscription watches
 * quietly (no card yet) gets its card now; otherwise the watch is reserved card-less first, so "already watched" and
 * the channel's list include it the moment its card appears, and released again when the card cannot be posted.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Watch } from '../../store/index.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { WatchError } from '../../watch/errors.js';
import type { WatchOutcome, WatchService } from '../../watch/index.js';
import type { FeatureContext } from '../context.js';
import type { Conversation } from '../conversation.js';

/** Where a watch lives: a channel of a workspace. */
export interface WatchPlace {
  teamId: string;
  channelId: string;
}

/** Why a shipment cannot be watched here, said before anything is written. */
export type WatchRefusal =
  | { code: 'no_store' }
  | { code: 'no_channel' }
  /** A thread promising updates under a card that says it will not change any more would contradict it. */
  | {
      code: 'tracking_stopped';
      shipmentId: string;
      shipmentNumber: string;
      stoppedAt: string | null;
      reason: string | null;
    };

export type WatchReady = { code: 'ready'; watching: WatchService; place: WatchPlace };

/** Whether watching can start (or stop, without `detail`) in this place. */
export function watchableHere(
  ctx: Pick<FeatureContext, 'watching'>,
  place: { teamId: string | null; channelId: string | null },
  detail?: ShipmentDetail,
): WatchReady | WatchRefusal {
  const { watching } = ctx;
  if (!watching) return { code: 'no_store' };
  const { teamId, channelId } = place;
  if (!teamId || !channelId) return { code: 'no_channel' };
  if (detail) {
    const { stoppedAt, stoppedReason } = detail.shipment.lineTracking;
    if (stoppedAt !== null || stoppedReason !== null)
      return {
        code: 'tracking_stopped',
        shipmentId: detail.shipment.id,
        shipmentNumber: detail.shipment.billOfLadingNumber,
        stoppedAt,
        reason: stoppedReason,
      };
  }
  return { code: 'ready', watching, place: { teamId, channelId } };
}

export interface WatchShipmentInput {
  userId: string;
  detail: ShipmentDetail;
  /** The public card the person used (its Watch button); null: a new card is posted in the channel. */
  card: { ts: string; threadTs: string | null } | null;
  /** The card's own URL (docs/unfurls.md), or null where none can be opened. */
  link: string | null;
}

/** The write itself; throws `already_watched` (with the watch there) or `slack_refused` (no card could be posted). */
export async function watchShipment(
  ctx: FeatureContext,
  conversation: Conversation,
  ready: WatchReady,
  input: WatchShipmentInput,
): Promise<Exclude<WatchOutcome, { outcome: 'exists' }>> {
  const { watching, place } = ready;
  const { detail } = input;
  const shipmentId = detail.shipment.id;
  const number = detail.shipment.billOfLadingNumber;
  const key = { ...place, shipmentId };
  // Checked inside the write, after the ledger: the second click of a double-click is then dropped as the repeat it
  // is, instead of being told "already watched" right after the first said "started watching".
  const existing = await watching.find(place.teamId, place.channelId, shipmentId);
  if (existing?.state === 'active' && existing.cardTs === null && existing.subscriptionId) {
    // A subscription watches it quietly (no card yet): a person asking to watch it gets its card now.
    const card = input.card
      ? { ts: input.card.ts, threadTs: input.card.threadTs ?? input.card.ts }
      : { ts: await postWatchedCard(ctx, conversation, detail, input.link), threadTs: null };
    const threadTs = card.threadTs ?? card.ts;
    if (await watching.cardPosted(key, { cardTs: card.ts, threadTs }, detail))
      return { outcome: 'created', watch: { ...existing, cardTs: card.ts, threadTs } };
  }
  if (existing?.state === 'active')
    throw new WatchError('already_watched', `${number} is already watched here`, existing);
  const request = {
    ...(ctx.tenant.account ? { accountId: ctx.tenant.account.id } : {}),
    ...place,
    userId: input.userId,
    detail,
  };
  if (input.card) {
    const result = await watching.watch({
      ...request,
      cardTs: input.card.ts,
      threadTs: input.card.threadTs ?? input.card.ts,
    });
    if (result.outcome === 'exists')
      throw new WatchError('already_watched', `${number} is already watched here`, result.watch);
    return result;
  }
  const reserved = await watching.watch({ ...request, cardTs: null, threadTs: null });
  if (reserved.outcome === 'exists')
    throw new WatchError('already_watched', `${number} is already watched here`, reserved.watch);
  let cardTs: string;
  try {
    cardTs = await postWatchedCard(ctx, conversation, detail, input.link);
  } catch (error) {
    await watching
      .release(key)
      .catch((failure: unknown) =>
        ctx.logger.warn('could not release a watch whose card was not posted', { error: failure }),
      );
    throw error;
  }
  await watching.cardPosted(key, { cardTs, threadTs: cardTs }, detail);
  return { ...reserved, watch: { ...reserved.watch, cardTs, threadTs: cardTs } };
}

/** The card the person used, re-rendered as watched from now on. */
export async function showWatchedCard(
  ctx: Pick<FeatureContext, 'clock'>,
  conversation: Conversation,
  detail: ShipmentDetail,
  link: string | null,
): Promise<void> {
  await conversation.replaceCard(watchedCard(ctx, detail, link));
}

/** A new card in the channel, already watched, recorded in the card registry; its ts. */
async function postWatchedCard(
  ctx: Pick<FeatureContext, 'clock'>,
  conversation: Conversation,
  detail: ShipmentDetail,
  link: string | null,
): Promise<string> {
  const posted = await conversation.postCard(watchedCard(ctx, detail, link), {
    subject: { kind: 'shipment', subjectId: detail.shipment.id },
  });
  if (posted === null) throw new WatchError('slack_refused', 'the card could not be posted with a ts');
  return posted.ts;
}

function watchedCard(
  ctx: Pick<FeatureContext, 'clock'>,
  detail: ShipmentDetail,
  link: string | null,
): SlackMessage {
  const now = ctx.clock.now();
  return renderShipmentCard(detail, { now, watch: { updatedAtMs: now.getTime(), link } });
}

/** How long "already watched" waits for a card another request is posting: 10 × 100 ms (a post takes far less). */
const CARD_WAIT_TRIES = 10;
const CARD_WAIT_STEP_MS = 100;

/**
 * The link to the card of a watch already there, for the "already watched" note; null when it has none. A card-less
 * watch is being posted by another request right now (its reservation came first), so its card is waited for
 * briefly; a subscription's card-less watch has nobody posting its card, so there is nothing to wait for.
 */
export async function watchedCardLink(
  ctx: Pick<FeatureContext, 'watching'>,
  conversation: Conversation,
  watch: Watch,
): Promise<string | null> {
  let found: Pick<Watch, 'channelId' | 'cardTs'> = watch;
  const posting = !watch.subscriptionId;
  for (
    let tries = 0;
    ctx.watching && posting && found.cardTs === null && tries < CARD_WAIT_TRIES;
    tries += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, CARD_WAIT_STEP_MS));
    const now = await ctx.watching.find(watch.teamId, watch.channelId, watch.shipmentId);
    if (now === null) break;
    if (now.cardTs !== null) found = now;
  }
  return found.cardTs === null
    ? null
    : conversation.permalink({ channelId: found.channelId, ts: found.cardTs });
}
