/**
 * The vessel button on the shipment card: the vessel card in the card's thread (privately for a private card), with
 * the last 7 days of positions when the account has the Routing Data feature, and without them (saying why) when not.
 */
import { ACTION, renderVesselCard } from '../../cards/index.js';
import { lookUpVessel } from '../../features/vessels/look-up-vessel.js';
import type { ButtonSpec } from './button.js';

export const openVesselButton: ButtonSpec = {
  actionIds: [ACTION.shipmentOpenVessel],
  access: 'read',
  create:
    (runtime) =>
    async ({ ctx, replier, features }) => {
      const { vessel, positions } = await lookUpVessel(features, ctx.value);
      await replier.followUp(renderVesselCard(vessel, { now: runtime.clock.now(), positions }));
    },
};
