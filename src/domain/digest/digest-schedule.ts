/**
 * When a channel's daily digest is due (docs/domain-rules.md#daily-digests): a wall-clock time ("08:00") in the zone
 * of the person who set it, every day or on working days only. Each occurrence is named by its local date in that
 * zone: that date is the digest's identity (one digest per channel per local date), and the instant is read again
 * for every date, so 08:00 stays 08:00 local across daylight-saving changes (a time skipped by a spring-forward gap
 * lands just after the gap, as src/domain/time/wall-instant.ts does). Pure: every instant comes from the caller's
 * injected clock.
 */

import { addDays, isoDate, isWorkingDay, type WorkingWeek } from '../attention/working-week.js';
import { type CalendarDate, dayStartUtc } from '../time/calendar.js';
import { todayIn } from '../time/today.js';
import { instantOfWallTime } from '../time/wall-instant.js';
import { isKnownTimeZone } from '../time/zone-offsets.js';

export interface DigestSchedule {
  /** 0–23 and 0–59: the local wall time. */
  hour: number;
  minute: number;
  /** The IANA zone of the person who set it (`users.info` tz). */
  timeZone: string;
  /** Only on the channel's working days. */
  workingDaysOnly: boolean;
}

export interface DigestOccurrence {
  /** `YYYY-MM-DD` in the schedule's zone: one digest per channel per this date. */
  localDate: string;
  at: number;
}

/** How late a digest may still go out after its time (a replica down at 08:00 sends it at 09:30, not at 23:00). */
export const DIGEST_GRACE_MS = 6 * 3_600_000;

/** `HH:MM` (or `H:MM`, `8am`-free on purpose): the wall time, or null when it is not one. */
export function parseDigestTime(text: string): { hour: number; minute: number } | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** `08:00` */
export function digestTimeWords(schedule: Pick<DigestSchedule, 'hour' | 'minute'>): string {
  return `${String(schedule.hour).padStart(2, '0')}:${String(schedule.minute).padStart(2, '0')}`;
}

/** The occurrence on a local date, or null when that date is skipped (a day off for a working-days schedule). */
export function occurrenceOn(
  schedule: DigestSchedule,
  date: CalendarDate,
  week: WorkingWeek,
): DigestOccurrence | null {
  if (schedule.workingDaysOnly && !isWorkingDay(date, week)) return null;
  const localDate = isoDate(date);
  const at = instantOfWallTime(localDate, schedule.hour, schedule.minute, zoneOf(schedule));
  return at === null ? null : { localDate, at };
}

/** The first occurrence strictly after `afterMs`. */
export function nextDigest(schedule: DigestSchedule, afterMs: number, week: WorkingWeek): DigestOccurrence {
  const today = todayIn(zoneOf(schedule), afterMs);
  // Yesterday too: near a zone's midnight the local date and the instant can straddle a DST jump.
  for (let days = -1; days <= 8; days += 1) {
    const found = occurrenceOn(schedule, addDays(today, days), week);
    if (found !== null && found.at > afterMs) return found;
  }
  // Every day off and working days only: isWorkingDay counts every day as one then, so this is not reached.
  const fallback = addDays(today, 1);
  return { localDate: isoDate(fallback), at: dayStartUtc(fallback) };
}

/**
 * The occurrence due at `nowMs`: the latest one at or before it, if no more than `graceMs` ago; null otherwise
 * (the digest's time has not come today, or passed too long ago to still be a morning digest).
 */
export function dueDigest(
  schedule: DigestSchedule,
  nowMs: number,
  week: WorkingWeek,
  graceMs: number = DIGEST_GRACE_MS,
): DigestOccurrence | null {
  const latest = previousDigest(schedule, nowMs, week, true);
  return latest !== null && nowMs - latest.at <= graceMs ? latest : null;
}

/** The latest occurrence before `nowMs` (at or before it with `inclusive`), looking back at most 8 days. */
export function previousDigest(
  schedule: DigestSchedule,
  nowMs: number,
  week: WorkingWeek,
  inclusive = false,
): DigestOccurrence | null {
  const today = todayIn(zoneOf(schedule), nowMs);
  for (let days = 1; days >= -8; days -= 1) {
    const found = occurrenceOn(schedule, addDays(today, days), week);
    if (found !== null && (inclusive ? found.at <= nowMs : found.at < nowMs)) return found;
  }
  return null;
}

function zoneOf(schedule: DigestSchedule): string | null {
  return isKnownTimeZone(schedule.timeZone) ? schedule.timeZone : null;
}
