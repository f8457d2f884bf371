/**
 * Terminal holds (docs/domain-rules.md#holds). A hold with status `hold` blocks pickup; `pending` means one is
 * expected. Any other status is treated as blocking, to be safe. There is no "released" status: a cleared hold is
 * removed from the list, so every hold in the list is still in force. A hold is told apart from another by its name
 * and its description together (docs/domain-rules.md#holds).
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

/**
 * One hold in words, with the terminal's own text: "customs hold (CBP HOLD)". Real terminals name most holds
 * `other` and put what the hold is in the description, so an `other` hold is called by it: "other hold ONDOCK".
 * Plain text.
 */
export function holdWords(hold: { name: string; description?: string | null }): string {
  const description = hold.description?.trim() ?? '';
  if (description === '') return holdNameWords(hold.name);
  return hold.name === 'other' ? `other hold ${description}` : `${holdNameWords(hold.name)} (${description})`;
}

/**
 * What tells two holds apart: name and description together. Three `other` holds with different descriptions are
 * three holds, and releasing one of them is news.
 */
export function holdIdentity(hold: { name: string; description?: string | null }): string {
  return `${hold.name}\u0000${hold.description?.trim() ?? ''}`;
}
