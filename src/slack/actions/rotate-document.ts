/**
 * Rotate buttons on an image document (the button carries a confirm dialog): a write through the one write flow
 * (features/documents/rotate-on-card.ts), its intent recorded before the ack.
 */
import { ACTION } from '../../cards/index.js';
import { ROTATIONS, rotateOnCard } from '../../features/documents/rotate-on-card.js';
import { buttonIntentKey } from '../../features/idempotency/index.js';
import { intentPayload } from '../../features/writes/write-flow.js';
import { findButtonValue } from './action-context.js';
import type { ButtonSpec } from './button.js';
import { clickWrites } from './click-writes.js';

export const rotateDocumentButtons: ButtonSpec = {
  actionIds: Object.keys(ROTATIONS),
  access: 'write',
  earlyIntent: (_runtime, ctx, replier) =>
    ROTATIONS[ctx.actionId] === undefined
      ? null
      : {
          key: buttonIntentKey(ctx),
          action: ctx.actionId,
          target: ctx.value,
          payload: intentPayload({ userId: ctx.userId, teamId: ctx.teamId }, ctx.channelId, replier),
        },
  create: (runtime) => async (click) => {
    const { ctx, replier, features } = click;
    const degrees = ROTATIONS[ctx.actionId];
    if (degrees === undefined) return;
    await rotateOnCard(
      features,
      {
        actor: { userId: ctx.userId, teamId: ctx.teamId },
        channelId: ctx.channelId,
        action: ctx.actionId,
        key: buttonIntentKey(ctx),
        documentId: ctx.value,
        degrees,
        submissionId: findButtonValue(ctx.messageBlocks, ACTION.emailSubmissionRefresh),
      },
      { runWrite: clickWrites(runtime, click), replaceCard: (message) => replier.replaceCard(message) },
    );
  },
};
