/** Refresh on the tracking-request card: re-read the request past the cache and replace the card in place. */

import { renderTrackingRequestCard } from '../../../cards/index.js';
import { createButtonListener } from './support/button-listener.js';
import { replaceCardOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

export function createRefreshTrackingRequestListener(runtime: InteractionRuntime) {
  const { tracking, clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'read',
    async handle(ctx, io) {
      const detail = await tracking.getTrackingRequest(ctx.value, { fresh: true });
      await replaceCardOrTell(io, ctx, renderTrackingRequestCard(detail, { now: clock.now() }));
    },
  });
}
