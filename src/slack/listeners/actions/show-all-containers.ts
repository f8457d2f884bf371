/** "Show all containers" under a summarised card: the full list, as replies in the card's thread. */

import { renderContainerListMessages } from '../../../cards/index.js';
import { createButtonListener, privateTarget } from './support/button-listener.js';
import { replyInThreadOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

export function createShowAllContainersListener(runtime: InteractionRuntime) {
  const { tracking, clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'read',
    async handle(ctx, io) {
      const detail = await tracking.getShipment(ctx.value);
      const thread = { ...privateTarget(ctx), threadTs: ctx.threadTs };
      // One after the other: Slack keeps a thread in posting order only when the posts do not race.
      for (const message of renderContainerListMessages(detail, { now: clock.now() })) {
        await replyInThreadOrTell(io, thread, message);
      }
    },
  });
}
