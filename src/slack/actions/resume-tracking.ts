/**
 * Resume tracking, offered where Shipwatch refuses to watch a shipment Terminal49 stopped tracking: a write through
 * the one write flow (features/shipments/resume-on-card.ts); the note clicked on becomes the shipment's card.
 */
import { ACTION } from '../../cards/index.js';
import { privateCardIn } from '../../features/shipments/private-card.js';
import { resumeOnCard } from '../../features/shipments/resume-on-card.js';
import type { ButtonSpec } from './button.js';
import { clickWrite, clickWrites } from './click-writes.js';

export const resumeTrackingButton: ButtonSpec = {
  actionIds: [ACTION.shipmentResumeTracking],
  access: 'write',
  create: (runtime) => async (click) => {
    const { ctx, replier, features } = click;
    await resumeOnCard(
      features,
      { ...clickWrite(ctx), shipmentId: ctx.value, privateIn: privateCardIn(ctx) },
      { runWrite: clickWrites(runtime, click), replies: replier },
    );
  },
};
