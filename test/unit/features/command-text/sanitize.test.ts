import { describe, expect, it } from 'vitest';
import { MAX_COMMAND_TEXT, sanitizeCommandText } from '../../../../src/features/command-text/index.js';

describe('sanitizeCommandText', () => {
  it('turns no-break, ideographic and other unicode spaces into single spaces', () => {
    expect(sanitizeCommandText('MAEU240817361\u00a0private')).toBe('MAEU240817361 private');
    expect(sanitizeCommandText('MSKU\u3000907032\u20033')).toBe('MSKU 907032 3');
  });

  it('removes zero-width characters and direction marks pasted from web pages', () => {
    expect(sanitizeCommandText('\u200bMAEU\u200d240817361\ufeff\u200e')).toBe('MAEU240817361');
  });

  it('folds full-width letters and digits from CJK keyboards to ASCII', () => {
    expect(sanitizeCommandText('ＭＡＥＵ２４０８１７３６１')).toBe('MAEU240817361');
  });

  it('replaces control characters with spaces instead of passing them on', () => {
    expect(sanitizeCommandText('MAEU\u0000240\u0007817361\nprivate')).toBe('MAEU 240 817361 private');
  });

  it('cuts huge input to a bounded length', () => {
    const huge = 'A'.repeat(50_000);
    expect(sanitizeCommandText(huge)).toHaveLength(MAX_COMMAND_TEXT);
  });

  it('treats a missing text as empty', () => {
    expect(sanitizeCommandText(undefined)).toBe('');
    expect(sanitizeCommandText('   \t ')).toBe('');
  });

  it("decodes Slack's escaping of &, < and > once, so R&amp;D is written as R&D", () => {
    expect(sanitizeCommandText('tr-1 ref=R&amp;D')).toBe('tr-1 ref=R&D');
    expect(sanitizeCommandText('ref=&lt;PO-42&gt;')).toBe('ref=<PO-42>');
    expect(sanitizeCommandText('ref=&amp;lt;')).toBe('ref=&lt;');
  });
});
