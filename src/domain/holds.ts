/**
 * Terminal holds (docs/domain-rules.md#holds). A hold with status `hold` blocks pickup; `pending` means one is
 * expected. Any other status is treated as blocking, to be safe. There is no "released" status: a cleared hold is
 * removed from the list, so every hold in the list is still in force.
 */
import type { TerminalHold } from '../tracking/models.js';
import { humanise } from './words.js';

const HOLD_NAMES: Record<string, string> = {
  freight: 'freight hold',
  customs: 'customs hold',
  USDA: 'USDA hold',
  VACIS: 'VACIS exam hold',
  TMF: 'TMF hold',
  other: 'other hold',
};

export interface SplitHolds {
  /** Holds with status `hold` (and any status the API may add: treated as blocking to be safe). */
  active: TerminalHold[];
  /** Holds with status `pending`: expected, not yet active. */
  pending: TerminalHold[];
}

/** The holds that block pickup apart from the ones only expected. */
export function splitHolds(holds: readonly TerminalHold[]): SplitHolds {
  const active: TerminalHold[] = [];
  const pending: TerminalHold[] = [];
  for (const hold of holds) (hold.status === 'pending' ? pending : active).push(hold);
  return { active, pending };
}

/** "customs hold", "VACIS exam hold"; an unknown name humanised ("port fee hold"). Plain text. */
export function holdNameWords(name: string): string {
  return HOLD_NAMES[name] ?? `${humanise(name)} hold`;
}
