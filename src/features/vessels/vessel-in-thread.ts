/**
 * The vessel button on the shipment card: the vessel card in the card's thread (privately for a private card), with
 * the last 7 days of positions when the account has the Routing Data feature, and without them (saying why) when not.
 */
import { renderVesselCard } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { lookUpVessel } from './look-up-vessel.js';

export async function showVesselInThread(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'followUp'>,
  vesselId: string,
): Promise<void> {
  const { vessel, positions } = await lookUpVessel(ctx, vesselId);
  await replies.followUp(renderVesselCard(vessel, { now: ctx.clock.now(), positions }));
}
