/** Finding container, bill of lading and booking numbers in a pasted message. */
import { describe, expect, it } from 'vitest';
import { findShippingNumbers } from '../../../src/domain/shipping-numbers.js';

describe('findShippingNumbers', () => {
  it('finds containers whose check digit adds up, written with or without separators', () => {
    expect(findShippingNumbers('Boxes MSKU 907032-3 and tclu1234568, not MSKU9070324')).toEqual([
      { number: 'MSKU9070323', kind: 'container' },
      { number: 'TCLU1234568', kind: 'container' },
    ]);
  });

  it('finds bills of lading by their carrier prefix, and bookings only after a word naming them', () => {
    expect(
      findShippingNumbers(
        'Arrival notice for B/L MAEU240817361. Booking no. 262113840. Call +1 5551234567 today.',
      ),
    ).toEqual([
      { number: 'MAEU240817361', kind: 'bill_of_lading_or_booking' },
      { number: '262113840', kind: 'bill_of_lading_or_booking' },
    ]);
  });

  it('reads no number out of links or mentions, and each number once', () => {
    expect(
      findShippingNumbers(
        '<https://track.example/MAEU240817361|track> <@U0ALICE> MAEU240817361 MAEU240817361',
      ),
    ).toEqual([{ number: 'MAEU240817361', kind: 'bill_of_lading_or_booking' }]);
  });

  it('ignores words without enough digits and stops at ten numbers', () => {
    expect(findShippingNumbers('INVOICEABCDEF and SHIPMENTS')).toEqual([]);
    const many = Array.from({ length: 12 }, (_, i) => `MAEU24081736${i}X`).join(' ');
    expect(findShippingNumbers(many)).toHaveLength(10);
  });
});
