/**
 * Rotate buttons on an image document (the button carries a confirm dialog). The rotation goes through the one write
 * flow: never retried, a double-click performs it once, refused for guests and outsiders. Once Terminal49 accepts it
 * (202), the rotated image is served under a new download URL, so the card is re-rendered with it and the rotation is
 * recorded where the team sees it.
 */
import { renderRotateAuditLine } from '../../cards/audit-line.js';
import { ACTION, renderEmailSubmissionCard } from '../../cards/index.js';
import { reloadAfterRotation, rotateDocument } from '../../features/documents/rotate-document.js';
import { buttonIntentKey } from '../../features/idempotency/index.js';
import { describeWriteError, firstDetail } from '../../features/writes/write-errors.js';
import { intentPayload } from '../../features/writes/write-flow.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { RotationDegrees } from '../../tracking/models.js';
import { runWrite } from '../write/run-write.js';
import { findButtonValue } from './action-context.js';
import type { ButtonSpec } from './button.js';

const DEGREES: Readonly<Record<string, RotationDegrees>> = {
  [ACTION.documentRotate90]: 90,
  [ACTION.documentRotate180]: 180,
  [ACTION.documentRotate270]: 270,
};

export const rotateDocumentButtons: ButtonSpec = {
  actionIds: Object.keys(DEGREES),
  access: 'write',
  earlyIntent: (_runtime, ctx, replier) =>
    DEGREES[ctx.actionId] === undefined
      ? null
      : {
          key: buttonIntentKey(ctx),
          action: ctx.actionId,
          target: ctx.value,
          payload: intentPayload({ userId: ctx.userId, teamId: ctx.teamId }, ctx.channelId, replier),
        },
  create:
    (runtime) =>
    async ({ ctx, replier, client, begun, features }) => {
      const degrees = DEGREES[ctx.actionId];
      if (degrees === undefined) return;
      const documentId = ctx.value;
      let documentName = documentId;
      await runWrite(
        { runtime, replier, directoryClient: client, tenant: features.tenant },
        {
          action: ctx.actionId,
          key: buttonIntentKey(ctx),
          target: documentId,
          actor: { userId: ctx.userId, teamId: ctx.teamId },
          channelId: ctx.channelId,
          write: () => rotateDocument(features, documentId, degrees),
          afterWrite: async () => {
            const submissionId = findButtonValue(ctx.messageBlocks, ACTION.emailSubmissionRefresh);
            if (!submissionId) return;
            const view = await reloadAfterRotation(features, submissionId, documentId);
            const document = view.detail.documents.find((candidate) => candidate.id === documentId);
            documentName = document?.name ?? document?.fileName ?? documentId;
            const now = runtime.clock.now();
            await replier.replaceCard(
              renderEmailSubmissionCard(view.detail, { now, downloadUrls: view.downloadUrls }),
            );
          },
          auditLine: () => renderRotateAuditLine({ userId: ctx.userId, documentName, degrees }),
          describeFailure: describeRotateError,
        },
        { kind: 'acked', begun },
      );
    },
};

function describeRotateError(error: unknown): string {
  if (!isTrackingApiError(error) || error.code !== 'invalid_request') {
    return describeWriteError(error, 'this document');
  }
  const detail = firstDetail(error.apiErrors);
  const said = error.apiErrors.map((entry) => `${entry.title ?? ''} ${entry.detail ?? ''}`).join(' ');
  if (/no document attached/i.test(said)) {
    return 'This document has no file attached, so there is nothing to rotate.';
  }
  if (/invalid rotation/i.test(said)) {
    return 'Terminal49 only rotates by 90, 180 or 270 degrees.';
  }
  return `This document can't be rotated: only image documents (PNG, JPEG…) can be${
    detail ? ` (Terminal49: ${detail})` : ''
  }.`;
}
