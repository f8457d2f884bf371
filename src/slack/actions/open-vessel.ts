/** The vessel button on the shipment card: the vessel card in the card's thread (features/vessels/vessel-in-thread.ts). */
import { ACTION } from '../../cards/index.js';
import { showVesselInThread } from '../../features/vessels/vessel-in-thread.js';
import type { ButtonSpec } from './button.js';

export const openVesselButton: ButtonSpec = {
  actionIds: [ACTION.shipmentOpenVessel],
  access: 'read',
  create: () => (click) => showVesselInThread(click.features, click.replier, click.ctx.value),
};
