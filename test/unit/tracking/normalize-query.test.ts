import { describe, expect, it } from 'vitest';
import { containerCheckDigit, isValidContainerNumber } from '../../../src/domain/container-number.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import {
  looksLikeBillOfLadingOrBooking,
  looksLikeContainerNumber,
  looksLikeUuid,
  normalizeQuery,
} from '../../../src/tracking/normalize-query.js';

describe('normalizing what a person typed', () => {
  it('trims, uppercases and drops inner spaces', () => {
    expect(normalizeQuery('  maeu 2408 17361 ')).toBe('MAEU240817361');
    expect(normalizeQuery('tclu\t1234568\n')).toBe('TCLU1234568');
  });

  it('keeps hyphens, because the API test numbers have them', () => {
    expect(normalizeQuery('test-tr-succeeded')).toBe('TEST-TR-SUCCEEDED');
  });

  it('drops the zero-width characters that come with pasted text', () => {
    expect(normalizeQuery('MAEU\u200B2408\uFEFF17361')).toBe('MAEU240817361');
  });

  it('gives an empty string for blank input', () => {
    expect(normalizeQuery('   ')).toBe('');
  });
});

describe('telling inputs apart', () => {
  it('recognises container numbers, bills of lading and UUIDs by shape', () => {
    expect(looksLikeContainerNumber('TCLU1234568')).toBe(true);
    expect(looksLikeContainerNumber('TCLU123456')).toBe(false);
    expect(looksLikeBillOfLadingOrBooking('MAEU240817361')).toBe(true);
    expect(looksLikeBillOfLadingOrBooking('TEST-TR-FAILED')).toBe(true);
    expect(looksLikeBillOfLadingOrBooking('PO-2026-001')).toBe(false);
    expect(looksLikeUuid(DEMO.shipments.slippedEta.id)).toBe(true);
    expect(looksLikeUuid(DEMO.shipments.nonUuid.id)).toBe(false);
  });
});

describe('ISO 6346 check digits', () => {
  it('computes the check digit of well-known container numbers', () => {
    expect(containerCheckDigit('CSQU305438')).toBe(3);
    expect(containerCheckDigit('MSKU907032')).toBe(3);
    expect(containerCheckDigit('TCLU123456')).toBe(8);
  });

  it('maps a remainder of 10 to the check digit 0', () => {
    // The weighted sum of TCLU000002 is 1429, and 1429 mod 11 = 10.
    expect(containerCheckDigit('TCLU000002')).toBe(0);
    expect(isValidContainerNumber('TCLU0000020')).toBe(true);
  });

  it('accepts every demo container number and rejects a typo in any of them', () => {
    for (const number of Object.values(DEMO.containers)) {
      expect(isValidContainerNumber(number)).toBe(true);
      const last = Number(number.slice(-1));
      expect(isValidContainerNumber(`${number.slice(0, -1)}${(last + 1) % 10}`)).toBe(false);
    }
  });

  it('gives null for text that is not a container number prefix', () => {
    expect(containerCheckDigit('MAEU24081')).toBeNull();
    expect(containerCheckDigit('TCLX123456')).toBeNull();
    expect(isValidContainerNumber('tclu1234568')).toBe(false);
  });
});
