/** Refresh on the email-submission card: the card re-read, with fresh download URLs, and replaced in place. */
import { ACTION } from '../../cards/index.js';
import { refreshEmailSubmissionCard } from '../../features/email-submissions/refresh-email-submission-card.js';
import type { ButtonSpec } from './button.js';

export const refreshEmailSubmissionButton: ButtonSpec = {
  actionIds: [ACTION.emailSubmissionRefresh],
  access: 'read',
  create: () => (click) => refreshEmailSubmissionCard(click.features, click.replier, click.ctx.value),
};
