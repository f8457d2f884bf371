/** "Open shipment" on a tracking-request card: the tracked shipment's card, in the request card's thread. */

import { renderShipmentCard } from '../../../cards/index.js';
import { createButtonListener, privateTarget } from './support/button-listener.js';
import { replyInThreadOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

export function createOpenTrackedShipmentListener(runtime: InteractionRuntime) {
  const { tracking, clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'read',
    async handle(ctx, io) {
      const detail = await tracking.getShipment(ctx.value);
      const card = renderShipmentCard(detail, { now: clock.now() });
      await replyInThreadOrTell(io, { ...privateTarget(ctx), threadTs: ctx.threadTs }, card);
    },
  });
}
