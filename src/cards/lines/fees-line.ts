/** The fees of one container as one mrkdwn line of the container row. */
import { type FeeSummary, feeTypeWords } from '../../domain/fees.js';
import { capitalise } from '../../domain/words.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { formatMoney } from '../format/numbers.js';

/** "💵 Fees USD 1,250.00 (demurrage USD 850.00, exam fee USD 400.00)"; null when there are none to show. */
export function feesLine(summary: FeeSummary): string | null {
  if (summary.kind !== 'listed') return null;
  const parts: string[] = [];
  if (summary.posted.length > 0) {
    const items = summary.posted.map(
      (item) => `${typeWords(item.type)} ${formatMoney(item.amount, item.currencyCode)}`,
    );
    parts.push(`Fees ${formatMoney(summary.total, summary.currencyCode)} (${items.join(', ')})`);
  } else if (summary.reportedTotal !== null) {
    parts.push(
      `Fees ${formatMoney(summary.reportedTotal.amount, summary.reportedTotal.currencyCode)} (total as reported)`,
    );
  }
  if (summary.notYetPosted.length > 0) {
    const types = summary.notYetPosted.map(typeWords).join(', ');
    parts.push(parts.length === 0 ? `${capitalise(types)} not yet posted` : `${types} not yet posted`);
  }
  return parts.length > 0 ? `💵 ${parts.join('; ')}` : null;
}

function typeWords(type: string): string {
  return inlineMrkdwn(feeTypeWords(type));
}
