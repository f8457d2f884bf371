/** ETA slippage in words, for milestone lines and notification texts. */
import type { Slippage } from '../../domain/eta-slippage.js';
import { plural } from '../../domain/words.js';

/** "2 days later than first announced", "5 hours earlier than first announced". */
export function slippagePhrase(move: Slippage): string {
  return `${plural(Math.abs(move.amount), move.unit)} ${move.amount > 0 ? 'later' : 'earlier'} than first announced`;
}

/** "2 days late", "1 day early": the short form for notification texts. */
export function slippageShort(move: Slippage): string {
  return `${plural(Math.abs(move.amount), move.unit)} ${move.amount > 0 ? 'late' : 'early'}`;
}
