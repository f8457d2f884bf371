/** Refresh on the email-submission card: re-read the submission and fresh download URLs, replace the card. */
import { ACTION, renderEmailSubmissionCard } from '../../cards/index.js';
import { loadEmailSubmissionView } from '../../features/email-submissions/load-email-submission.js';
import type { ButtonSpec } from './button.js';

export const refreshEmailSubmissionButton: ButtonSpec = {
  actionIds: [ACTION.emailSubmissionRefresh],
  access: 'read',
  create:
    (runtime) =>
    async ({ ctx, replier, features }) => {
      const view = await loadEmailSubmissionView(features, ctx.value, { fresh: true });
      const card = renderEmailSubmissionCard(view.detail, {
        now: runtime.clock.now(),
        downloadUrls: view.downloadUrls,
      });
      await replier.replaceCard(card);
    },
};
