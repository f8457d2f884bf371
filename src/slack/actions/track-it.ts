/**
 * **Track it** (the not-found card, and a not-found row of "Find shipments in this message"): starts tracking the
 * number as `/shipwatch track` would — the carrier inferred (features/tracking/track-it-choice.ts), an uncertain one
 * confirmed in the carrier modal (this click's trigger_id, hence `modal` access), the request created through the
 * write flow, its card following it in the channel. **Choose the carrier** opens that modal from the private note left
 * when it could not open at once.
 */
import { ACTION } from '../../cards/index.js';
import { parseTrackCarrierMetadata } from '../../cards/tracking/track-carrier-metadata.js';
import { renderTrackCarrierModal } from '../../cards/tracking/track-carrier-modal.js';
import { renderOutdatedCarrierButton, trackItChoice } from '../../features/tracking/track-it-choice.js';
import { openModal } from '../delivery/modals.js';
import { trackChosen } from '../flows/track-flow.js';
import type { ButtonSpec } from './button.js';
import { clickWrite } from './click-writes.js';

export const trackItButton: ButtonSpec = {
  actionIds: [ACTION.trackIt],
  access: 'modal',
  create:
    (runtime) =>
    async ({ ctx, replier, client, features }) => {
      const choice = await trackItChoice(features, replier, ctx.value);
      if (choice === null) return;
      await trackChosen(runtime, { replier, client, features }, choice, {
        triggerId: ctx.triggerId || null,
        input: clickWrite(ctx),
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
      if (!metadata) return void (await replier.tell(renderOutdatedCarrierButton()));
      await openModal(client, ctx.triggerId, renderTrackCarrierModal(metadata));
    },
};
