/**
 * How far an estimate has moved from the first one the carrier announced (notes/tracking-api.md §4.4): calendar days
 * in the port's zone when the date changed (that is what people see on the card), otherwise whole hours.
 */
import type { ZonedTimestamp } from '../../tracking/models.js';
import { parseInstant } from '../format/calendar.js';
import { calendarDaysBetween, plural } from '../format/relative.js';

export interface Slippage {
  /** Positive = later than first announced. */
  amount: number;
  unit: 'day' | 'hour';
}

const HOUR_MS = 3_600_000;

/** The move from `original` to `current`; null when either is missing or nothing changed. */
export function slippage(current: ZonedTimestamp | null, original: ZonedTimestamp | null): Slippage | null {
  if (current === null || original === null) return null;
  const now = parseInstant(current.at);
  const first = parseInstant(original.at);
  if (now === null || first === null) return null;
  const days = calendarDaysBetween(first, now, current.timeZone ?? original.timeZone);
  if (days !== 0) return { amount: days, unit: 'day' };
  const hours = Math.round((now - first) / HOUR_MS);
  return hours !== 0 ? { amount: hours, unit: 'hour' } : null;
}

/** "2 days later than first announced", "5 hours earlier than first announced". */
export function slippagePhrase(move: Slippage): string {
  return `${plural(Math.abs(move.amount), move.unit)} ${move.amount > 0 ? 'later' : 'earlier'} than first announced`;
}

/** "2 days late", "1 day early": the short form for notification texts. */
export function slippageShort(move: Slippage): string {
  return `${plural(Math.abs(move.amount), move.unit)} ${move.amount > 0 ? 'late' : 'early'}`;
}
