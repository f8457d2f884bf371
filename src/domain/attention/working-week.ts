/**
 * Which days of the week are working days (docs/domain-rules.md#attention-tiers): a terminal's gate and a trucker's
 * dispatch follow the working week, so an LFD on Monday is "the next working day" already on Friday. Saturday and
 * Sunday are off unless configured otherwise. Days are counted on calendar dates (no zone: the caller has already
 * read the date in the LFD's own zone).
 */
import { type CalendarDate, dayStartUtc } from '../time/calendar.js';

const DAY_MS = 86_400_000;

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface WorkingWeek {
  daysOff: ReadonlySet<Weekday>;
}

export const DEFAULT_WORKING_WEEK: WorkingWeek = Object.freeze({ daysOff: new Set<Weekday>([6, 0]) });

/** The working week with these days off (0 = Sunday … 6 = Saturday; anything else ignored); absent: the default. */
export function workingWeekWith(daysOff: readonly number[] | undefined): WorkingWeek {
  if (daysOff === undefined) return DEFAULT_WORKING_WEEK;
  // SAFETY: filtered to the integers 0–6.
  return {
    daysOff: new Set(daysOff.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6) as Weekday[]),
  };
}

export function weekdayOf(date: CalendarDate): Weekday {
  // SAFETY: getUTCDay returns 0–6.
  return new Date(dayStartUtc(date)).getUTCDay() as Weekday;
}

/** `date` moved by `days` calendar days. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(dayStartUtc(date) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function isWorkingDay(date: CalendarDate, week: WorkingWeek): boolean {
  // A week configured with every day off has no working day to find: every day counts as one instead.
  return week.daysOff.size >= 7 || !week.daysOff.has(weekdayOf(date));
}

/** The first working day strictly after `date`. */
export function nextWorkingDay(date: CalendarDate, week: WorkingWeek): CalendarDate {
  let day = addDays(date, 1);
  while (!isWorkingDay(day, week)) day = addDays(day, 1);
  return day;
}

/** The last working day strictly before `date`. */
export function previousWorkingDay(date: CalendarDate, week: WorkingWeek): CalendarDate {
  let day = addDays(date, -1);
  while (!isWorkingDay(day, week)) day = addDays(day, -1);
  return day;
}

/** `YYYY-MM-DD`. */
export function isoDate(date: CalendarDate): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}
