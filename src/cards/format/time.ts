/**
 * How Shipwatch shows time (docs/domain-rules.md#time-zones). A zoned timestamp is shown as the wall time
 * of the place it belongs to, with the zone's abbreviation, next to Slack's `<!date>` token so every reader also
 * sees it in their own zone. A timestamp whose zone is null is a local wall time the API stored as if it were UTC:
 * it is shown as written, marked "(zone unknown)", and never given a `<!date>` token (which would shift it by the
 * reader's offset). Deadlines are calendar dates in their own zone; date-only values are kept literally.
 */
import {
  literalWallTime,
  looksLikeDate,
  parseInstant,
  wallTimeOrUtc,
  wallTimeUtc,
} from '../../domain/time/calendar.js';
import { calendarDaysBetween } from '../../domain/time/days.js';
import { todayIn } from '../../domain/time/today.js';
import { isKnownTimeZone, zoneAbbreviation } from '../../domain/time/zone-offsets.js';
import type { ZonedTimestamp } from '../../tracking/models.js';
import { formatCalendarDate, formatWallTime } from './dates.js';
import { inlineMrkdwn } from './mrkdwn.js';
import { dayPhrase, elapsedPhrase, relativePhrase } from './relative.js';

const DATE_TIME_FORMAT = '{date_short_pretty} {time}';
const UNKNOWN_DATE = 'date unknown';
const READER_TIME_FORMAT = '{date_short_pretty} {time} your time';
const DAY_FORMAT = '{date_short_pretty}';

/** A timestamp taken apart for display; every string is mrkdwn-safe. */
export interface TimestampText {
  /** Wall time where it happens: "Tue 24 Nov 08:00 PST", or "Tue 24 Nov 08:00 (zone unknown)". */
  local: string;
  /**
   * Slack token showing the reader's own local time, labelled "your time" inside the token so its UTC fallback is
   * never labelled that way; null when the zone is unknown or the value unparseable.
   */
  token: string | null;
  /** "in 3 days", "5 hours ago"; null when the value is unparseable. */
  relative: string | null;
  /** "Tue 24 Nov" in the place's zone, for notification texts. */
  shortDate: string;
}

/** Takes a zoned timestamp apart for display relative to `nowMs`. */
export function describeTimestamp(value: ZonedTimestamp, nowMs: number): TimestampText {
  const ms = parseInstant(value.at);
  if (value.timeZone === null || ms === null) return describeUnplaced(value.at, nowMs);
  const zone = isKnownTimeZone(value.timeZone) ? value.timeZone : 'UTC';
  const wall = wallTimeOrUtc(ms, zone);
  const referenceYear = todayIn(zone, nowMs).year;
  return {
    local: `${formatWallTime(wall, referenceYear)} ${zoneAbbreviation(zone, ms)}`,
    token: slackDateToken(ms, READER_TIME_FORMAT),
    relative: relativePhrase(ms, nowMs, zone),
    shortDate: formatCalendarDate(wall, referenceYear),
  };
}

/** One mrkdwn line: "Tue 24 Nov 08:00 PST · <!date…{time} your time|…> · in 3 days". */
export function formatTimestamp(
  value: ZonedTimestamp,
  nowMs: number,
  options: { relative?: boolean } = {},
): string {
  const text = describeTimestamp(value, nowMs);
  const parts = [text.local];
  if (text.token !== null) parts.push(text.token);
  if (options.relative !== false && text.relative !== null) parts.push(text.relative);
  return parts.join(' · ');
}

/**
 * A system timestamp (UTC, no place attached: fetched, checked, sent): the reader's local time via `<!date>` and how
 * long ago it was by elapsed time, since the renderer cannot know the calendar day of every reader.
 */
export function formatSystemTime(iso: string, nowMs: number): string {
  const ms = parseInstant(iso);
  if (ms === null) return looksLikeDate(iso) ? UNKNOWN_DATE : inlineMrkdwn(iso);
  return `${slackDateToken(ms)} (${elapsedPhrase(ms, nowMs)})`;
}

/**
 * `<!date^UNIX^{date_short_pretty} {time}|Tue 24 Nov 16:00 UTC>`: shown in the reader's zone by Slack, and as the
 * fallback (UTC, marked so) in notifications, old clients and `shipwatch render` output. Words that only hold for the
 * rendered form ("your time") belong inside `format`, never after the token. `format` is one of this module's
 * constants: it must not contain `^`, `|` or `>`.
 */
export function slackDateToken(ms: number, format: string = DATE_TIME_FORMAT): string {
  const seconds = Math.floor(ms / 1000);
  return `<!date^${seconds}^${format}|${formatWallTime(wallTimeUtc(ms))} UTC>`;
}

/**
 * A live age such as "Updated 3 minutes ago": Slack's `{ago}` keeps counting after the message is posted, where a
 * phrase computed at render time would still say "just now" tomorrow. The fallback gives the absolute UTC time.
 * `label` is a constant of the caller's ("Updated", "terminal checked"): it must not contain `^`, `|` or `>`.
 */
export function slackAgoToken(ms: number, label: string): string {
  const seconds = Math.floor(ms / 1000);
  return `<!date^${seconds}^${label} {ago}|${label} ${formatWallTime(wallTimeUtc(ms))} UTC>`;
}

function describeUnplaced(at: string, nowMs: number): TimestampText {
  const wall = literalWallTime(at);
  if (wall === null) {
    // A date-shaped value that is no date (0000-00-00, month 13) is unknown; other text is shown as sent.
    const text = looksLikeDate(at) ? UNKNOWN_DATE : inlineMrkdwn(at);
    return { local: text, token: null, relative: null, shortDate: text };
  }
  const referenceYear = todayIn(null, nowMs).year;
  // Only whole days are meaningful when the zone is unknown: the hour could be off by the missing offset.
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const days = calendarDaysBetween(nowMs, asUtc, null);
  return {
    local: `${formatWallTime(wall, referenceYear)} (zone unknown)`,
    token: null,
    relative: dayPhrase(days),
    shortDate: formatCalendarDate(wall, referenceYear),
  };
}

/** "on Mar 3rd" in each reader's calendar (`<!date>`), for a system timestamp whose day is what matters. */
export function slackDayToken(ms: number): string {
  return slackDateToken(ms, DAY_FORMAT);
}
