import { describe, expect, it } from 'vitest';
import { readNumberButtonValue } from '../../../../src/features/shipments/number-button-value.js';

describe("the not-found card's button values", () => {
  it('reads the visibility of the lookup and the number', () => {
    expect(readNumberButtonValue('private:TCLU1234568')).toEqual({
      visibility: 'private',
      number: 'TCLU1234568',
    });
    expect(readNumberButtonValue('channel:MAEU123')).toEqual({ visibility: 'channel', number: 'MAEU123' });
  });

  it('takes a value without a visibility as the number, answered in the channel', () => {
    expect(readNumberButtonValue('MAEU123')).toEqual({ visibility: 'channel', number: 'MAEU123' });
  });
});
