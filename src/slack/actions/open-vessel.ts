/** The vessel button on the shipment card: the vessel card in the card's thread (features/vessels/show-vessel.ts). */
import { ACTION } from '../../cards/index.js';
import { showVessel } from '../../features/vessels/show-vessel.js';
import type { ButtonSpec } from './button.js';

export const openVesselButton: ButtonSpec = {
  actionIds: [ACTION.shipmentOpenVessel],
  access: 'read',
  create: () => (click) => showVessel(click.features, click.replier, click.ctx.value),
};
