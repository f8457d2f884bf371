/**
 * Loads what the email-submission card shows: the submission with its documents, plus a presigned download URL per
 * document. URLs are fetched in parallel and one failing URL only costs that document its link. After a rotation the
 * rotated document's URL is fetched fresh: the API serves the rotated image under a new URL.
 */
import type { EmailSubmissionDetail } from '../../../../tracking/models.js';
import type { TrackingClient } from '../../../../tracking/tracking-client.js';

export interface EmailSubmissionView {
  detail: EmailSubmissionDetail;
  downloadUrls: Record<string, string>;
}

export async function loadEmailSubmissionView(
  tracking: TrackingClient,
  submissionId: string,
  options: { fresh: boolean; freshDocumentIds?: readonly string[] },
): Promise<EmailSubmissionView> {
  const detail = await tracking.getEmailSubmission(submissionId, { fresh: options.fresh });
  const fresh = new Set(options.freshDocumentIds ?? []);
  const results = await Promise.allSettled(
    detail.documents.map(async (document) => {
      const url = await tracking.getDocumentDownloadUrl(document.id, {
        fresh: options.fresh || fresh.has(document.id),
      });
      return [document.id, url] as const;
    }),
  );
  const downloadUrls: Record<string, string> = {};
  for (const result of results) {
    if (result.status === 'fulfilled') downloadUrls[result.value[0]] = result.value[1];
  }
  return { detail, downloadUrls };
}
