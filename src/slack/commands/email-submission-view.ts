/**
 * Loads what the email-submission card shows, for `/email-submission`, its Refresh button and a rotation: the
 * submission with its documents, plus a presigned download URL per image document (the card previews images only,
 * so other documents cost no call). URLs are fetched in parallel and one failing URL only costs that image its
 * preview. After a rotation the rotated document's URL is fetched fresh: the API serves the rotated image under a new
 * URL.
 */
import { isImageDocument } from '../../cards/index.js';
import type { Logger } from '../../logger.js';
import type { EmailSubmissionDetail } from '../../tracking/models.js';
import type { TrackingClient } from '../../tracking/tracking-client.js';

export interface EmailSubmissionView {
  detail: EmailSubmissionDetail;
  downloadUrls: Record<string, string>;
}

export async function loadEmailSubmissionView(
  deps: { tracking: TrackingClient; logger: Logger },
  submissionId: string,
  options: { fresh: boolean; freshDocumentIds?: readonly string[] },
): Promise<EmailSubmissionView> {
  const detail = await deps.tracking.getEmailSubmission(submissionId, { fresh: options.fresh });
  const fresh = new Set(options.freshDocumentIds ?? []);
  const results = await Promise.allSettled(
    detail.documents.filter(isImageDocument).map(async (document) => {
      const url = await deps.tracking.getDocumentDownloadUrl(document.id, {
        fresh: options.fresh || fresh.has(document.id),
      });
      return [document.id, url] as const;
    }),
  );
  const downloadUrls: Record<string, string> = {};
  for (const result of results) {
    if (result.status === 'fulfilled') downloadUrls[result.value[0]] = result.value[1];
    else deps.logger.warn('document download URL unavailable', { error: result.reason });
  }
  return { detail, downloadUrls };
}
