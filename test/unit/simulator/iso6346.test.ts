import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  containerCheckDigit,
  containerNumber,
  imoNumber,
  isValidContainerNumber,
} from '../../../src/simulator/demo/iso6346.js';

describe('ISO 6346 check digits', () => {
  it.each([
    ['CSQU305438', 3],
    ['MSKU907032', 3],
    ['TCLU123456', 8],
  ])('computes the check digit of %s as %i', (firstTen, digit) => {
    expect(containerCheckDigit(firstTen)).toBe(digit);
  });

  it('rejects a number whose last digit is wrong or whose shape is not AAAU9999999', () => {
    expect(isValidContainerNumber('CSQU3054383')).toBe(true);
    expect(isValidContainerNumber('CSQU3054384')).toBe(false);
    expect(isValidContainerNumber('CSQ3054383')).toBe(false);
    expect(containerCheckDigit('csqu305438')).toBeNull();
  });

  it('always generates valid numbers for an owner code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_990 }), (serial) => {
        expect(isValidContainerNumber(containerNumber('CMAU', serial))).toBe(true);
      }),
    );
  });

  it('computes IMO check digits (9778791 is MAERSK EMDEN)', () => {
    expect(imoNumber('977879')).toBe('9778791');
    expect(imoNumber('950136')).toBe('9501368');
  });
});
