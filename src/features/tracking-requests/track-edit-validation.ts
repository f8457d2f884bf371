/**
 * Local validation of a track-edit submission: the ref number's length, the tags (comma-separated, each short, not
 * too many, duplicates dropped), and that something actually changed. Only changed fields go into the update, so
 * saving one field never rewrites the other. Pure: no I/O.
 */
import type { TrackEditChanges } from '../../cards/audit-line.js';
import { INPUT } from '../../cards/ids.js';
import { REF_NUMBER_MAX, TAG_MAX, TAGS_MAX, type TrackEditMetadata } from '../../cards/modals/index.js';
import type { TrackingRequestUpdate } from '../../tracking/models.js';
import { type FormValues, textValue } from '../forms/form-values.js';

export type TrackEditSubmission =
  | { ok: true; update: TrackingRequestUpdate; changes: TrackEditChanges }
  | { ok: false; errors: Record<string, string> };

export function validateTrackEdit(values: FormValues, metadata: TrackEditMetadata): TrackEditSubmission {
  const refBlock = INPUT.trackEditRef.block;
  const tagsBlock = INPUT.trackEditTags.block;
  const ref = (textValue(values, refBlock, INPUT.trackEditRef.action) ?? '').trim();
  const tags = parseTags(textValue(values, tagsBlock, INPUT.trackEditTags.action) ?? '');
  const original = metadata.original;
  const refChanged = original === undefined || ref !== original.ref;
  const tagsChanged = original === undefined || !sameList(tags, original.tags);

  const errors: Record<string, string> = {};
  if (refChanged && ref.length > REF_NUMBER_MAX) {
    errors[refBlock] = `Keep the ref number to ${REF_NUMBER_MAX} characters or fewer.`;
  }
  const longTag = tags.find((tag) => tag.length > TAG_MAX);
  if (tagsChanged && longTag !== undefined) {
    errors[tagsBlock] =
      `Each tag can have up to ${TAG_MAX} characters; “${longTag.slice(0, 20)}…” is longer.`;
  } else if (tagsChanged && tags.length > TAGS_MAX) {
    errors[tagsBlock] = `Use at most ${TAGS_MAX} tags (there are ${tags.length}).`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (!refChanged && !tagsChanged) {
    return {
      ok: false,
      errors: { [refBlock]: 'Nothing changed. Edit the ref number or the tags, or press Cancel.' },
    };
  }

  const update: TrackingRequestUpdate = {};
  const changes: TrackEditChanges = {};
  if (refChanged) {
    update.refNumber = ref || null;
    changes.ref = ref || null;
  }
  if (tagsChanged) {
    update.tags = tags;
    changes.tags = tags;
  }
  return { ok: true, update, changes };
}

/** "urgent, customer-x,,urgent " → ["urgent", "customer-x"] (order kept, blanks and repeats dropped). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag) seen.add(tag);
  }
  return [...seen];
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
