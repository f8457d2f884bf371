import { describe, expect, it } from 'vitest';
import { clearingEdit, renderRefKept } from '../../../../src/features/tracking-requests/clear-ref-confirm.js';

describe("the answers to clearing a tracking request's ref number", () => {
  it('reads "Clear it" as the ref cleared, with the tags the command asked for', () => {
    expect(clearingEdit(JSON.stringify({ id: 'tr-1' }))).toEqual({ id: 'tr-1', ref: null });
    expect(clearingEdit(JSON.stringify({ id: 'tr-1', tags: ['a', 2, 'b'] }))).toEqual({
      id: 'tr-1',
      ref: null,
      tags: ['a', 'b'],
    });
  });

  it('refuses a value Shipwatch did not put there', () => {
    for (const value of ['', 'tr-1', 'null', '{"id":""}', '{"id":3}']) expect(clearingEdit(value)).toBeNull();
  });

  it('says that "Keep it" changed nothing', () => {
    expect(renderRefKept('tr-1').text).toBe('Nothing changed on tracking request tr-1.');
  });
});
