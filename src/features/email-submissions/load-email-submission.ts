/**
 * Loads what the email-submission card shows, for `/email-submission`, its Refresh button and a rotation: the
 * submission with its documents, plus a presigned download URL for each document the card shows — at most
 * `MAX_LINKS_PER_CARD` of them, so one person's card never spends a large share of the account's minute (each URL
 * is one request). URLs are fetched in parallel and one failing URL only costs that document its link. After a
 * rotation the rotated document's URL is fetched fresh: the API serves the rotated image under a new URL.
 */
import { documentsShownOnCard } from '../../cards/index.js';
import type { EmailSubmissionDetail } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

/** Download URLs fetched for one card: a tenth of the default quota of 100 requests a minute. */
export const MAX_LINKS_PER_CARD = 10;

export interface EmailSubmissionView {
  detail: EmailSubmissionDetail;
  downloadUrls: Record<string, string>;
}

export async function loadEmailSubmissionView(
  ctx: FeatureContext,
  submissionId: string,
  options: { fresh: boolean; freshDocumentIds?: readonly string[] },
): Promise<EmailSubmissionView> {
  const tracking = trackingOf(ctx);
  const detail = await tracking.getEmailSubmission(submissionId, { fresh: options.fresh });
  const fresh = new Set(options.freshDocumentIds ?? []);
  const results = await Promise.allSettled(
    documentsShownOnCard(detail)
      .slice(0, MAX_LINKS_PER_CARD)
      .map(async (document) => {
        const url = await tracking.getDocumentDownloadUrl(document.id, {
          fresh: options.fresh || fresh.has(document.id),
        });
        return [document.id, url] as const;
      }),
  );
  const downloadUrls: Record<string, string> = {};
  for (const result of results) {
    if (result.status === 'fulfilled') downloadUrls[result.value[0]] = result.value[1];
    else ctx.logger.warn('document download URL unavailable', { error: result.reason });
  }
  return { detail, downloadUrls };
}
