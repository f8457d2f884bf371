/**
 * The vessel button on the shipment card: posts the vessel card in the card's thread, with the last 7 days of
 * positions. Positions need the account's Routing Data feature; without it the card is posted without them and says
 * why, instead of failing the whole click.
 */
import { subDays } from 'date-fns';
import { renderVesselCard } from '../../../cards/index.js';
import { isTrackingApiError } from '../../../tracking/errors.js';
import type { Vessel } from '../../../tracking/models.js';
import { createButtonListener, privateTarget } from './support/button-listener.js';
import { replyInThreadOrTell } from './support/reply.js';
import type { InteractionRuntime } from './support/runtime.js';

const POSITIONS_WINDOW_DAYS = 7;

export function createOpenVesselListener(runtime: InteractionRuntime) {
  const { tracking, clock } = runtime.deps;
  return createButtonListener(runtime, {
    access: 'read',
    async handle(ctx, io) {
      const now = clock.now();
      let vessel: Vessel;
      let positions: 'shown' | 'feature_not_enabled' = 'shown';
      try {
        vessel = await tracking.getVessel(ctx.value, {
          withPositions: true,
          from: subDays(now, POSITIONS_WINDOW_DAYS).toISOString(),
          to: now.toISOString(),
        });
      } catch (error) {
        if (!isTrackingApiError(error) || error.code !== 'feature_not_enabled') throw error;
        vessel = await tracking.getVessel(ctx.value);
        positions = 'feature_not_enabled';
      }
      const card = renderVesselCard(vessel, { now, positions });
      await replyInThreadOrTell(io, { ...privateTarget(ctx), threadTs: ctx.threadTs }, card);
    },
  });
}
