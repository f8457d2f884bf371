/** "Show all containers" under a summarised card: the full list in its thread (features/shipments/show-all-containers.ts). */
import { ACTION } from '../../cards/index.js';
import { showAllContainers } from '../../features/shipments/show-all-containers.js';
import type { ButtonSpec } from './button.js';

export const showAllContainersButton: ButtonSpec = {
  actionIds: [ACTION.shipmentShowAllContainers],
  access: 'read',
  create: () => (click) => showAllContainers(click.features, click.replier, click.ctx.value),
};
