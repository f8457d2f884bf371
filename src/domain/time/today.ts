/**
 * Calendar dates of deadlines and "today" in a zone. A deadline is a calendar date in its own zone: date-only strings
 * are kept literally, timestamps are read as the local date where the zone is known and as the written date when it
 * is not (the value is then a local wall time with an unknown zone; docs/domain-rules.md#time-zones). Both are
 * memoised: 100 containers share a handful of LFDs, and a render asks for today's date once per container.
 */
import {
  type CalendarDate,
  literalWallTime,
  parseDateOnly,
  parseInstant,
  wallTimeInZone,
  wallTimeOrUtc,
} from './calendar.js';
import { isKnownTimeZone } from './zone-offsets.js';

/** zone ('' = none) → deadline string → its calendar date. */
const calendarMemo = new Map<string, Map<string, Readonly<CalendarDate> | null>>();
let calendarMemoSize = 0;
const todayMemo = new Map<string, { nowMs: number; date: Readonly<CalendarDate> }>();
const MAX_MEMO_ENTRIES = 20_000;

/** The calendar date of a deadline-like value in its own zone; null when the value is no date at all. */
export function calendarDateOf(at: string, zone: string | null): Readonly<CalendarDate> | null {
  const zoneKey = zone ?? '';
  let byValue = calendarMemo.get(zoneKey);
  const memo = byValue?.get(at);
  if (memo !== undefined) return memo;
  const date = computeCalendarDate(at, zone);
  if (calendarMemoSize >= MAX_MEMO_ENTRIES) {
    calendarMemo.clear();
    calendarMemoSize = 0;
    byValue = undefined;
  }
  if (byValue === undefined) {
    byValue = new Map();
    calendarMemo.set(zoneKey, byValue);
  }
  byValue.set(at, date);
  calendarMemoSize += 1;
  return date;
}

/** Today's date in `zone` (UTC when null or unknown); remembered per zone for the same `nowMs` (one render). */
export function todayIn(zone: string | null, nowMs: number): Readonly<CalendarDate> {
  const zoneKey = zone ?? '';
  const memo = todayMemo.get(zoneKey);
  if (memo !== undefined && memo.nowMs === nowMs) return memo.date;
  const date = Object.freeze(wallTimeOrUtc(nowMs, zone));
  todayMemo.set(zoneKey, { nowMs, date });
  return date;
}

function computeCalendarDate(at: string, zone: string | null): Readonly<CalendarDate> | null {
  const dateOnly = parseDateOnly(at);
  if (dateOnly !== null) return Object.freeze(dateOnly);
  if (zone !== null && isKnownTimeZone(zone)) {
    const ms = parseInstant(at);
    if (ms !== null) {
      const wall = wallTimeInZone(ms, zone);
      return wall === null ? null : Object.freeze({ year: wall.year, month: wall.month, day: wall.day });
    }
  }
  const literal = literalWallTime(at);
  return literal === null
    ? null
    : Object.freeze({ year: literal.year, month: literal.month, day: literal.day });
}
