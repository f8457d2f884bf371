/** Refresh on the tracking-request card: the card re-read and replaced in place. */
import { ACTION } from '../../cards/index.js';
import { refreshTrackingRequestCard } from '../../features/tracking-requests/refresh-tracking-request-card.js';
import type { ButtonSpec } from './button.js';

export const refreshTrackingRequestButton: ButtonSpec = {
  actionIds: [ACTION.trackingRequestRefresh],
  access: 'read',
  create: () => (click) => refreshTrackingRequestCard(click.features, click.replier, click.ctx.value),
};
