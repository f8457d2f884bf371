/**
 * The answers to "Clear the ref number of tracking request …?" (asked by `/track-edit <id> ref=`): "Clear it" makes
 * the edit its value carries through the one write flow; "Keep it" changes nothing and says so
 * (features/tracking-requests/clear-ref-confirm.ts).
 */
import { TRACK_EDIT_CONFIRM_ACTIONS } from '../../cards/track-edit-confirm.js';
import { clearingEdit, renderRefKept } from '../../features/tracking-requests/clear-ref-confirm.js';
import { applyDirectEdit, directEditIntent } from '../flows/direct-edit.js';
import type { ButtonSpec } from './button.js';

export const clearRefButton: ButtonSpec = {
  actionIds: [TRACK_EDIT_CONFIRM_ACTIONS.clearRef],
  access: 'write',
  earlyIntent: (runtime, ctx, replier) => {
    const edit = clearingEdit(ctx.value);
    return edit ? directEditIntent(runtime, { replier, teamId: ctx.teamId }, edit) : null;
  },
  create:
    (runtime) =>
    async ({ ctx, replier, client, begun, features }) => {
      const edit = clearingEdit(ctx.value);
      if (!edit) return;
      await applyDirectEdit(runtime, { replier, client, teamId: ctx.teamId, begun, features }, edit);
    },
};

export const keepRefButton: ButtonSpec = {
  actionIds: [TRACK_EDIT_CONFIRM_ACTIONS.keepRef],
  access: 'read',
  create:
    () =>
    async ({ ctx, replier }) => {
      await replier.replaceCard(renderRefKept(ctx.value));
    },
};
