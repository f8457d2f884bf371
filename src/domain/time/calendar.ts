/**
 * Calendar dates and wall times, computed with plain arithmetic on top of the cached zone offsets. Day differences
 * compare calendar dates as UTC midnights, so a DST change inside the span cannot make "2 days" read as 1. Words for
 * dates ("Sun 7 Jul") are the cards' business (cards/format/dates.ts); this module only counts.
 */
import { zoneOffsetMs } from './zone-offsets.js';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HAS_ZONE_DESIGNATOR = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const LITERAL_WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;
/** API timestamps repeat across containers and renders (same LFDs, same check times); Date.parse is not free. */
const instantMemo = new Map<string, number | null>();
const MAX_MEMO_ENTRIES = 20_000;

/** A day on the calendar; month is 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Years outside this range are sentinels, not dates: `0000-00-00` ("no date" in some databases), `0001-01-01`, or a
 * typo. Such a value is no date at all (docs/domain-rules.md#time-zones).
 */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;

/** A local date and clock time. */
export interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
}

/**
 * Milliseconds since the epoch for an API timestamp; a timestamp without zone designator is read as UTC (the API's
 * convention), never as the server's local time. null when unparseable.
 */
export function parseInstant(iso: string): number | null {
  const memo = instantMemo.get(iso);
  if (memo !== undefined) return memo;
  const text = iso.trim();
  const normalised = DATE_ONLY.test(text) || HAS_ZONE_DESIGNATOR.test(text) ? text : `${text}Z`;
  const parsed = Date.parse(normalised);
  const year = Number.isNaN(parsed) ? Number.NaN : new Date(parsed).getUTCFullYear();
  const ms = year >= FIRST_YEAR && year <= LAST_YEAR ? parsed : null;
  if (instantMemo.size >= MAX_MEMO_ENTRIES) instantMemo.clear();
  instantMemo.set(iso, ms);
  return ms;
}

/** `YYYY-MM-DD` as a calendar date, exactly as written (no zone shift); null for anything else. */
export function parseDateOnly(text: string): CalendarDate | null {
  const match = DATE_ONLY.exec(text.trim());
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDate(date) ? date : null;
}

/** Whether `at` carries a readable date, as an instant or as a local wall time: `0000-00-00` does not. */
export function isReadableTimestamp(at: string): boolean {
  return parseInstant(at) !== null || literalWallTime(at) !== null;
}

/** Whether `text` is written like a date (`YYYY-MM-DD…`), valid or not: "0000-00-00" is, "soon" is not. */
export function looksLikeDate(text: string): boolean {
  return LITERAL_WALL_TIME.test(text.trim());
}

/** The wall time in `zone` at instant `ms`; null when the zone is unknown to the runtime. */
export function wallTimeInZone(ms: number, zone: string): WallTime | null {
  const offset = zoneOffsetMs(zone, ms);
  return offset === null ? null : wallTimeUtc(ms + offset);
}

/** The wall time in `zone` at instant `ms`, falling back to UTC when the zone is null or unknown. */
export function wallTimeOrUtc(ms: number, zone: string | null): WallTime {
  return (zone !== null ? wallTimeInZone(ms, zone) : null) ?? wallTimeUtc(ms);
}

/** The UTC wall time at `ms`. */
export function wallTimeUtc(ms: number): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
  };
}

/**
 * The date and time digits as written in the string, ignoring any offset (for timestamps whose zone is unknown); null
 * when they are no valid date.
 */
export function literalWallTime(iso: string): WallTime | null {
  const match = LITERAL_WALL_TIME.exec(iso.trim());
  if (!match) return null;
  const wall = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(match[4] ?? 0),
    minute: Number(match[5] ?? 0),
  };
  return isValidDate(wall) && wall.hour < 24 && wall.minute < 60 ? wall : null;
}

/** A real day of a plausible year: month 1–12, day within the month. */
function isValidDate(date: CalendarDate): boolean {
  if (date.year < FIRST_YEAR || date.year > LAST_YEAR || date.month < 1 || date.month > 12 || date.day < 1)
    return false;
  return date.day <= new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((dayStartUtc(to) - dayStartUtc(from)) / DAY_MS);
}

/** Sorts calendar dates: negative when `a` is earlier. */
export function compareCalendarDates(a: CalendarDate, b: CalendarDate): number {
  return dayStartUtc(a) - dayStartUtc(b);
}

/** Milliseconds of the UTC midnight that starts `date` (a day's stable index, free of any zone's DST). */
export function dayStartUtc(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}
