import { describe, expect, it } from 'vitest';
import {
  MAX_NUMBERS,
  parseShipmentLookup,
  parseTrack,
  readSubcommand,
  readTrackEdit,
  unknownSubcommandProblem,
} from '../../../../src/features/command-text/index.js';

describe('parseShipmentLookup', () => {
  it('reads the numbers in the order typed, and the private flag', () => {
    expect(parseShipmentLookup('MAEU240817361 TCLU1234568 private')).toEqual({
      ok: true,
      value: { numbers: ['MAEU240817361', 'TCLU1234568'], private: true },
    });
  });

  it('keeps one container number typed with spaces as one', () => {
    expect(parseShipmentLookup('MSKU 907032 3')).toEqual({
      ok: true,
      value: { numbers: ['MSKU 907032 3'], private: false },
    });
  });

  it('asks for the usage without a problem when nothing is given, and says the limit beyond it', () => {
    expect(parseShipmentLookup('  private ')).toEqual({ ok: false, problem: null });
    const many = ['MAEU240817361', 'TCLU1234568', 'MSKU9070323', 'CMAU1234567'].slice(0, MAX_NUMBERS + 1);
    expect(parseShipmentLookup(many.join(' '))).toEqual({
      ok: false,
      problem: `Give at most ${MAX_NUMBERS} numbers at a time.`,
    });
  });
});

describe('parseTrack', () => {
  it('reads the number, and the last word as a SCAC when it has 2–4 letters', () => {
    expect(parseTrack('MAEU240817361 maeu')).toEqual({ number: 'MAEU240817361', scac: 'MAEU' });
    expect(parseTrack('MSKU 907032 3')).toEqual({ number: 'MSKU9070323', scac: null });
  });

  it('refuses nothing and an over-long number', () => {
    expect(parseTrack('  ')).toBeNull();
    expect(parseTrack('X'.repeat(41))).toBeNull();
  });
});

describe('readTrackEdit', () => {
  it('opens the form for an id alone', () => {
    expect(readTrackEdit('tr-1')).toEqual({ kind: 'form', id: 'tr-1' });
  });

  it('asks first when ref= clears the ref number, carrying the tags given with it', () => {
    expect(readTrackEdit('tr-1 ref=')).toEqual({ kind: 'clear_ref', edit: { id: 'tr-1' } });
    expect(readTrackEdit('tr-1 ref= tags=a,b')).toEqual({
      kind: 'clear_ref',
      edit: { id: 'tr-1', tags: ['a', 'b'] },
    });
  });

  it('applies ref= and tags= at once', () => {
    expect(readTrackEdit('tr-1 ref="PO 42" tags=urgent')).toEqual({
      kind: 'direct',
      edit: { id: 'tr-1', ref: 'PO 42', tags: ['urgent'] },
    });
  });

  it('shows the usage, with the problem when there is one', () => {
    expect(readTrackEdit('')).toEqual({ kind: 'usage', problem: null });
    expect(readTrackEdit('tr-1 colour=red')).toEqual({
      kind: 'usage',
      problem: "I don't know the field `colour`. Use `ref=` or `tags=`.",
    });
  });
});

describe('readSubcommand', () => {
  it('reads the word (a leading slash dropped, lower case) and the rest', () => {
    expect(readSubcommand('/Shipment MAEU240817361 private')).toEqual({
      word: 'shipment',
      help: false,
      rest: 'MAEU240817361 private',
    });
  });

  it('is help with no word or a help word', () => {
    expect(readSubcommand('')).toEqual({ word: null, help: true, rest: '' });
    expect(readSubcommand('--help')).toEqual({ word: '--help', help: true, rest: '' });
  });

  it('quotes an unknown word back without what would break the quote', () => {
    expect(unknownSubcommandProblem('sh`ip<x>')).toBe("I don't know `shipx`.");
  });
});
