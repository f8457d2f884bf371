/** Refresh on the tracking-request card: re-read the request (and its shipment) and replace the card in place. */
import { ACTION, renderTrackingRequestCard } from '../../cards/index.js';
import type { ButtonSpec } from './button.js';

export const refreshTrackingRequestButton: ButtonSpec = {
  actionIds: [ACTION.trackingRequestRefresh],
  access: 'read',
  create:
    ({ tracking, clock }) =>
    async ({ ctx, replier }) => {
      const detail = await tracking.getTrackingRequest(ctx.value, { fresh: true });
      await replier.replaceCard(renderTrackingRequestCard(detail, { now: clock.now() }));
    },
};
