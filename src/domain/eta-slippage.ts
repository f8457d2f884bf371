/**
 * How far an estimate has moved from the first one the carrier announced (docs/domain-rules.md#eta): calendar days
 * in the port's zone when the date changed (that is what people see on the card), otherwise whole hours.
 */
import type { ZonedTimestamp } from '../tracking/models.js';
import { parseInstant } from './time/calendar.js';
import { calendarDaysBetween } from './time/days.js';

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
