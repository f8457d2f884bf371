/**
 * Demo dates relative to the clock, so the demo never goes stale. Last free days are emitted the way the real API
 * does: local midnight of the relevant zone, expressed in UTC (`2026-02-26T05:00:00Z` for America/New_York).
 * System timestamps are whole-second UTC (`2024-06-26T15:05:20Z`), like production.
 */
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

const HOUR_MS = 3_600_000;

export function isoSeconds(date: Date): string {
  // Replacing (not slicing and appending) keeps the result one flat string: a large book holds hundreds of
  // thousands of timestamps, and a sliced-and-joined one costs three heap objects instead of one.
  const iso = date.toISOString();
  return iso.endsWith('.000Z') ? iso.replace('.000Z', 'Z') : iso.replace(/\.\d{3}Z$/, 'Z');
}

export interface DemoTime {
  now: Date;
  /** `hours` from now (negative = past), UTC. */
  hours(hours: number): string;
  /** `days` from now (negative = past), UTC, same time of day. */
  days(days: number): string;
  /** The local calendar date `days` from today in `zone` (`YYYY-MM-DD`). */
  localDate(zone: string, days: number): string;
  /** Local midnight of that date in `zone`, as a UTC instant: how the API sends last free days. */
  midnight(zone: string, days: number): string;
  /** A local wall time (`HH:mm`) on that date in `zone`, as a UTC instant. */
  localTime(zone: string, days: number, time: string): string;
}

export function createDemoTime(now: Date): DemoTime {
  const localDate = (zone: string, days: number): string => {
    const [year, month, day] = formatInTimeZone(now, zone, 'yyyy-MM-dd').split('-').map(Number);
    return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
  };
  const localTime = (zone: string, days: number, time: string): string =>
    isoSeconds(fromZonedTime(`${localDate(zone, days)}T${time}:00`, zone));
  return {
    now,
    hours: (hours) => isoSeconds(new Date(now.getTime() + hours * HOUR_MS)),
    days: (days) => isoSeconds(new Date(now.getTime() + days * 24 * HOUR_MS)),
    localDate,
    midnight: (zone, days) => localTime(zone, days, '00:00'),
    localTime,
  };
}
