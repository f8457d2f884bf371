/**
 * The place an IANA zone is named after, in the words people use: "America/New_York" → "New York". It is not
 * where a deadline runs (`Europe/Amsterdam` covers Rotterdam): a card names the port or inland place the API gives
 * and offers the zone only as a time when there is none (docs/domain-rules.md#last-free-day). Most zones are named
 * after their main city; the few that are not are listed here.
 */
import { isKnownTimeZone } from './zone-offsets.js';

const PLACE: Readonly<Record<string, string>> = {
  'Asia/Kolkata': 'India',
  'Asia/Calcutta': 'India',
  'Asia/Ho_Chi_Minh': 'Ho Chi Minh City',
  'Asia/Saigon': 'Ho Chi Minh City',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  UTC: 'UTC',
  GMT: 'UTC',
};

/** "New York", "Los Angeles", "US Pacific time"; null when the runtime does not know the zone. */
export function zonePlaceName(zone: string): string | null {
  const known = PLACE[zone];
  if (known !== undefined) return known;
  if (!isKnownTimeZone(zone)) return null;
  const parts = zone.split('/');
  // Legacy aliases name a region's time, not a city: "US/Pacific", "Canada/Eastern".
  if (parts.length === 2 && (parts[0] === 'US' || parts[0] === 'Canada'))
    return `${parts[0]} ${parts[1]} time`;
  const city = parts[parts.length - 1] ?? zone;
  return city.replace(/_/g, ' ');
}
