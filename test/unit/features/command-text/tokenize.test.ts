import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../../src/features/command-text/index.js';

describe('tokenize', () => {
  it('splits on spaces', () => {
    expect(tokenize('MAEU240817361 private')).toEqual(['MAEU240817361', 'private']);
  });

  it('keeps a quoted value together, with straight or curly quotes', () => {
    expect(tokenize('abc ref="PO 42" tags=a,b')).toEqual(['abc', 'ref=PO 42', 'tags=a,b']);
    expect(tokenize('abc ref=“PO 42”')).toEqual(['abc', 'ref=PO 42']);
    expect(tokenize("abc ref='PO 42'")).toEqual(['abc', 'ref=PO 42']);
  });

  it('keeps an apostrophe that is part of a word', () => {
    expect(tokenize("O'NEIL-42")).toEqual(["O'NEIL-42"]);
  });

  it('drops Slack mentions and raw @names', () => {
    expect(tokenize('MAEU240817361 <@U0BOB|bob> <!here> <#C0OPS|ops> @carol')).toEqual(['MAEU240817361']);
  });

  it('reduces a link to its last path segment, which is where an app URL keeps the id', () => {
    expect(tokenize('<https://app.terminal49.com/shipments/7f3c1e2a|open>')).toEqual(['7f3c1e2a']);
    expect(tokenize('https://app.terminal49.com/shipments/shipment-legacy-42/')).toEqual([
      'shipment-legacy-42',
    ]);
  });

  it('trims backticks, asterisks, brackets and trailing punctuation copied along with a number', () => {
    expect(tokenize('`MAEU240817361`, *TCLU1234568*. (MSKU9070323)')).toEqual([
      'MAEU240817361',
      'TCLU1234568',
      'MSKU9070323',
    ]);
  });

  it('keeps an empty value for a key so that `ref=` can clear it', () => {
    expect(tokenize('abc ref= ref=""')).toEqual(['abc', 'ref=', 'ref=']);
  });
});
