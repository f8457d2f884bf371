import { describe, expect, it } from 'vitest';
import {
  escapeMrkdwn,
  inlineMrkdwn,
  inlinePlain,
  stripControls,
} from '../../../../src/cards/format/mrkdwn.js';

describe('escapeMrkdwn', () => {
  it('turns a channel broadcast into literal text', () => {
    expect(escapeMrkdwn('<!channel> look')).toBe('&lt;!channel&gt; look');
  });

  it('turns a user mention into literal text', () => {
    expect(escapeMrkdwn('ping <@U123>')).toBe('ping &lt;@U123&gt;');
  });

  it('turns a disguised link into literal text', () => {
    expect(escapeMrkdwn('<https://evil.example|click here>')).toBe('&lt;https://evil.example|click here&gt;');
  });

  it('escapes ampersands so an existing entity is shown as typed', () => {
    expect(escapeMrkdwn('A&B &amp;')).toBe('A&amp;B &amp;amp;');
  });

  it('swaps style characters that could open or close formatting for look-alikes', () => {
    expect(escapeMrkdwn('*bold* _it_ ~gone~')).toBe('∗bold∗ ˍitˍ ∼gone∼');
  });

  it('leaves underscores inside a word alone so identifiers stay as typed', () => {
    expect(escapeMrkdwn('PO_123_A')).toBe('PO_123_A');
  });

  it('always swaps backticks, which open code spans even inside words', () => {
    expect(escapeMrkdwn('a`b`c')).toBe('aˋbˋc');
  });

  it('removes bidi overrides, isolates and direction marks', () => {
    expect(escapeMrkdwn('invoice\u202Efdp.exe \u2066x\u2069 \u200Fy')).toBe('invoicefdp.exe x y');
  });

  it('neutralises a leading > so data cannot start a block quote', () => {
    expect(escapeMrkdwn('> quoted\nok > fine')).toBe('› quoted\nok &gt; fine');
  });

  it('returns plain text unchanged', () => {
    expect(escapeMrkdwn('MAEU240817361 Los Angeles')).toBe('MAEU240817361 Los Angeles');
  });
});

describe('inlineMrkdwn', () => {
  it('collapses newlines and runs of whitespace into single spaces', () => {
    expect(inlineMrkdwn('  CBP\nHOLD \t now ')).toBe('CBP HOLD now');
  });
});

describe('inlinePlain and stripControls', () => {
  it('keeps markup characters in plain text but drops control characters', () => {
    expect(inlinePlain('<!here>\u0007 *x*\u202E')).toBe('<!here> *x*');
  });

  it('keeps tabs and newlines when only controls are stripped', () => {
    expect(stripControls('a\tb\nc\u0000')).toBe('a\tb\nc');
  });
});
