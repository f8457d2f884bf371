/**
 * Watching a shipment as a person asked (the Watch button, `/shipwatch watch`, tracking a number already tracked). It
 * changes Shipwatch's own state, so it goes through the one write flow (features/writes/write-flow.ts): guests and
 * people outside SHIPWATCH_EDITORS are refused, a double-click watches once, and the change is attributed in the
 * card's thread. What watching decides is in watch-shipment.ts; this is the write around it, in the person's words.
 */
import {
  renderAlreadyWatchedNotice,
  renderWatchResumedLine,
  renderWatchStartedLine,
} from '../../cards/watch/watch-notices.js';
import type { ShipmentDetail } from '../../tracking/models.js';
import { WatchError } from '../../watch/errors.js';
import type { FeatureContext } from '../context.js';
import { describeWriteError } from '../writes/write-errors.js';
import { postWatchLine } from './watch-line.js';
import type { WatchPorts } from './watch-ports.js';
import { refusalNotice } from './watch-refusal.js';
import { showWatchedCard, watchableHere, watchedCardLink, watchShipment } from './watch-shipment.js';
import { WATCHES_WHAT } from './watches-what.js';

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

const NOT_POSTED =
  'Shipwatch could not post the card in this channel, so it cannot keep it up to date here. Invite @Shipwatch (`/invite @Shipwatch`) and try again.';

export async function startWatching(
  ctx: FeatureContext,
  ports: WatchPorts,
  input: WatchInput,
): Promise<void> {
  const { detail } = input;
  const { conversation } = ports;
  const ready = watchableHere(ctx, input, detail);
  if (ready.code !== 'ready') return void (await conversation.tell(refusalNotice(ready)));
  const number = detail.shipment.billOfLadingNumber;
  const link = ports.cardLink(detail.shipment.id, ready.place.channelId);
  await ports.runWrite({
    action: input.action,
    key: input.key,
    target: detail.shipment.id,
    what: WATCHES_WHAT,
    actor: { userId: input.userId, teamId: ready.place.teamId },
    channelId: ready.place.channelId,
    write: () => watchShipment(ctx, conversation, ready, { ...input, link }),
    afterWrite: async () => {
      if (input.card) await showWatchedCard(ctx, conversation, detail, link);
    },
    auditLine: (result) =>
      result.outcome === 'resumed'
        ? renderWatchResumedLine({ userId: input.userId, shipmentNumber: number })
        : renderWatchStartedLine({ userId: input.userId, shipmentNumber: number }),
    publishAudit: (line, result) => postWatchLine(ctx, conversation, result.watch, line),
    describeFailure: (error) =>
      error instanceof WatchError && error.code === 'slack_refused'
        ? NOT_POSTED
        : describeWriteError(error, number),
    failureNotice: async (error) =>
      error instanceof WatchError && error.code === 'already_watched'
        ? renderAlreadyWatchedNotice({
            shipmentNumber: number,
            permalink: error.watch ? await watchedCardLink(ctx, conversation, error.watch) : null,
          })
        : null,
  });
}
