/**
 * Slack's date formatting token `<!date^EPOCH^FORMAT^LINK|FALLBACK>`, rendered in the reader's own time zone as
 * the Slack client does (https://api.slack.com/reference/surfaces/formatting#date-formatting). Pure: the zone and
 * "now" are parameters.
 */

export interface DateTokenParts {
  epochSeconds: number;
  format: string;
  link: string | null;
  fallback: string;
}

/** Parses the inside of `<!date^…>` (without the angle brackets and `!date^`). */
export function parseDateToken(inner: string): DateTokenParts | null {
  const bar = inner.indexOf('|');
  const spec = bar >= 0 ? inner.slice(0, bar) : inner;
  const fallback = bar >= 0 ? inner.slice(bar + 1) : '';
  const [epoch, format, link] = spec.split('^');
  const epochSeconds = Number(epoch);
  if (!Number.isFinite(epochSeconds) || format === undefined) return null;
  return { epochSeconds, format, link: link ?? null, fallback };
}

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  weekday: string;
}

function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'long',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    weekday: get('weekday'),
  };
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${['th', 'st', 'nd', 'rd'][day % 10] ?? 'th'}`;
}

function monthName(month: number, style: 'long' | 'short'): string {
  return new Intl.DateTimeFormat('en-US', { month: style, timeZone: 'UTC' }).format(
    Date.UTC(2000, month - 1, 1),
  );
}

function dayDifference(a: ZonedParts, b: ZonedParts): number {
  return Math.round(
    (Date.UTC(a.year, a.month - 1, a.day) - Date.UTC(b.year, b.month - 1, b.day)) / 86_400_000,
  );
}

function ago(epochMs: number, nowMs: number): string {
  const seconds = Math.round((epochMs - nowMs) / 1000);
  const abs = Math.abs(seconds);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (abs >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

/** Formats the token's FORMAT string; returns null when the zone is unusable so the caller shows the fallback. */
export function formatDateToken(parts: DateTokenParts, timeZone: string, nowMs: number): string | null {
  const date = new Date(parts.epochSeconds * 1000);
  let zoned: ZonedParts;
  let today: ZonedParts;
  try {
    zoned = zonedParts(date, timeZone);
    today = zonedParts(new Date(nowMs), timeZone);
  } catch {
    return null;
  }
  const time = (seconds: boolean) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
    }).format(date);
  const long = `${monthName(zoned.month, 'long')} ${ordinal(zoned.day)}, ${zoned.year}`;
  const short = `${monthName(zoned.month, 'short')} ${zoned.day}, ${zoned.year}`;
  const full = `${zoned.weekday}, ${long}`;
  const pretty = (otherwise: string) => {
    const diff = dayDifference(zoned, today);
    if (diff === 0) return 'today';
    if (diff === -1) return 'yesterday';
    if (diff === 1) return 'tomorrow';
    return otherwise;
  };
  const tokens: Record<string, () => string> = {
    date_num: () =>
      `${zoned.year}-${String(zoned.month).padStart(2, '0')}-${String(zoned.day).padStart(2, '0')}`,
    date: () => long,
    date_short: () => short,
    date_long: () => full,
    date_pretty: () => pretty(long),
    date_short_pretty: () => pretty(short),
    date_long_pretty: () => pretty(full),
    time: () => time(false),
    time_secs: () => time(true),
    ago: () => ago(date.getTime(), nowMs),
  };
  return parts.format.replace(/\{([a-z_]+)\}/g, (whole, name: string) => tokens[name]?.() ?? whole);
}
