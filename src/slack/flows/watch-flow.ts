/**
 * Watching and unwatching from Slack: the Watch / Unwatch buttons and `/shipwatch watch|unwatch`. Both change
 * Shipwatch's own state, so they go through the one write flow (write/write-flow.ts): guests and people outside
 * SHIPWATCH_EDITORS are refused, a double-click watches once, and the change is attributed in the card's thread.
 * What watching decides is in features/watching/; this is the write flow around it, in Slack's words.
 */

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
import { showUnwatchedCard, unwatchShipment } from '../../features/watching/unwatch-shipment.js';
import { postWatchLine } from '../../features/watching/watch-line.js';
import {
  showWatchedCard,
  type WatchRefusal,
  watchableHere,
  watchedCardLink,
  watchShipment,
} from '../../features/watching/watch-shipment.js';
import { WATCHES_WHAT } from '../../features/watching/watches-what.js';
import { describeWriteError } from '../../features/writes/write-errors.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { WatchError } from '../../watch/errors.js';
import { renderNotice } from '../delivery/notice.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import { slackConversation } from '../delivery/slack-conversation.js';
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

const NO_CHANNEL = 'Shipments are watched in a channel. Use this in the channel that should get the updates.';
const NOT_POSTED =
  'Shipwatch could not post the card in this channel, so it cannot keep it up to date here. Invite @Shipwatch (`/invite @Shipwatch`) and try again.';

export async function startWatching(runtime: SlackRuntime, io: WatchIo, input: WatchInput): Promise<void> {
  const { detail } = input;
  const ready = watchableHere(io.features, input, detail);
  if (ready.code !== 'ready') return void (await io.replier.tell(refusalNotice(ready)));
  const conversation = conversationOf(runtime, io);
  const number = detail.shipment.billOfLadingNumber;
  const link = cardLinkFor(runtime, detail.shipment.id);
  await runWrite(
    { runtime, replier: io.replier, directoryClient: io.client, tenant: io.features.tenant },
    {
      action: input.action,
      key: input.key,
      target: detail.shipment.id,
      what: WATCHES_WHAT,
      actor: { userId: input.userId, teamId: ready.place.teamId },
      channelId: ready.place.channelId,
      write: () => watchShipment(io.features, conversation, ready, { ...input, link }),
      afterWrite: async () => {
        if (input.card) await showWatchedCard(io.features, conversation, detail, link);
      },
      auditLine: (result) =>
        result.outcome === 'resumed'
          ? renderWatchResumedLine({ userId: input.userId, shipmentNumber: number })
          : renderWatchStartedLine({ userId: input.userId, shipmentNumber: number }),
      publishAudit: (line, result) => postWatchLine(io.features, conversation, result.watch, line),
      describeFailure: (error) =>
        error instanceof WatchError && error.code === 'slack_refused'
          ? NOT_POSTED
          : describeWriteError(error, number),
      failureNotice: async (error) =>
        error instanceof WatchError && error.code === 'already_watched'
          ? renderAlreadyWatchedNotice({
              shipmentNumber: number,
              permalink: error.watch ? await watchedCardLink(io.features, conversation, error.watch) : null,
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
  const ready = watchableHere(io.features, input);
  if (ready.code !== 'ready') return void (await io.replier.tell(refusalNotice(ready)));
  const conversation = conversationOf(runtime, io);
  await runWrite(
    { runtime, replier: io.replier, directoryClient: io.client, tenant: io.features.tenant },
    {
      action: input.action,
      key: input.key,
      target: input.shipmentId,
      what: WATCHES_WHAT,
      actor: { userId: input.userId, teamId: ready.place.teamId },
      channelId: ready.place.channelId,
      write: () =>
        unwatchShipment(ready, { id: input.shipmentId, number: input.shipmentNumber }, input.userId),
      afterWrite: (result) => showUnwatchedCard(io.features, conversation, result),
      auditLine: ({ watch }) =>
        renderWatchStoppedLine({
          userId: input.userId,
          shipmentNumber: watch.shipmentNumber,
          // A card-less watch has no card to say it on: the line, told to the person, says it instead.
          keptOutOf: watch.cardTs === null ? watch.keptOutOf : null,
        }),
      publishAudit: (line, { watch }) => postWatchLine(io.features, conversation, watch, line),
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

export function conversationOf(runtime: SlackRuntime, io: Pick<WatchIo, 'replier' | 'client'>) {
  return slackConversation({ replier: io.replier, client: io.client, logger: runtime.logger });
}

export function refusalNotice(refusal: WatchRefusal): SlackMessage {
  if (refusal.code === 'no_store') return renderWatchNeedsStoreNotice();
  if (refusal.code === 'no_channel') return renderNotice(':information_source:', NO_CHANNEL);
  const { shipmentId, shipmentNumber, stoppedAt, reason } = refusal;
  return renderTrackingStoppedNotice({ shipmentId, shipmentNumber, stoppedAt, reason });
}
