/**
 * Watching and unwatching from Slack: the Watch / Unwatch buttons and `/shipwatch watch|unwatch`. Both change
 * Shipwatch's own state, so they go through the one write flow (write/write-flow.ts): guests and people outside
 * SHIPWATCH_EDITORS are refused, a double-click watches once, and the change is attributed in the card's thread.
 * Watching is per channel; a second watch of a shipment in the same channel reuses its card.
 */
import { renderShipmentCard } from '../../cards/shipment-card.js';
import { keptOutNote } from '../../cards/subscriptions/subscription-messages.js';
import type { SlackMessage } from '../../cards/types.js';
import {
  renderAlreadyWatchedNotice,
  renderNotWatchedNotice,
  renderTrackingStoppedNotice,
  renderWatchNeedsStoreNotice,
  renderWatchResumedLine,
  renderWatchStartedLine,
  renderWatchStoppedLine,
} from '../../cards/watch/watch-notices.js';
import type { FeatureContext } from '../../features/context.js';
import { describeWriteError } from '../../features/writes/write-errors.js';
import type { Watch } from '../../store/index.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { WatchError } from '../../watch/errors.js';
import { postThreadReply, updateCard } from '../delivery/messages.js';
import { renderNotice } from '../delivery/notice.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import { slackFailureFields } from '../delivery/slack-failure.js';
import { cardLinkFor } from '../delivery/watched-card.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';

export interface WatchIo {
  replier: Replier;
  client: SlackMessagingClient & DirectoryClient;
  features: FeatureContext;
}

export interface WatchInput {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  detail: ShipmentDetail;
  /** The public card the Watch button was clicked on; null: post a new card (a command, or a private card). */
  card: { ts: string; threadTs: string | null } | null;
  /** The write's idempotency key. */
  key: string;
  action: string;
}

/** What watching changes, in a refusal's words: Shipwatch's own state, not tracking data. */
export const WATCHES_WHAT = 'which shipments this channel watches';

/** How long "already watched" waits for a card another request is posting: 10 × 100 ms (a post takes far less). */
const CARD_WAIT_TRIES = 10;
const CARD_WAIT_STEP_MS = 100;

const NO_CHANNEL = 'Shipments are watched in a channel. Use this in the channel that should get the updates.';
const NOT_POSTED =
  'Shipwatch could not post the card in this channel, so it cannot keep it up to date here. Invite @Shipwatch (`/invite @Shipwatch`) and try again.';

export async function startWatching(runtime: SlackRuntime, io: WatchIo, input: WatchInput): Promise<void> {
  const { watching } = runtime;
  if (!watching) {
    await io.replier.tell(renderWatchNeedsStoreNotice());
    return;
  }
  const { teamId, channelId, detail } = input;
  if (!teamId || !channelId) {
    await io.replier.tell(renderNotice(':information_source:', NO_CHANNEL));
    return;
  }
  const shipmentId = detail.shipment.id;
  const number = detail.shipment.billOfLadingNumber;
  const { stoppedAt, stoppedReason } = detail.shipment.lineTracking;
  if (stoppedAt !== null || stoppedReason !== null) {
    // A thread promising updates under a card that says it will not change any more would contradict it.
    await io.replier.tell(
      renderTrackingStoppedNotice({ shipmentId, shipmentNumber: number, stoppedAt, reason: stoppedReason }),
    );
    return;
  }
  await runWrite(
    { runtime, replier: io.replier, directoryClient: io.client, tenant: io.features.tenant },
    {
      action: input.action,
      key: input.key,
      target: shipmentId,
      what: WATCHES_WHAT,
      actor: { userId: input.userId, teamId },
      channelId,
      write: async () => {
        // Checked inside the write, after the ledger: the second click of a double-click is then dropped as the
        // repeat it is, instead of being told "already watched" right after the first said "started watching".
        const existing = await watching.find(teamId, channelId, shipmentId);
        const key = { teamId, channelId, shipmentId };
        if (existing?.state === 'active' && existing.cardTs === null && existing.subscriptionId) {
          // A subscription watches it quietly (no card yet): a person asking to watch it gets its card now.
          const card = input.card
            ? { ts: input.card.ts, threadTs: input.card.threadTs ?? input.card.ts }
            : { ...(await postWatchedCard(runtime, io, detail)), threadTs: null };
          const threadTs = card.threadTs ?? card.ts;
          if (await watching.cardPosted(key, { cardTs: card.ts, threadTs }, detail))
            return { outcome: 'created' as const, watch: { ...existing, cardTs: card.ts, threadTs } };
        }
        if (existing?.state === 'active')
          throw new WatchError('already_watched', `${number} is already watched here`, existing);
        const request = {
          ...(io.features.tenant.account ? { accountId: io.features.tenant.account.id } : {}),
          teamId,
          channelId,
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
        // A new card: the watch is stored first, card-less, so the moment the card appears in the channel, "already
        // watched" and `/shipwatch watching` include it; then the card is posted and attached. A card that could not
        // be posted releases the watch it reserved.
        const reserved = await watching.watch({ ...request, cardTs: null, threadTs: null });
        if (reserved.outcome === 'exists')
          throw new WatchError('already_watched', `${number} is already watched here`, reserved.watch);
        let card: { ts: string };
        try {
          card = await postWatchedCard(runtime, io, detail);
        } catch (error) {
          await watching
            .release(key)
            .catch((failure: unknown) =>
              runtime.logger.warn('could not release a watch whose card was not posted', { error: failure }),
            );
          throw error;
        }
        await watching.cardPosted(key, { cardTs: card.ts, threadTs: card.ts }, detail);
        return { ...reserved, watch: { ...reserved.watch, cardTs: card.ts, threadTs: card.ts } };
      },
      afterWrite: async () => {
        if (input.card) {
          const now = runtime.clock.now();
          await io.replier.replaceCard(
            renderShipmentCard(detail, {
              now,
              watch: { updatedAtMs: now.getTime(), link: cardLinkFor(runtime, detail.shipment.id) },
            }),
          );
        }
      },
      auditLine: (result) =>
        result.outcome === 'resumed'
          ? renderWatchResumedLine({ userId: input.userId, shipmentNumber: number })
          : renderWatchStartedLine({ userId: input.userId, shipmentNumber: number }),
      publishAudit: async (line, result) =>
        threadLine(runtime, io, channelId, result.watch.threadTs ?? result.watch.cardTs, line),
      describeFailure: (error) =>
        error instanceof WatchError && error.code === 'slack_refused'
          ? NOT_POSTED
          : describeWriteError(error, number),
      failureNotice: async (error) =>
        error instanceof WatchError && error.code === 'already_watched'
          ? renderAlreadyWatchedNotice({
              shipmentNumber: number,
              permalink: error.watch
                ? await cardPermalink(runtime, io, await postedCardOf(watching, error.watch))
                : null,
            })
          : null,
    },
    { kind: 'acked' },
  );
}

export interface UnwatchInput {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  shipmentId: string;
  shipmentNumber: string;
  key: string;
  action: string;
}

export async function stopWatching(runtime: SlackRuntime, io: WatchIo, input: UnwatchInput): Promise<void> {
  const { watching } = runtime;
  if (!watching) {
    await io.replier.tell(renderWatchNeedsStoreNotice());
    return;
  }
  const { teamId, channelId } = input;
  if (!teamId || !channelId) {
    await io.replier.tell(renderNotice(':information_source:', NO_CHANNEL));
    return;
  }
  let detail: ShipmentDetail | null = null;
  await runWrite(
    { runtime, replier: io.replier, directoryClient: io.client, tenant: io.features.tenant },
    {
      action: input.action,
      key: input.key,
      target: input.shipmentId,
      what: WATCHES_WHAT,
      actor: { userId: input.userId, teamId },
      channelId,
      write: async () => {
        detail = await watching.lastReading(input.shipmentId);
        const removed = await watching.unwatch(
          { teamId, channelId, shipmentId: input.shipmentId },
          input.userId,
        );
        if (removed === null)
          throw new WatchError('not_watched', `${input.shipmentNumber} is not watched here`);
        return removed;
      },
      afterWrite: async (watch) => {
        // The card stops saying "Watching": it now reads as of this moment, like any unwatched card.
        if (detail === null || watch.cardTs === null) return;
        // A subscribed shipment's card says, once, that its subscription will not bring it back.
        await updateCard(
          io.client,
          { channel: watch.channelId, ts: watch.cardTs },
          renderShipmentCard(detail, {
            now: runtime.clock.now(),
            endedNote: watch.keptOutOf ? keptOutNote(watch.keptOutOf) : null,
          }),
        );
      },
      auditLine: (watch) =>
        renderWatchStoppedLine({
          userId: input.userId,
          shipmentNumber: watch.shipmentNumber,
          // A card-less watch has no card to say it on: the line, told to the person, says it instead.
          keptOutOf: watch.cardTs === null ? watch.keptOutOf : null,
        }),
      publishAudit: (line, watch) =>
        threadLine(runtime, io, watch.channelId, watch.threadTs ?? watch.cardTs, line),
      describeFailure: (error) => describeWriteError(error, input.shipmentNumber),
      // Not a fault: told as the note it is, and, being checked inside the write, never to the second click of a
      // double-click (the ledger drops that one) right after the first said "stopped watching".
      failureNotice: async (error) =>
        error instanceof WatchError && error.code === 'not_watched'
          ? renderNotWatchedNotice({ shipmentNumber: input.shipmentNumber })
          : null,
    },
    { kind: 'acked' },
  );
}

/** A new card in the channel, already watched, recorded in the card registry. */
async function postWatchedCard(
  runtime: SlackRuntime,
  io: WatchIo,
  detail: ShipmentDetail,
): Promise<{ ts: string; threadTs: string | null }> {
  const now = runtime.clock.now();
  const message = renderShipmentCard(detail, {
    now,
    watch: { updatedAtMs: now.getTime(), link: cardLinkFor(runtime, detail.shipment.id) },
  });
  const delivery = await io.replier.card(message, 'channel', {
    subject: { kind: 'shipment', subjectId: detail.shipment.id },
  });
  if (delivery.via !== 'message' || !delivery.posted.ts) {
    throw new WatchError('slack_refused', 'the card could not be posted with a ts');
  }
  return { ts: delivery.posted.ts, threadTs: null };
}

/**
 * The watch with its card: a card-less one is being posted by another request right now (its reservation came
 * first), so its card is waited for briefly — the note then points at it — and otherwise the note says no link.
 */
async function postedCardOf(
  watching: NonNullable<SlackRuntime['watching']>,
  watch: Watch,
): Promise<Pick<Watch, 'channelId' | 'cardTs'>> {
  // A subscription's card-less watch has nobody posting its card: nothing to wait for.
  const posting = !watch.subscriptionId;
  for (let tries = 0; posting && watch.cardTs === null && tries < CARD_WAIT_TRIES; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, CARD_WAIT_STEP_MS));
    const now = await watching.find(watch.teamId, watch.channelId, watch.shipmentId);
    if (now === null) break;
    if (now.cardTs !== null) return now;
  }
  return watch;
}

/** Slack's link to a watch's card, so a note can point at it; null when Slack does not give one or it has no card. */
export async function cardPermalink(
  runtime: SlackRuntime,
  io: Pick<WatchIo, 'client'>,
  watch: Pick<Watch, 'channelId' | 'cardTs'>,
): Promise<string | null> {
  if (watch.cardTs === null) return null;
  try {
    const answer = await io.client.chat.getPermalink({ channel: watch.channelId, message_ts: watch.cardTs });
    return answer.permalink ?? null;
  } catch (error) {
    runtime.logger.info('no permalink for a watched card', slackFailureFields(error));
    return null;
  }
}

async function threadLine(
  runtime: SlackRuntime,
  io: WatchIo,
  channelId: string,
  threadTs: string | null,
  line: SlackMessage,
): Promise<void> {
  // A card-less watch (a subscription's quiet shipment) has no thread yet: the line goes to the person.
  if (threadTs === null) return void (await io.replier.tell(line));
  try {
    await postThreadReply(io.client, { channel: channelId, ts: threadTs }, line);
  } catch (error) {
    runtime.logger.warn(
      'could not post the watch line in the thread; telling the person',
      slackFailureFields(error),
    );
    await io.replier.tell(line);
  }
}
