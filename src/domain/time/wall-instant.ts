/**
 * The instant at which a wall-clock time happens in a zone ("08:00 in Rotterdam on 11 March"), across daylight-saving
 * changes: the offset is read at the first guess and again at the result, which settles it on both sides of a
 * change. A time that does not exist on a spring-forward day lands just after the gap. A null or unknown zone reads
 * the wall time as UTC, as the API stores times it could not place (docs/domain-rules.md#time-zones).
 */
import { isKnownTimeZone, zoneOffsetMs } from './zone-offsets.js';

const DAY_MS = 86_400_000;

/** Epoch ms of `hour:minute` on `date` (`YYYY-MM-DD`) in `zone`, shifted by `dayOffset` calendar days. */
export function instantOfWallTime(
  date: string,
  hour: number,
  minute: number,
  zone: string | null,
  dayOffset = 0,
): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const asUtc =
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute) + dayOffset * DAY_MS;
  if (zone === null || !isKnownTimeZone(zone)) return asUtc;
  const first = zoneOffsetMs(zone, asUtc) ?? 0;
  const guess = asUtc - first;
  const second = zoneOffsetMs(zone, guess) ?? first;
  return second === first ? guess : asUtc - second;
}

/** The next midnight strictly after `nowMs` in `zone` (UTC when null or unknown). */
export function nextMidnight(nowMs: number, zone: string | null): number {
  const known = zone !== null && isKnownTimeZone(zone) ? zone : null;
  const offset = known === null ? 0 : (zoneOffsetMs(known, nowMs) ?? 0);
  const local = new Date(nowMs + offset);
  const today = `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}-${String(local.getUTCDate()).padStart(2, '0')}`;
  for (let days = 1; days <= 3; days += 1) {
    const at = instantOfWallTime(today, 0, 0, known, days);
    if (at !== null && at > nowMs) return at;
  }
  return nowMs + DAY_MS;
}
