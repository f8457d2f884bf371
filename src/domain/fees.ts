/**
 * Terminal fees (docs/domain-rules.md#fees). Line items are summed with any `total` row left out (the API can send
 * both). An amount of 0 means the fee type is reported but not yet posted. The currency is kept on the sum only when
 * every item shares it. `null` means not reported, `[]` means none — except at a terminal that says it does not
 * provide fees, where an empty list says nothing either.
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
      /** Sum of posted line items (total row excluded). */
      total: number;
      /** The shared currency, or null when items differ or none says. */
      currencyCode: string | null;
      posted: FeeItem[];
      /** Types reported with amount 0. */
      notYetPosted: string[];
      /** The API's own `total` row, used only when it sent no line items. */
      reportedTotal: FeeItem | null;
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
  let reportedTotal: FeeItem | null = null;
  for (const fee of fees) {
    if (!Number.isFinite(fee.amount)) continue;
    if (fee.type === 'total')
      reportedTotal = { type: fee.type, amount: fee.amount, currencyCode: fee.currencyCode };
    else if (fee.amount === 0) notYetPosted.push(fee.type);
    else posted.push({ type: fee.type, amount: fee.amount, currencyCode: fee.currencyCode });
  }
  const currencies = new Set(posted.map((item) => item.currencyCode));
  const shared = currencies.size === 1 ? ([...currencies][0] ?? null) : null;
  return {
    kind: 'listed',
    total: posted.reduce((sum, item) => sum + item.amount, 0),
    currencyCode: shared,
    posted,
    notYetPosted,
    reportedTotal: posted.length === 0 && notYetPosted.length === 0 ? reportedTotal : null,
  };
}

/** "demurrage", "exam fee", "extended dwell time"; unknown types humanised. Plain text. */
export function feeTypeWords(type: string): string {
  return FEE_TYPE[type] ?? humanise(type);
}
