/** The fees of one container as one mrkdwn line of the container row. */
import { type FeeItem, type FeeSummary, feeTypeWords } from '../../domain/fees.js';
import { capitalise } from '../../domain/words.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { formatMoney, isShownCurrency } from '../format/numbers.js';

/**
 * "💵 Fees USD 1,250.00 (demurrage USD 850.00, exam fee USD 400.00)", with one sum per currency ("USD 125.00 +
 * CAD 50.00"); null when there are none to show.
 */
export function feesLine(summary: FeeSummary): string | null {
  if (summary.kind !== 'listed') return null;
  const parts: string[] = [];
  if (summary.posted.length > 0) {
    const items = summary.posted.map(
      (item) => `${typeWords(item.type)} ${formatMoney(item.amount, item.currencyCode)}`,
    );
    parts.push(`Fees ${sums(summary.totals)} (${items.join(', ')})`);
  } else if (summary.reportedTotals.length > 0) {
    parts.push(`Fees ${sums(summary.reportedTotals)} (total as reported)`);
  }
  for (const [types, words] of [
    [summary.notYetPosted, 'not yet posted'],
    [summary.unreadable, 'amount unreadable'],
  ] as const) {
    if (types.length === 0) continue;
    const list = types.map(typeWords).join(', ');
    parts.push(`${parts.length === 0 ? capitalise(list) : list} ${words}`);
  }
  return parts.length > 0 ? `💵 ${parts.join('; ')}` : null;
}

/** "USD 125.00 + CAD 50.00"; a sum whose currency cannot be shown is marked when it stands next to others. */
function sums(totals: readonly FeeItem[]): string {
  return totals
    .map((total) => {
      const money = formatMoney(total.amount, total.currencyCode);
      return totals.length > 1 && !isShownCurrency(total.currencyCode)
        ? `${money} (currency not given)`
        : money;
    })
    .join(' + ');
}

function typeWords(type: string): string {
  return inlineMrkdwn(feeTypeWords(type));
}
