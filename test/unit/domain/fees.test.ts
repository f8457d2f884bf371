import { describe, expect, it } from 'vitest';
import { feesLine } from '../../../src/cards/lines/fees-line.js';
import { summariseFees } from '../../../src/domain/fees.js';
import { fee } from '../../fixtures/cards/factories.js';

describe('fees', () => {
  it('sums the line items and leaves the total row out', () => {
    const summary = summariseFees([fee('demurrage', 850), fee('exam', 400), fee('total', 1250)], null);
    expect(summary.kind === 'listed' && summary.totals).toEqual([
      { type: 'total', amount: 1250, currencyCode: 'USD' },
    ]);
    expect(feesLine(summary)).toBe('💵 Fees USD 1,250.00 (demurrage USD 850.00, exam fee USD 400.00)');
  });

  it('says demurrage is not yet posted when its amount is 0', () => {
    expect(feesLine(summariseFees([fee('demurrage', 0)], null))).toBe('💵 Demurrage not yet posted');
  });

  it('lists not-yet-posted types after the posted ones', () => {
    expect(feesLine(summariseFees([fee('exam', 400), fee('demurrage', 0)], null))).toBe(
      '💵 Fees USD 400.00 (exam fee USD 400.00); demurrage not yet posted',
    );
  });

  it('never adds amounts in different currencies: one sum per currency', () => {
    const mixed = summariseFees(
      [fee('demurrage', 100, 'USD'), fee('exam', 50, 'CAD'), fee('other', 25, 'USD')],
      null,
    );
    expect(mixed.kind === 'listed' && mixed.totals.map((t) => [t.currencyCode, t.amount])).toEqual([
      ['USD', 125],
      ['CAD', 50],
    ]);
    expect(feesLine(mixed)).toBe(
      '💵 Fees USD 125.00 + CAD 50.00 (demurrage USD 100.00, exam fee CAD 50.00, other fees USD 25.00)',
    );
  });

  it('keeps items without a currency apart from those with one', () => {
    const line = feesLine(summariseFees([fee('demurrage', 100, 'USD'), fee('exam', 50, null)], null));
    expect(line).toBe(
      '💵 Fees USD 100.00 + 50.00 (currency not given) (demurrage USD 100.00, exam fee 50.00)',
    );
  });

  it('says an amount it could not read is unreadable, never that it is not yet posted', () => {
    const line = feesLine(summariseFees([{ type: 'demurrage', amount: null, currencyCode: 'USD' }], null));
    expect(line).toBe('💵 Demurrage amount unreadable');
  });

  it('uses the total row when the terminal sent nothing else', () => {
    expect(feesLine(summariseFees([fee('total', 300)], null))).toBe('💵 Fees USD 300.00 (total as reported)');
  });

  it('has no line when fees are not reported or there are none', () => {
    expect(summariseFees(null, null).kind).toBe('not_reported');
    expect(summariseFees([], null).kind).toBe('none');
    expect(feesLine(summariseFees([], null))).toBeNull();
  });

  it('treats an empty list from a terminal that does not provide fees as not reported', () => {
    expect(summariseFees([], false).kind).toBe('not_reported');
  });

  it('shows unknown fee types humanised and a malformed currency not at all', () => {
    expect(feesLine(summariseFees([fee('chassis_split', 75, '<b>')], null))).toBe(
      '💵 Fees 75.00 (chassis split 75.00)',
    );
  });
});
