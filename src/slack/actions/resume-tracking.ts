/**
 * Resume tracking, offered where Shipwatch refuses to watch a shipment Terminal49 stopped tracking. It changes data
 * at Terminal49 (`PATCH /shipments/{id}/resume_tracking`), so it goes through the one write flow like every other
 * write: the write policy, sent once and never retried, a double-click performs it once, logged, and attributed with
 * an audit line where the team sees it. The note it was clicked on becomes the shipment's card, read afresh.
 */
import { ACTION, renderShipmentCard } from '../../cards/index.js';
import { renderTrackingResumedLine } from '../../cards/watch/watch-notices.js';
import { buttonIntentKey } from '../../features/idempotency/index.js';
import { readShipment } from '../../features/shipments/look-up-shipment.js';
import { readResumedShipment, resumeTracking } from '../../features/shipments/resume-tracking.js';
import { describeWriteError } from '../../features/writes/write-errors.js';
import { runWrite } from '../write/run-write.js';
import type { ButtonSpec } from './button.js';
import { privateCardIn } from './private-card.js';

export const resumeTrackingButton: ButtonSpec = {
  actionIds: [ACTION.shipmentResumeTracking],
  access: 'write',
  create:
    (runtime) =>
    async ({ ctx, replier, client, features }) => {
      const shipmentId = ctx.value;
      // Read before the write (usually from the cache the refused watch just filled) to name it by its number.
      const known = await readShipment(features, shipmentId);
      const number = known.shipment.billOfLadingNumber;
      await runWrite(
        { runtime, replier, directoryClient: client, tenant: features.tenant },
        {
          action: ctx.actionId,
          key: buttonIntentKey(ctx),
          target: shipmentId,
          actor: { userId: ctx.userId, teamId: ctx.teamId },
          channelId: ctx.channelId,
          write: () => resumeTracking(features, shipmentId),
          afterWrite: async () => {
            const detail = await readResumedShipment(features, shipmentId);
            await replier.replaceCard(
              renderShipmentCard(detail, { now: runtime.clock.now(), privateIn: privateCardIn(ctx) }),
            );
          },
          auditLine: () => renderTrackingResumedLine({ userId: ctx.userId, shipmentNumber: number }),
          describeFailure: (error) => describeWriteError(error, number),
        },
        { kind: 'acked' },
      );
    },
};
