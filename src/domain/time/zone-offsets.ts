/**
 * UTC offsets and abbreviations of IANA zones, fast enough for a 100-container card (< 1 ms). Building an
 * Intl.DateTimeFormat costs tens of microseconds and formatting a few more, so formatters are cached per zone and
 * offsets per zone and quarter hour: every zone transition in tzdata falls on a UTC quarter hour, so the offset is
 * constant inside each bucket and one lookup serves all instants in it (DST days included).
 */

const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** Bounds the memo so a long-running bot cannot grow it without limit; a reset only costs recomputation. */
const MAX_MEMO_ENTRIES = 20_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat | null>();
/** zone → quarter-hour bucket → offset; nested so a lookup builds no key string. */
const offsetMemo = new Map<string, Map<number, number>>();
let offsetMemoSize = 0;
/** zone → offset → abbreviation. */
const abbreviationMemo = new Map<string, Map<number, string>>();

/** Whether `zone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  return partsFormatter(zone) !== null;
}

/** Offset of `zone` from UTC at instant `ms`, in milliseconds (east positive); null for an unknown zone. */
export function zoneOffsetMs(zone: string, ms: number): number | null {
  const bucket = Math.floor(ms / QUARTER_HOUR_MS);
  let buckets = offsetMemo.get(zone);
  const memo = buckets?.get(bucket);
  if (memo !== undefined) return memo;
  const formatter = partsFormatter(zone);
  if (formatter === null) return null;
  const offset = computeOffset(formatter, ms);
  if (offsetMemoSize >= MAX_MEMO_ENTRIES) {
    offsetMemo.clear();
    offsetMemoSize = 0;
    buckets = undefined;
  }
  if (buckets === undefined) {
    buckets = new Map();
    offsetMemo.set(zone, buckets);
  }
  buckets.set(bucket, offset);
  offsetMemoSize += 1;
  return offset;
}

/**
 * Short name of `zone` at `ms` ("PST", "CEST", "GMT+8"). en-US knows the North American letters, en-GB the European
 * ones; elsewhere both fall back to a GMT offset, which is still unambiguous.
 */
export function zoneAbbreviation(zone: string, ms: number): string {
  const offset = zoneOffsetMs(zone, ms);
  if (offset === null) return 'UTC';
  let byOffset = abbreviationMemo.get(zone);
  const memo = byOffset?.get(offset);
  if (memo !== undefined) return memo;
  let name = shortZoneName('en-US', zone, ms);
  if (name.startsWith('GMT') && name.length > 3) {
    const british = shortZoneName('en-GB', zone, ms);
    if (!british.startsWith('GMT') || british.length === 3) name = british;
  }
  if (byOffset === undefined) {
    byOffset = new Map();
    abbreviationMemo.set(zone, byOffset);
  }
  byOffset.set(offset, name);
  return name;
}

function partsFormatter(zone: string): Intl.DateTimeFormat | null {
  const cached = partsFormatters.get(zone);
  if (cached !== undefined) return cached;
  let formatter: Intl.DateTimeFormat | null;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    // RangeError: not an IANA zone this runtime knows; remembered so the cost is paid once.
    formatter = null;
  }
  partsFormatters.set(zone, formatter);
  return formatter;
}

function computeOffset(formatter: Intl.DateTimeFormat, ms: number): number {
  let year = 1970;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  for (const part of formatter.formatToParts(ms)) {
    const value = Number(part.value);
    if (part.type === 'year') year = value;
    else if (part.type === 'month') month = value;
    else if (part.type === 'day') day = value;
    else if (part.type === 'hour') hour = value;
    else if (part.type === 'minute') minute = value;
    else if (part.type === 'second') second = value;
  }
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const wholeSeconds = ms - (((ms % 1000) + 1000) % 1000);
  return wallAsUtc - wholeSeconds;
}

function shortZoneName(locale: string, zone: string, ms: number): string {
  try {
    const formatter = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' });
    return formatter.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'UTC';
  } catch {
    return 'UTC';
  }
}
