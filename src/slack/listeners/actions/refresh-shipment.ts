/** Refresh on the shipment card: re-read the shipment past the cache and replace the card in place. */

import { renderShipmentCard } from '../../../cards/index.js';
import { createButtonListener } from './support/button-listener.js';
import { replaceCardOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

export function createRefreshShipmentListener(runtime: InteractionRuntime) {
  const { tracking, clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'read',
    async handle(ctx, io) {
      const detail = await tracking.getShipment(ctx.value, { fresh: true });
      await replaceCardOrTell(io, ctx, renderShipmentCard(detail, { now: clock.now() }));
    },
  });
}
