/** Refresh on the tracking-request card: re-read the request (and its shipment) and replace the card in place. */
import { ACTION, renderTrackingRequestCard } from '../../cards/index.js';
import { readTrackingRequest } from '../../features/tracking-requests/tracking-requests.js';
import type { ButtonSpec } from './button.js';

export const refreshTrackingRequestButton: ButtonSpec = {
  actionIds: [ACTION.trackingRequestRefresh],
  access: 'read',
  create:
    ({ clock }) =>
    async ({ ctx, replier, features }) => {
      const detail = await readTrackingRequest(features, ctx.value, { fresh: true });
      await replier.replaceCard(renderTrackingRequestCard(detail, { now: clock.now() }));
    },
};
