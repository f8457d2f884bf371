/**
 * Rotate buttons on an image document of an email submission's card. The rotation goes through the one write flow
 * (the RunWrite port): never retried, a double-click performs it once, refused for guests and outsiders. Once
 * Terminal49 accepts it (202), the rotated image is served under a new download URL, so the card is re-rendered with
 * it and the rotation is recorded where the team sees it.
 */
import { renderRotateAuditLine } from '../../cards/audit-line.js';
import { ACTION, renderEmailSubmissionCard } from '../../cards/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { RotationDegrees } from '../../tracking/models.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { ClickWrite } from '../clicks/click-write.js';
import type { FeatureContext } from '../context.js';
import type { EarlyIntent } from '../writes/early-intent.js';
import { describeWriteError, firstDetail } from '../writes/write-errors.js';
import { intentPayload, type WriteReplies } from '../writes/write-flow.js';
import type { RunWrite } from '../writes/write-runner.js';
import { reloadAfterRotation, rotateDocument } from './rotate-document.js';

/** The rotate buttons' action ids → the rotation each asks for. */
export const ROTATIONS: Readonly<Record<string, RotationDegrees>> = {
  [ACTION.documentRotate90]: 90,
  [ACTION.documentRotate180]: 180,
  [ACTION.documentRotate270]: 270,
};

export interface RotateOnCardRequest extends ClickWrite {
  documentId: string;
  degrees: RotationDegrees;
  /** The submission the card shows (its Refresh button's value); null when the card names none. */
  submissionId: string | null;
}

export interface RotateOnCardPorts {
  runWrite: RunWrite;
  /** The card the person used, re-rendered. */
  replies: Pick<CardClickReplies, 'replaceCard'>;
}

/** The rotation's intent, recorded before the click is acknowledged (features/writes/early-intent.ts). */
export function rotateIntent(
  request: ClickWrite & { documentId: string },
  replies: Pick<WriteReplies, 'origin'>,
): EarlyIntent {
  const actor = { userId: request.userId, teamId: request.teamId };
  return {
    key: request.key,
    action: request.action,
    target: request.documentId,
    payload: intentPayload(actor, request.channelId, replies),
  };
}

export async function rotateOnCard(
  ctx: FeatureContext,
  request: RotateOnCardRequest,
  ports: RotateOnCardPorts,
): Promise<void> {
  const { documentId, degrees, submissionId } = request;
  let documentName = documentId;
  await ports.runWrite({
    action: request.action,
    key: request.key,
    target: documentId,
    actor: { userId: request.userId, teamId: request.teamId },
    channelId: request.channelId,
    write: () => rotateDocument(ctx, documentId, degrees),
    afterWrite: async () => {
      if (!submissionId) return;
      const view = await reloadAfterRotation(ctx, submissionId, documentId);
      const document = view.detail.documents.find((candidate) => candidate.id === documentId);
      documentName = document?.name ?? document?.fileName ?? documentId;
      const now = ctx.clock.now();
      await ports.replies.replaceCard(
        renderEmailSubmissionCard(view.detail, { now, downloadUrls: view.downloadUrls }),
      );
    },
    auditLine: () => renderRotateAuditLine({ userId: request.userId, documentName, degrees }),
    describeFailure: describeRotateError,
  });
}

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
