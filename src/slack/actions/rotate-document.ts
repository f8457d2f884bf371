/**
 * Rotate buttons on an image document (the button carries a confirm dialog): a write through the one write flow
 * (features/documents/rotate-on-card.ts), its intent recorded before the ack.
 */
import { ACTION } from '../../cards/index.js';
import { ROTATIONS, rotateIntent, rotateOnCard } from '../../features/documents/rotate-on-card.js';
import { findButtonValue } from './action-context.js';
import type { ButtonSpec } from './button.js';
import { clickWrite, clickWrites } from './click-writes.js';

export const rotateDocumentButtons: ButtonSpec = {
  actionIds: Object.keys(ROTATIONS),
  access: 'write',
  earlyIntent: (_runtime, ctx, replier) =>
    ROTATIONS[ctx.actionId] === undefined
      ? null
      : rotateIntent({ ...clickWrite(ctx), documentId: ctx.value }, replier),
  create: (runtime) => async (click) => {
    const { ctx, replier, features } = click;
    const degrees = ROTATIONS[ctx.actionId];
    if (degrees === undefined) return;
    const submissionId = findButtonValue(ctx.messageBlocks, ACTION.emailSubmissionRefresh);
    await rotateOnCard(
      features,
      { ...clickWrite(ctx), documentId: ctx.value, degrees, submissionId },
      { runWrite: clickWrites(runtime, click), replies: replier },
    );
  },
};
