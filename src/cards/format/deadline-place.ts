/**
 * The place a deadline runs, for "today in Rotterdam": the port or inland destination the API names. An IANA zone is
 * named after some city of its region (`Europe/Amsterdam` covers Rotterdam), so when the API names no place the zone
 * is only offered as a time ("today in Amsterdam time"), never as the place (docs/domain-rules.md#last-free-day).
 */
import { zonePlaceName } from '../../domain/time/zone-place.js';
import { inlineMrkdwn } from './mrkdwn.js';

/** mrkdwn: "Rotterdam", "Amsterdam time"; null when neither a place nor a known zone is at hand. */
export function deadlinePlaceText(place: string | null, timeZone: string | null): string | null {
  if (place !== null && place.trim() !== '') return inlineMrkdwn(place);
  const zonePlace = timeZone !== null ? zonePlaceName(timeZone) : null;
  if (zonePlace === null) return null;
  return zonePlace.endsWith(' time') || zonePlace === 'UTC'
    ? inlineMrkdwn(zonePlace)
    : `${inlineMrkdwn(zonePlace)} time`;
}
