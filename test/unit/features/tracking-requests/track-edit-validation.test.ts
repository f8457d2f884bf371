import type { ViewOutput } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { INPUT } from '../../../../src/cards/ids.js';
import type { TrackEditMetadata } from '../../../../src/cards/modals/index.js';
import { trackEditErrors } from '../../../../src/features/tracking-requests/track-edit-errors.js';
import {
  parseTags,
  validateTrackEdit,
} from '../../../../src/features/tracking-requests/track-edit-validation.js';
import { TrackingApiError } from '../../../../src/tracking/errors.js';

/** Bolt's view state, as a submission carries it: the form readers take it as is. */
type StateValues = ViewOutput['state']['values'];

const metadata: TrackEditMetadata = {
  trackingRequestId: 'tr-1',
  requestNumber: 'MAEU240817361',
  channelId: 'C0OPS',
  messageTs: null,
  threadTs: null,
  original: { ref: 'PO-1', tags: ['urgent'] },
};

function submitted(ref: string | null, tags: string | null): StateValues {
  return {
    [INPUT.trackEditRef.block]: { [INPUT.trackEditRef.action]: { type: 'plain_text_input', value: ref } },
    [INPUT.trackEditTags.block]: { [INPUT.trackEditTags.action]: { type: 'plain_text_input', value: tags } },
  };
}

describe('validateTrackEdit', () => {
  it('sends only the ref number when only the ref number changed', () => {
    expect(validateTrackEdit(submitted('ABC', 'urgent'), metadata)).toEqual({
      ok: true,
      update: { refNumber: 'ABC' },
      changes: { ref: 'ABC' },
    });
  });

  it('clears the ref number and the tags when both inputs are emptied', () => {
    expect(validateTrackEdit(submitted(null, null), metadata)).toEqual({
      ok: true,
      update: { refNumber: null, tags: [] },
      changes: { ref: null, tags: [] },
    });
  });

  it('says nothing changed instead of sending an empty update', () => {
    expect(validateTrackEdit(submitted('PO-1', ' urgent ,'), metadata)).toEqual({
      ok: false,
      errors: {
        [INPUT.trackEditRef.block]: 'Nothing changed. Edit the ref number or the tags, or press Cancel.',
      },
    });
  });

  it('refuses an over-long ref number and an over-long tag, each next to its input', () => {
    const result = validateTrackEdit(submitted('x'.repeat(101), `ok, ${'t'.repeat(51)}`), metadata);
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual(
      [INPUT.trackEditRef.block, INPUT.trackEditTags.block].sort(),
    );
  });

  it('treats every field as changed when the original values did not fit the metadata', () => {
    const { original: _dropped, ...bare } = metadata;
    expect(validateTrackEdit(submitted('PO-1', 'urgent'), bare)).toMatchObject({
      ok: true,
      update: { refNumber: 'PO-1', tags: ['urgent'] },
    });
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, and drops blanks and repeats', () => {
    expect(parseTags(' a, b ,, a,c ')).toEqual(['a', 'b', 'c']);
  });
});

describe('trackEditErrors', () => {
  it("puts a 422 on /data/attributes/ref_number next to the ref number, in the API's words", () => {
    const error = new TrackingApiError({
      code: 'invalid_request',
      message: 'invalid',
      status: 422,
      apiErrors: [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: 'Ref number is too long',
          code: null,
          pointer: '/data/attributes/ref_number',
          parameter: null,
        },
      ],
    });
    expect(trackEditErrors(error, 'tracking request MAEU1')).toEqual({
      [INPUT.trackEditRef.block]: 'Ref number is too long',
    });
  });

  it('explains a 403 as a key without update permission', () => {
    const error = new TrackingApiError({ code: 'forbidden', message: 'forbidden', status: 403 });
    expect(trackEditErrors(error, 'tracking request MAEU1')).toEqual({
      [INPUT.trackEditRef.block]: 'The tracking API key lacks update permission on tracking request MAEU1.',
    });
  });
});
