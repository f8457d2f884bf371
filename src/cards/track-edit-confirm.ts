/**
 * `/track-edit <id> ref=` with nothing after the `=` clears the ref number: a slip of the keyboard would erase it, so
 * the person is asked first, privately. The buttons carry the edit: `{"id":…,"tags":[…]}` (tags only when given).
 */
import { actions, button, section } from './blocks.js';
import { inlineMrkdwn } from './format/mrkdwn.js';
import type { SlackMessage } from './types.js';

export const TRACK_EDIT_CONFIRM_ACTIONS = {
  /** value: JSON `{ id, tags? }`. Clears the ref (and applies the tags given with it). */
  clearRef: 'track_edit_clear_ref',
  /** value: the tracking request id. Changes nothing. */
  keepRef: 'track_edit_keep_ref',
} as const;

export function renderClearRefConfirm(edit: { id: string; tags?: readonly string[] }): SlackMessage {
  const id = inlineMrkdwn(edit.id);
  const also = edit.tags ? ` and set its tags to ${inlineMrkdwn(edit.tags.join(', ')) || 'none'}` : '';
  const question = `Clear the ref number of tracking request *${id}*${also}?`;
  return {
    text: question,
    blocks: [
      section(`:warning: ${question}`),
      actions([
        button('Clear it', TRACK_EDIT_CONFIRM_ACTIONS.clearRef, JSON.stringify(edit), { style: 'danger' }),
        button('Keep it', TRACK_EDIT_CONFIRM_ACTIONS.keepRef, edit.id),
      ]),
    ],
  };
}
