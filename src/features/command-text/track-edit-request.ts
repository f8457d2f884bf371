/**
 * What a `/track-edit` text asks for: its usage (nothing or something unreadable given), the form (only an id), a
 * question first (`ref=` with nothing after it clears the ref number), or the edit at once (`ref=…`, `tags=…`).
 */
import { parseTrackEdit, type TrackEditArguments } from './arguments.js';

export type TrackEditRequest =
  | { kind: 'usage'; problem: string | null }
  | { kind: 'form'; id: string }
  /** `edit` is what the "Clear it" button carries: `{ id, tags? }` (tags only when given). */
  | { kind: 'clear_ref'; edit: { id: string; tags?: string[] } }
  | { kind: 'direct'; edit: TrackEditArguments };

export function readTrackEdit(text: string): TrackEditRequest {
  const parsed = parseTrackEdit(text);
  if (!parsed.ok) return { kind: 'usage', problem: parsed.problem };
  const { id, ref, tags } = parsed.value;
  if (ref === undefined && tags === undefined) return { kind: 'form', id };
  // `ref=` with nothing after it clears the ref number: asked first, never done on a slip of the keyboard.
  if (ref === null) return { kind: 'clear_ref', edit: { id, ...(tags ? { tags } : {}) } };
  return { kind: 'direct', edit: parsed.value };
}
