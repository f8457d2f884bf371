import { describe, expect, it } from 'vitest';
import { slippagePhrase, slippageShort } from '../../../src/cards/lines/slippage-phrase.js';
import { slippage } from '../../../src/domain/eta-slippage.js';
import { LA, zoned } from '../../fixtures/cards/factories.js';

describe('ETA slippage', () => {
  it('says 2 days later than first announced when the ETA moved two calendar days', () => {
    const move = slippage(zoned('2024-07-08T15:00:00Z', LA), zoned('2024-07-06T15:00:00Z', LA));
    expect(move).toEqual({ amount: 2, unit: 'day' });
    expect(move && slippagePhrase(move)).toBe('2 days later than first announced');
    expect(move && slippageShort(move)).toBe('2 days late');
  });

  it('counts calendar days in the port zone, so a late-evening ETA moved past midnight is a day later', () => {
    // 20:00 → 01:00 next day in Los Angeles: only 5 hours, but a different date on the card.
    expect(slippage(zoned('2024-07-07T08:00:00Z', LA), zoned('2024-07-07T03:00:00Z', LA))).toEqual({
      amount: 1,
      unit: 'day',
    });
  });

  it('says hours when the date did not change', () => {
    const move = slippage(zoned('2024-07-08T20:00:00Z', LA), zoned('2024-07-08T15:00:00Z', LA));
    expect(move && slippagePhrase(move)).toBe('5 hours later than first announced');
  });

  it('says earlier when the ETA moved forward', () => {
    const move = slippage(zoned('2024-07-05T15:00:00Z', LA), zoned('2024-07-06T15:00:00Z', LA));
    expect(move && slippageShort(move)).toBe('1 day early');
  });

  it('has nothing to say when the ETA is unchanged or either value is missing', () => {
    expect(slippage(zoned('2024-07-08T15:00:00Z'), zoned('2024-07-08T15:10:00Z'))).toBeNull();
    expect(slippage(zoned('2024-07-08T15:00:00Z'), null)).toBeNull();
    expect(slippage(null, zoned('2024-07-08T15:00:00Z'))).toBeNull();
  });
});
