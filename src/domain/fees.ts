/**
 * Terminal fees (docs/domain-rules.md#fees). Line items are summed with any `total` row left out (the API can send
 * both), and summed per currency: amounts in different currencies are never added (an item without a currency is
 * summed only with others without one). An amount of 0 means the fee type is reported but not yet posted; an amount
 * the API sent but that could not be read is said to be unreadable, never "not yet posted". `null` means not
 * reported, `[]` means none — except at a terminal that says it does not provide fees, where an empty list says
 * nothing either.
 */
import type { TerminalFee } from '../tracking/models.js';
import { humanise } from './words.js';

export interface FeeItem {
  type: string;
  amount: number;
  currencyCode: string | null;
}

export type FeeSummary =
  | { kind: 'not_reported' }
  | { kind: 'none' }
  | {
      kind: 'listed';
      /** One sum per currency of the posted line items (total rows excluded), in order of first appearance. */
      totals: FeeItem[];
      posted: FeeItem[];
      /** Types reported with amount 0. */
      notYetPosted: string[];
      /** Types whose amount could not be read. */
      unreadable: string[];
      /** The API's own `total` rows (one per currency), used only when it sent no line items. */
      reportedTotals: FeeItem[];
    };

const FEE_TYPE: Record<string, string> = {
  demurrage: 'demurrage',
  exam: 'exam fee',
  extended_dwell_time: 'extended dwell time',
  other: 'other fees',
  total: 'total',
};

/** Summarises `fees`; `terminalReportsFees` is the terminal's `provided_data.fees_at_pod_terminal` when known. */
export function summariseFees(fees: TerminalFee[] | null, terminalReportsFees: boolean | null): FeeSummary {
  if (fees === null) return { kind: 'not_reported' };
  if (fees.length === 0) return terminalReportsFees === false ? { kind: 'not_reported' } : { kind: 'none' };
  const posted: FeeItem[] = [];
  const notYetPosted: string[] = [];
  const unreadable: string[] = [];
  const totalRows: FeeItem[] = [];
  for (const fee of fees) {
    const amount = fee.amount;
    if (amount === null || !Number.isFinite(amount)) {
      if (fee.type !== 'total') unreadable.push(fee.type);
    } else if (fee.type === 'total')
      totalRows.push({ type: fee.type, amount, currencyCode: fee.currencyCode });
    else if (amount === 0) notYetPosted.push(fee.type);
    else posted.push({ type: fee.type, amount, currencyCode: fee.currencyCode });
  }
  const onlyTotals = posted.length === 0 && notYetPosted.length === 0 && unreadable.length === 0;
  return {
    kind: 'listed',
    totals: sumByCurrency(posted),
    posted,
    notYetPosted,
    unreadable,
    reportedTotals: onlyTotals ? sumByCurrency(totalRows) : [],
  };
}

/** "demurrage", "exam fee", "extended dwell time"; unknown types humanised. Plain text. */
export function feeTypeWords(type: string): string {
  return FEE_TYPE[type] ?? humanise(type);
}

function sumByCurrency(items: readonly FeeItem[]): FeeItem[] {
  const sums = new Map<string | null, FeeItem>();
  for (const item of items) {
    const sum = sums.get(item.currencyCode);
    if (sum === undefined)
      sums.set(item.currencyCode, { type: 'total', amount: item.amount, currencyCode: item.currencyCode });
    else sum.amount += item.amount;
  }
  return [...sums.values()];
}
