/**
 * The answers to "Clear the ref number of tracking request …?" (asked by `/track-edit <id> ref=`): "Clear it" makes
 * the edit through the one write flow; "Keep it" changes nothing and says so.
 */

import { renderNotice } from '../../cards/notice.js';
import { TRACK_EDIT_CONFIRM_ACTIONS } from '../../cards/track-edit-confirm.js';
import type { DirectEdit } from '../../features/tracking-requests/direct-edit.js';
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

/** "Clear it": the ref number cleared, with the tags the command also asked for. */
function clearingEdit(value: string): DirectEdit | null {
  const edit = readEdit(value);
  return edit ? { id: edit.id, ref: null, ...(edit.tags ? { tags: edit.tags } : {}) } : null;
}

export const keepRefButton: ButtonSpec = {
  actionIds: [TRACK_EDIT_CONFIRM_ACTIONS.keepRef],
  access: 'read',
  create:
    () =>
    async ({ ctx, replier }) => {
      await replier.replaceCard(
        renderNotice(':ok_hand:', `Nothing changed on tracking request ${ctx.value}.`),
      );
    },
};

function readEdit(value: string): { id: string; tags?: string[] } | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object') return null;
    // SAFETY: fields read with typeof checks below.
    const { id, tags } = parsed as { id?: unknown; tags?: unknown };
    if (typeof id !== 'string' || id === '') return null;
    const list = Array.isArray(tags)
      ? tags.filter((tag): tag is string => typeof tag === 'string')
      : undefined;
    return { id, ...(list ? { tags: list } : {}) };
  } catch {
    return null;
  }
}
