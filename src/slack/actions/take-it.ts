/**
 * Take it (README "Owning an alert"), on a watched shipment card and on an alert in its thread: the clicker becomes
 * the shipment's owner in this workspace, shown on the card; mirrored to Terminal49 when an owner field is configured.
 */
import { ACTION } from '../../cards/index.js';
import { ownAlert } from '../../features/alerts/own-alert-write.js';
import { flowPorts } from '../flows/flow-ports.js';
import type { ButtonSpec } from './button.js';
import { clickWrite } from './click-writes.js';

export const takeItButton: ButtonSpec = {
  actionIds: [ACTION.shipmentTakeIt],
  access: 'write',
  create: (runtime) => async (click) => {
    const write = { ...clickWrite(click.ctx), shipmentId: click.ctx.value };
    await ownAlert(click.features, flowPorts(runtime, click), write, { kind: 'take' });
  },
};
