/**
 * The answers to "Clear the ref number of tracking request …?" (asked by `/track-edit <id> ref=`,
 * cards/track-edit-confirm.ts): "Clear it" carries the edit as `{"id":…,"tags":[…]}` and makes it with the ref
 * cleared; "Keep it" changes nothing and says so. Pure: the button's value read back, and the answer to "Keep it".
 */
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import type { TrackingRequestEdit } from './tracking-requests.js';

/** "Clear it": the ref number cleared, with the tags the command also asked for; null for a value not ours. */
export function clearingEdit(value: string): TrackingRequestEdit | null {
  const edit = readEdit(value);
  return edit ? { id: edit.id, ref: null, ...(edit.tags ? { tags: edit.tags } : {}) } : null;
}

/** "Keep it" on the question about tracking request `id`. */
export function renderRefKept(id: string): SlackMessage {
  return renderNotice(':ok_hand:', `Nothing changed on tracking request ${id}.`);
}

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
