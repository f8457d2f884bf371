/** "Look up TCLU1234568" on the not-found card: runs the lookup of the corrected number, as /shipment would. */
import { NOT_FOUND_ACTIONS } from '../../cards/index.js';
import { answerShipmentLookup } from '../../features/shipments/answer-lookup.js';
import { lookUpShipment } from '../../features/shipments/look-up-shipment.js';
import { readNumberButtonValue } from '../../features/shipments/number-button-value.js';
import type { ButtonSpec } from './button.js';

export const lookUpCorrectedButton: ButtonSpec = {
  actionIds: [NOT_FOUND_ACTIONS.lookUp],
  access: 'read',
  create:
    () =>
    async ({ ctx, replier, features }) => {
      const { visibility, number } = readNumberButtonValue(ctx.value);
      const resolution = await lookUpShipment(features, number);
      await answerShipmentLookup(features, replier, resolution, visibility, ctx.channelName);
    },
};
