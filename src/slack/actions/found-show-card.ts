/**
 * **Card** on a row of "Find shipments in this message": the number's full card where the list is
 * (features/tracking/show-found-card.ts).
 */
import { ACTION } from '../../cards/index.js';
import { showFoundCard } from '../../features/tracking/show-found-card.js';
import type { ButtonSpec } from './button.js';

export const foundShowCardButton: ButtonSpec = {
  actionIds: [ACTION.foundShowCard],
  access: 'read',
  create: () => (click) => showFoundCard(click.features, click.replier, click.ctx.value),
};
