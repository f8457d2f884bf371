/** Refresh on the email-submission card: re-read the submission and fresh download URLs, replace the card. */
import { renderEmailSubmissionCard } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { loadEmailSubmissionView } from './load-email-submission.js';

export async function refreshEmailSubmissionCard(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'replaceCard'>,
  submissionId: string,
): Promise<void> {
  const view = await loadEmailSubmissionView(ctx, submissionId, { fresh: true });
  const card = renderEmailSubmissionCard(view.detail, {
    now: ctx.clock.now(),
    downloadUrls: view.downloadUrls,
  });
  await replies.replaceCard(card);
}
