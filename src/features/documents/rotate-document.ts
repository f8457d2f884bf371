/**
 * Rotating a scanned document (`POST /documents/{id}/rotate`, beta): a write, sent once by the caller's write flow.
 * Terminal49 then serves the rotated image under a new download URL, so the email submission's card is loaded again
 * with that document's URL read afresh.
 */
import type { RotationDegrees } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';
import {
  type EmailSubmissionView,
  loadEmailSubmissionView,
} from '../email-submissions/load-email-submission.js';

export async function rotateDocument(
  ctx: FeatureContext,
  documentId: string,
  degrees: RotationDegrees,
): Promise<void> {
  await trackingOf(ctx).rotateDocument(documentId, degrees);
}

/** The submission's card data after `documentId` was rotated. */
export function reloadAfterRotation(
  ctx: FeatureContext,
  submissionId: string,
  documentId: string,
): Promise<EmailSubmissionView> {
  return loadEmailSubmissionView(ctx, submissionId, { fresh: false, freshDocumentIds: [documentId] });
}
