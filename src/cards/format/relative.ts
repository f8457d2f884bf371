/**
 * Relative phrases from an injected "now": "in 3 days", "5 hours ago", "tomorrow". A timestamp that belongs to a
 * place counts days in that place's calendar, because that is how a dispatcher at the port counts. A system
 * timestamp (sent, reported, checked) belongs to no place, and a shared card has many readers in zones the renderer
 * does not know, so it is phrased by elapsed time only: a calendar word like "yesterday" would be wrong for some.
 */
import { calendarDaysBetween } from '../../domain/time/days.js';
import { plural } from '../../domain/words.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Where a timestamp of the place whose zone is `zone` lies relative to `nowMs`: "just now", "in 20 minutes",
 * "5 hours ago", then calendar days of that zone ("tomorrow", "in 3 days").
 */
export function relativePhrase(ms: number, nowMs: number, zone: string): string {
  // Under a day both kinds of timestamp read the same; beyond it a place's calendar decides.
  if (Math.abs(ms - nowMs) < DAY_MS) return elapsedPhrase(ms, nowMs);
  return dayPhrase(calendarDaysBetween(nowMs, ms, zone));
}

/** A whole-day offset in words: "today", "tomorrow", "yesterday", "in 3 days", "2 days ago". */
export function dayPhrase(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return direction(plural(Math.abs(days), 'day'), days);
}

/**
 * A system timestamp relative to `nowMs` by elapsed time alone: "just now", "3 minutes ago", "2 hours ago",
 * "4 days ago" (whole 24-hour periods, never "yesterday"), and "in 2 hours" for a clock running ahead.
 */
export function elapsedPhrase(ms: number, nowMs: number): string {
  const delta = ms - nowMs;
  const size = Math.abs(delta);
  if (size < MINUTE_MS) return 'just now';
  if (size < HOUR_MS) return direction(plural(Math.floor(size / MINUTE_MS), 'minute'), delta);
  if (size < DAY_MS) return direction(plural(Math.floor(size / HOUR_MS), 'hour'), delta);
  return direction(plural(Math.floor(size / DAY_MS), 'day'), delta);
}

function direction(amount: string, sign: number): string {
  return sign >= 0 ? `in ${amount}` : `${amount} ago`;
}
