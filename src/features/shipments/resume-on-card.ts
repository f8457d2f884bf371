/**
 * Resume tracking, offered where Shipwatch refuses to watch a shipment Terminal49 stopped tracking. It changes data
 * at Terminal49 (`PATCH /shipments/{id}/resume_tracking`), so it goes through the one write flow (the RunWrite port)
 * like every other write: the write policy, sent once and never retried, a double-click performs it once, logged, and
 * attributed with an audit line where the team sees it. The note it was clicked on becomes the shipment's card, read
 * afresh.
 */
import { renderShipmentCard } from '../../cards/index.js';
import type { SlackMessage } from '../../cards/types.js';
import { renderTrackingResumedLine } from '../../cards/watch/watch-notices.js';
import type { FeatureContext } from '../context.js';
import { describeWriteError } from '../writes/write-errors.js';
import type { WriteActor } from '../writes/write-flow.js';
import type { RunWrite } from '../writes/write-runner.js';
import { readShipment } from './look-up-shipment.js';
import type { PrivateCardIn } from './private-card.js';
import { readResumedShipment, resumeTracking } from './resume-tracking.js';

export interface ResumeOnCardRequest {
  actor: WriteActor;
  channelId: string | null;
  /** The button's action id (the write's action) and the intent's key. */
  action: string;
  key: string;
  shipmentId: string;
  /** Where the note clicked on is shown only to its reader (the card replacing it says so). */
  privateIn: PrivateCardIn;
}

export interface ResumeOnCardPorts {
  runWrite: RunWrite;
  /** Re-renders the note the person used as the shipment's card. */
  replaceCard(message: SlackMessage): Promise<void>;
}

export async function resumeOnCard(
  ctx: FeatureContext,
  request: ResumeOnCardRequest,
  ports: ResumeOnCardPorts,
): Promise<void> {
  const { shipmentId } = request;
  // Read before the write (usually from the cache the refused watch just filled) to name it by its number.
  const known = await readShipment(ctx, shipmentId);
  const number = known.shipment.billOfLadingNumber;
  await ports.runWrite({
    action: request.action,
    key: request.key,
    target: shipmentId,
    actor: request.actor,
    channelId: request.channelId,
    write: () => resumeTracking(ctx, shipmentId),
    afterWrite: async () => {
      const detail = await readResumedShipment(ctx, shipmentId);
      await ports.replaceCard(
        renderShipmentCard(detail, { now: ctx.clock.now(), privateIn: request.privateIn }),
      );
    },
    auditLine: () => renderTrackingResumedLine({ userId: request.actor.userId, shipmentNumber: number }),
    describeFailure: (error) => describeWriteError(error, number),
  });
}
