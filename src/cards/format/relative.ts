/**
 * Relative phrases from an injected "now": "in 3 days", "5 hours ago", "tomorrow". Past a day, the count is in
 * calendar days of the zone the timestamp belongs to, because that is how a dispatcher at the port counts.
 */
import { daysBetween, wallTimeInZone, wallTimeUtc } from './calendar.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** "1 day", "3 days". */
export function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** Where `ms` lies relative to `nowMs`: "just now", "in 20 minutes", "5 hours ago", "tomorrow", "in 3 days". */
export function relativePhrase(ms: number, nowMs: number, zone: string | null): string {
  const delta = ms - nowMs;
  const size = Math.abs(delta);
  if (size < MINUTE_MS) return 'just now';
  if (size < HOUR_MS) return direction(plural(Math.floor(size / MINUTE_MS), 'minute'), delta);
  if (size < DAY_MS) return direction(plural(Math.floor(size / HOUR_MS), 'hour'), delta);
  return dayPhrase(calendarDaysBetween(nowMs, ms, zone));
}

/** A whole-day offset in words: "today", "tomorrow", "yesterday", "in 3 days", "2 days ago". */
export function dayPhrase(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return direction(plural(Math.abs(days), 'day'), days);
}

/** How long ago `ms` was, by elapsed time: "just now", "3 minutes ago", "2 hours ago", "4 days ago". */
export function agoPhrase(ms: number, nowMs: number): string {
  const elapsed = nowMs - ms;
  if (elapsed < MINUTE_MS) return 'just now';
  if (elapsed < HOUR_MS) return `${plural(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${plural(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  return `${plural(Math.floor(elapsed / DAY_MS), 'day')} ago`;
}

/** Calendar days from the day of `fromMs` to the day of `toMs`, both seen in `zone` (UTC when unknown). */
export function calendarDaysBetween(fromMs: number, toMs: number, zone: string | null): number {
  const from = (zone !== null ? wallTimeInZone(fromMs, zone) : null) ?? wallTimeUtc(fromMs);
  const to = (zone !== null ? wallTimeInZone(toMs, zone) : null) ?? wallTimeUtc(toMs);
  return daysBetween(from, to);
}

function direction(amount: string, sign: number): string {
  return sign >= 0 ? `in ${amount}` : `${amount} ago`;
}
