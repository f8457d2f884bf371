/** "Look up TCLU1234568" on the not-found card: runs the lookup of the corrected number, as /shipment would. */
import { NOT_FOUND_ACTIONS } from '../../cards/index.js';
import { answerShipmentLookup } from '../../features/shipments/answer-lookup.js';
import { lookUpShipment } from '../../features/shipments/look-up-shipment.js';
import type { ButtonSpec } from './button.js';

export const lookUpCorrectedButton: ButtonSpec = {
  actionIds: [NOT_FOUND_ACTIONS.lookUp],
  access: 'read',
  create:
    (runtime) =>
    async ({ ctx, replier, features }) => {
      const colon = ctx.value.indexOf(':');
      const visibility = ctx.value.slice(0, colon) === 'private' ? 'private' : 'channel';
      const number = ctx.value.slice(colon + 1);
      await answerShipmentLookup(
        runtime,
        replier,
        await lookUpShipment(features, number),
        visibility,
        ctx.channelName,
      );
    },
};
