/** Dates and wall times in words for cards: "Sun 7 Jul", "Sun 7 Jul 14:05" (24-hour clock, as ports publish times). */
import { type CalendarDate, dayStartUtc, type WallTime } from '../../domain/time/calendar.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Sun 7 Jul", with the year appended when it differs from `referenceYear`. */
export function formatCalendarDate(date: CalendarDate, referenceYear?: number): string {
  const weekday = WEEKDAYS[new Date(dayStartUtc(date)).getUTCDay()] ?? '';
  const month = MONTHS[date.month - 1] ?? String(date.month);
  const year = referenceYear !== undefined && referenceYear !== date.year ? ` ${date.year}` : '';
  return `${weekday} ${date.day} ${month}${year}`;
}

/** "Sun 7 Jul 14:05". */
export function formatWallTime(time: WallTime, referenceYear?: number): string {
  return `${formatCalendarDate(time, referenceYear)} ${pad(time.hour)}:${pad(time.minute)}`;
}

function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
