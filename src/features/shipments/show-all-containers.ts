/** "Show all containers" under a summarised card: the full list, in the card's thread (privately for a private card). */
import { renderContainerListMessages } from '../../cards/index.js';
import type { CardClickReplies } from '../card-click-replies.js';
import type { FeatureContext } from '../context.js';
import { readShipment } from './look-up-shipment.js';

export async function showAllContainers(
  ctx: FeatureContext,
  replies: Pick<CardClickReplies, 'followUp'>,
  shipmentId: string,
): Promise<void> {
  const detail = await readShipment(ctx, shipmentId);
  // One after the other: Slack keeps a thread in posting order only when the posts do not race.
  for (const message of renderContainerListMessages(detail, { now: ctx.clock.now() })) {
    await replies.followUp(message);
  }
}
