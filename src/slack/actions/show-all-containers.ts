/** "Show all containers" under a summarised card: the full list, in the card's thread (privately for a private card). */
import { ACTION, renderContainerListMessages } from '../../cards/index.js';
import { readShipment } from '../../features/shipments/look-up-shipment.js';
import type { ButtonSpec } from './button.js';

export const showAllContainersButton: ButtonSpec = {
  actionIds: [ACTION.shipmentShowAllContainers],
  access: 'read',
  create:
    ({ clock }) =>
    async ({ ctx, replier, features }) => {
      const detail = await readShipment(features, ctx.value);
      // One after the other: Slack keeps a thread in posting order only when the posts do not race.
      for (const message of renderContainerListMessages(detail, { now: clock.now() })) {
        await replier.followUp(message);
      }
    },
};
