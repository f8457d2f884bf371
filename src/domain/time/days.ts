/**
 * Counting days between instants. A timestamp that belongs to a place counts calendar days in that place's zone,
 * because that is how a dispatcher at the port counts; a system timestamp (sent, checked) belongs to no place and
 * counts whole 24-hour periods. See docs/domain-rules.md#time-zones.
 */
import { daysBetween, wallTimeOrUtc } from './calendar.js';

const DAY_MS = 86_400_000;

/** Whole 24-hour periods from `fromMs` to `toMs` (negative when `toMs` is earlier), for system timestamps. */
export function elapsedDays(fromMs: number, toMs: number): number {
  return Math.trunc((toMs - fromMs) / DAY_MS);
}

/** Calendar days from the day of `fromMs` to the day of `toMs`, both seen in `zone` (UTC when unknown). */
export function calendarDaysBetween(fromMs: number, toMs: number, zone: string | null): number {
  return daysBetween(wallTimeOrUtc(fromMs, zone), wallTimeOrUtc(toMs, zone));
}
