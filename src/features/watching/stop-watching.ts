/**
 * Unwatching a shipment as a person asked (the Unwatch button, `/shipwatch unwatch`): a write of Shipwatch's own
 * state through the one write flow, like watching (start-watching.ts), attributed in the card's thread.
 */
import { renderNotWatchedNotice, renderWatchStoppedLine } from '../../cards/watch/watch-notices.js';
import { WatchError } from '../../watch/errors.js';
import type { FeatureContext } from '../context.js';
import { describeWriteError } from '../writes/write-errors.js';
import { showUnwatchedCard, unwatchShipment } from './unwatch-shipment.js';
import { postWatchLine } from './watch-line.js';
import type { WatchPorts } from './watch-ports.js';
import { refusalNotice } from './watch-refusal.js';
import { watchableHere } from './watch-shipment.js';
import { WATCHES_WHAT } from './watches-what.js';

export interface UnwatchInput {
  teamId: string | null;
  channelId: string | null;
  userId: string;
  shipmentId: string;
  shipmentNumber: string;
  key: string;
  action: string;
}

export async function stopWatching(
  ctx: FeatureContext,
  ports: Pick<WatchPorts, 'conversation' | 'runWrite'>,
  input: UnwatchInput,
): Promise<void> {
  const { conversation } = ports;
  const ready = watchableHere(ctx, input);
  if (ready.code !== 'ready') return void (await conversation.tell(refusalNotice(ready)));
  await ports.runWrite({
    action: input.action,
    key: input.key,
    target: input.shipmentId,
    what: WATCHES_WHAT,
    actor: { userId: input.userId, teamId: ready.place.teamId },
    channelId: ready.place.channelId,
    write: () => unwatchShipment(ready, { id: input.shipmentId, number: input.shipmentNumber }, input.userId),
    afterWrite: (result) => showUnwatchedCard(ctx, conversation, result),
    auditLine: ({ watch }) =>
      renderWatchStoppedLine({
        userId: input.userId,
        shipmentNumber: watch.shipmentNumber,
        // A card-less watch has no card to say it on: the line, told to the person, says it instead.
        keptOutOf: watch.cardTs === null ? watch.keptOutOf : null,
      }),
    publishAudit: (line, { watch }) => postWatchLine(ctx, conversation, watch, line),
    describeFailure: (error) => describeWriteError(error, input.shipmentNumber),
    // Not a fault: told as the note it is, and, being checked inside the write, never to the second click of a
    // double-click (the ledger drops that one) right after the first said "stopped watching".
    failureNotice: async (error) =>
      error instanceof WatchError && error.code === 'not_watched'
        ? renderNotWatchedNotice({ shipmentNumber: input.shipmentNumber })
        : null,
  });
}
