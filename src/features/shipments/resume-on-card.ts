/**
 * Resume tracking, offered where Shipwatch refuses to watch a shipment Terminal49 stopped tracking. It changes data
 * at Terminal49 (`PATCH /shipments/{id}/resume_tracking`), so it goes through the one write flow (the RunWrite port)
 * like every other write: the write policy, sent once and never retried, a double-click performs it once, logged, and
 * attributed with an audit line where the team sees it. The note it was clicked on becomes the shipment's card, read
 * afresh.
 */
import { renderShipmentCard } from '../../cards/index.js';
import { renderTrackingResumedLine } from '../../cards/watch/watch-notices.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { ClickWrite } from '../clicks/click-write.js';
import type { FeatureContext } from '../context.js';
import { describeWriteError } from '../writes/write-errors.js';
import type { RunWrite } from '../writes/write-runner.js';
import { readShipment } from './look-up-shipment.js';
import type { PrivateCardIn } from './private-card.js';
import { readResumedShipment, resumeTracking } from './resume-tracking.js';

export interface ResumeOnCardRequest extends ClickWrite {
  shipmentId: string;
  /** Where the note clicked on is shown only to its reader (the card replacing it says so). */
  privateIn: PrivateCardIn;
}

export interface ResumeOnCardPorts {
  runWrite: RunWrite;
  /** The note the person used, re-rendered as the shipment's card. */
  replies: Pick<CardClickReplies, 'replaceCard'>;
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
    actor: { userId: request.userId, teamId: request.teamId },
    channelId: request.channelId,
    write: () => resumeTracking(ctx, shipmentId),
    afterWrite: async () => {
      const detail = await readResumedShipment(ctx, shipmentId);
      await ports.replies.replaceCard(
        renderShipmentCard(detail, { now: ctx.clock.now(), privateIn: request.privateIn }),
      );
    },
    auditLine: () => renderTrackingResumedLine({ userId: request.userId, shipmentNumber: number }),
    describeFailure: (error) => describeWriteError(error, number),
  });
}
