/** Pairs a timestamp with the zone that belongs to it (the table in docs/domain-rules.md#time-zones). */
import type { ZonedTimestamp } from '../models.js';

/** null when the timestamp is absent; a null zone means "local wall time, zone unknown". */
export function zoned(
  at: string | null | undefined,
  timeZone: string | null | undefined,
): ZonedTimestamp | null {
  if (at === null || at === undefined || at.trim() === '') return null;
  return { at, timeZone: blankToNull(timeZone) };
}

/** Empty strings from the API (`""` descriptions and voyage numbers) are absent values. */
export function blankToNull(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value;
}
