import { describe, expect, it } from 'vitest';
import {
  parseLookup,
  parseTrackEdit,
  parseVessel,
  splitNumbers,
  splitSubcommand,
  splitTags,
} from '../../../../src/features/command-text/index.js';

describe('parseLookup', () => {
  it('reads the identifier and the private flag in any position and case', () => {
    expect(parseLookup('MAEU240817361 private')).toEqual({
      ok: true,
      value: { query: 'MAEU240817361', private: true },
    });
    expect(parseLookup('PRIVATE MAEU240817361')).toEqual({
      ok: true,
      value: { query: 'MAEU240817361', private: true },
    });
  });

  it('keeps the words of a number typed with spaces for the resolver to join', () => {
    expect(parseLookup('MSKU 907032 3')).toEqual({
      ok: true,
      value: { query: 'MSKU 907032 3', private: false },
    });
  });

  it('accepts identifiers of any shape, including ids that are not UUIDs', () => {
    expect(parseLookup('shipment-legacy-42')).toEqual({
      ok: true,
      value: { query: 'shipment-legacy-42', private: false },
    });
    expect(parseLookup('x')).toMatchObject({ ok: true });
  });

  it('asks for usage when nothing but flags or mentions was typed', () => {
    expect(parseLookup('')).toEqual({ ok: false, problem: null });
    expect(parseLookup('private')).toEqual({ ok: false, problem: null });
    expect(parseLookup('<@U0BOB|bob>')).toEqual({ ok: false, problem: null });
  });
});

describe('parseVessel', () => {
  it('understands an IMO number with or without its prefix', () => {
    for (const text of ['9778791', 'IMO 9778791', 'IMO9778791', 'imo:9778791']) {
      expect(parseVessel(text)).toEqual({ ok: true, value: { query: '9778791', private: false } });
    }
  });

  it('passes a vessel id through untouched', () => {
    expect(parseVessel('3b4c5d6e-7f80-4912-a3b4-c5d6e7f80912 private')).toEqual({
      ok: true,
      value: { query: '3b4c5d6e-7f80-4912-a3b4-c5d6e7f80912', private: true },
    });
  });

  it('passes the bare word IMO on as an identifier, and asks for usage only when nothing was typed', () => {
    expect(parseVessel('IMO')).toMatchObject({ ok: true, value: { query: 'IMO' } });
    expect(parseVessel('')).toEqual({ ok: false, problem: null });
  });
});

describe('parseTrackEdit', () => {
  it('opens the form when only the id is given', () => {
    expect(parseTrackEdit('abc-123')).toEqual({ ok: true, value: { id: 'abc-123' } });
  });

  it('reads ref and tags in any order', () => {
    expect(parseTrackEdit('tags=urgent,customer-x abc-123 ref=PO-4500123')).toEqual({
      ok: true,
      value: { id: 'abc-123', ref: 'PO-4500123', tags: ['urgent', 'customer-x'] },
    });
  });

  it('reads a quoted ref with spaces', () => {
    expect(parseTrackEdit('abc-123 ref="PO 42"')).toMatchObject({ ok: true, value: { ref: 'PO 42' } });
  });

  it('clears the ref with an empty `ref=` and all tags with an empty `tags=`', () => {
    expect(parseTrackEdit('abc-123 ref= tags=')).toEqual({
      ok: true,
      value: { id: 'abc-123', ref: null, tags: [] },
    });
  });

  it('names an unknown field instead of guessing', () => {
    const parsed = parseTrackEdit('abc-123 colour=blue');
    expect(parsed).toEqual({ ok: false, problem: expect.stringContaining('`colour`') });
  });

  it('refuses two ids, pointing at quotes for values with spaces', () => {
    expect(parseTrackEdit('abc-123 ref=PO 42')).toEqual({
      ok: false,
      problem: expect.stringContaining('quotes'),
    });
  });

  it('asks for usage when the id is missing', () => {
    expect(parseTrackEdit('ref=PO-1')).toEqual({ ok: false, problem: null });
  });

  it('escapes a field name it quotes back', () => {
    const parsed = parseTrackEdit('abc <b>=x');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).not.toContain('<');
  });
});

describe('splitTags', () => {
  it('trims, drops empties and case-insensitive duplicates, and keeps the order given', () => {
    expect(splitTags(' urgent, ,Customer-X,urgent,URGENT ,late')).toEqual(['urgent', 'Customer-X', 'late']);
  });
});

describe('splitSubcommand', () => {
  it('lower-cases the subcommand and keeps the rest as typed', () => {
    expect(splitSubcommand('Shipment MAEU240817361 private')).toEqual({
      subcommand: 'shipment',
      rest: 'MAEU240817361 private',
    });
  });

  it('reports no subcommand for empty text', () => {
    expect(splitSubcommand('  ')).toEqual({ subcommand: null, rest: '' });
  });
});

describe('splitNumbers', () => {
  it('reads two whole numbers typed together as two lookups', () => {
    expect(splitNumbers('MAEU240817361 TCLU1234568')).toEqual(['MAEU240817361', 'TCLU1234568']);
    expect(splitNumbers('MAEU240817361, HLCUHAM2603015')).toEqual(['MAEU240817361', 'HLCUHAM2603015']);
  });

  it('keeps a number typed with spaces as one', () => {
    expect(splitNumbers('MSKU 907032 3')).toEqual(['MSKU 907032 3']);
    expect(splitNumbers('MAEU240817361')).toEqual(['MAEU240817361']);
  });

  it('never glues two numbers into one', () => {
    expect(splitNumbers('TCLU1234568 MSKU9070323')).toHaveLength(2);
  });
});

describe('styled words', () => {
  it('keeps words the person styled apart, never glued into one number ("BOLDIT")', () => {
    const parsed = parseLookup('*bold* _it_');
    expect(parsed).toEqual({ ok: true, value: { query: 'bold it', private: false, separate: true } });
    if (!parsed.ok) return;
    expect(splitNumbers(parsed.value.query, { separate: parsed.value.separate === true })).toEqual([
      'bold',
      'it',
    ]);
  });

  it('treats *bold* _it_ ~strike~ `code` as four separate words', () => {
    const parsed = parseLookup('*bold* _it_ ~strike~ `code`');
    expect(
      parsed.ok && splitNumbers(parsed.value.query, { separate: parsed.value.separate === true }),
    ).toEqual(['bold', 'it', 'strike', 'code']);
  });

  it('still reads one styled number as that number, and a number typed with spaces as one', () => {
    expect(parseLookup('*MAEU240817361*')).toEqual({
      ok: true,
      value: { query: 'MAEU240817361', private: false },
    });
    const spaced = parseLookup('MSKU 907032 3');
    expect(
      spaced.ok && splitNumbers(spaced.value.query, { separate: spaced.value.separate === true }),
    ).toEqual(['MSKU 907032 3']);
  });
});
