/**
 * **Track it** (the not-found card, and a not-found row of "Find shipments in this message"): starts tracking the
 * number as `/shipwatch track` would — the carrier inferred, an uncertain one confirmed in the carrier modal (this
 * click's trigger_id, hence `modal` access), the request created through the write flow, its card following it in the
 * channel. **Choose the carrier** opens that modal from the private note left when it could not open at once.
 */
import { ACTION, renderErrorCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import { parseTrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { renderTrackCarrierModal } from '../../cards/tracking/track-carrier-modal.js';
import { buttonIntentKey } from '../../features/idempotency/index.js';
import { chooseCarrier } from '../../features/tracking/choose-carrier.js';
import { openModal } from '../delivery/modals.js';
import { trackChosen } from '../flows/track-flow.js';
import type { ButtonSpec } from './button.js';

/** `<channel|private>:<number>` → the number (the visibility is the lookup's; the tracking card goes to the channel). */
export function trackItNumber(value: string): string {
  const colon = value.indexOf(':');
  return colon < 0 ? value : value.slice(colon + 1);
}

export const trackItButton: ButtonSpec = {
  actionIds: [ACTION.trackIt],
  access: 'modal',
  create:
    (runtime) =>
    async ({ ctx, replier, client, features }) => {
      const number = trackItNumber(ctx.value);
      let choice: Awaited<ReturnType<typeof chooseCarrier>>;
      try {
        choice = await chooseCarrier(features, number);
      } catch (error) {
        runtime.logger.warn('could not infer the carrier of a number to track', { error });
        await replier.tell(renderErrorCard(error, { now: runtime.clock.now(), subject: number }));
        return;
      }
      await trackChosen(runtime, { replier, client, features }, choice, {
        triggerId: ctx.triggerId || null,
        input: {
          teamId: ctx.teamId,
          channelId: ctx.channelId,
          userId: ctx.userId,
          key: buttonIntentKey(ctx),
          action: ctx.actionId,
        },
      });
    },
};

export const chooseCarrierButton: ButtonSpec = {
  actionIds: [ACTION.trackChooseCarrier],
  access: 'modal',
  create:
    () =>
    async ({ ctx, replier, client }) => {
      const metadata = parseTrackCarrierMetadata(ctx.value);
      if (!metadata) {
        await replier.tell(renderNotice(':warning:', 'This button is out of date. Track the number again.'));
        return;
      }
      await openModal(client, ctx.triggerId, renderTrackCarrierModal(metadata));
    },
};
