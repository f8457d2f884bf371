/**
 * Rotate buttons on an image document (the button carries a confirm dialog). The rotation is a write: it is never
 * retried and a double-click performs it once. Once Terminal49 accepts it (202), the rotated image is served under a
 * new download URL, so the card is re-rendered with it and the rotation is recorded in the card's thread.
 */

import { renderRotateAuditLine } from '../../../cards/audit-line.js';
import { ACTION } from '../../../cards/ids.js';
import { renderEmailSubmissionCard } from '../../../cards/index.js';
import { isTrackingApiError } from '../../../tracking/errors.js';
import type { RotationDegrees } from '../../../tracking/models.js';
import { loadEmailSubmissionView } from '../email-submission-view.js';
import { findButtonValue } from './support/action-context.js';
import { createButtonListener, privateTarget } from './support/button-listener.js';
import { renderNotice } from './support/notice.js';
import { replaceCardOrTell, replyInThreadOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';
import { describeWriteError, firstDetail } from './support/write-errors.js';

export const ROTATE_LISTENERS = [
  { actionId: ACTION.documentRotate90, degrees: 90 },
  { actionId: ACTION.documentRotate180, degrees: 180 },
  { actionId: ACTION.documentRotate270, degrees: 270 },
] as const satisfies ReadonlyArray<{ actionId: string; degrees: RotationDegrees }>;

export function createRotateDocumentListener(runtime: InteractionRuntime, degrees: RotationDegrees) {
  const { tracking, clock, logger } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'write',
    async handle(ctx, io) {
      const documentId = ctx.value;
      await tracking.rotateDocument(documentId, degrees);

      let documentName = documentId;
      const submissionId = findButtonValue(ctx.messageBlocks, ACTION.emailSubmissionRefresh);
      if (submissionId) {
        try {
          const view = await loadEmailSubmissionView(runtime.deps, submissionId, {
            fresh: false,
            freshDocumentIds: [documentId],
          });
          const document = view.detail.documents.find((candidate) => candidate.id === documentId);
          documentName = document?.name ?? document?.fileName ?? documentId;
          const card = renderEmailSubmissionCard(view.detail, {
            now: clock.now(),
            downloadUrls: view.downloadUrls,
          });
          await replaceCardOrTell(io, ctx, card);
        } catch (error) {
          // The rotation itself was accepted; only the card's new link is missing. Refresh fixes that.
          logger.warn('rotated, but the card could not be re-rendered', { documentId, error });
        }
      }
      const line = renderRotateAuditLine({ userId: ctx.userId, documentName, degrees });
      await replyInThreadOrTell(io, { ...privateTarget(ctx), threadTs: ctx.threadTs }, line);
    },
    describeFailure(error) {
      return renderNotice(':warning:', describeRotateError(error));
    },
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
