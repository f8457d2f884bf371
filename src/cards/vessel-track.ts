/**
 * Vessel positions for people: a map link for a coordinate pair, compass points for headings, and the recent track
 * summarised (how many positions over what span, then the latest few), so a week of AIS data fits one section.
 */

import type { VesselPosition } from '../tracking/models.js';
import { parseInstant } from './format/calendar.js';
import { formatLatitude, formatLongitude } from './format/numbers.js';
import { plural } from './format/relative.js';
import { formatSystemTime, slackDateToken } from './format/time.js';

/** Positions listed one by one under the track summary. */
export const TRACK_POSITIONS_SHOWN = 6;
const COMPASS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
];

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The pair as coordinates when both are finite and on the globe; null otherwise. */
export function validPosition(latitude: number | null, longitude: number | null): Coordinates | null {
  if (latitude === null || longitude === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** A mrkdwn link to OpenStreetMap centred on the position, labelled "33.74°N 118.26°W". */
export function mapLink(position: Coordinates): string {
  const lat = position.latitude.toFixed(5);
  const lon = position.longitude.toFixed(5);
  const url = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=6/${lat}/${lon}`;
  return `<${url}|${formatLatitude(position.latitude)} ${formatLongitude(position.longitude)}>`;
}

/** The 16-point compass direction of a heading in degrees ("W", "NNE"). */
export function compassPoint(degrees: number): string {
  const normalised = ((degrees % 360) + 360) % 360;
  return COMPASS[Math.round(normalised / 22.5) % COMPASS.length] ?? 'N';
}

/** The recent track as mrkdwn: count and span, then the latest positions newest first. */
export function trackText(positions: VesselPosition[], nowMs: number): string {
  const timed = positions
    .map((position) => ({ position, ms: parseInstant(position.timestamp) }))
    .filter((entry): entry is { position: VesselPosition; ms: number } => entry.ms !== null)
    .filter((entry) => validPosition(entry.position.latitude, entry.position.longitude) !== null)
    .sort((a, b) => b.ms - a.ms);
  if (timed.length === 0) return '🧭 *Recent track:* no positions reported in this period.';
  const newest = timed[0];
  const oldest = timed[timed.length - 1];
  const span =
    newest && oldest && timed.length > 1
      ? ` from ${slackDateToken(oldest.ms)} to ${slackDateToken(newest.ms)}`
      : '';
  const lines = [`🧭 *Recent track:* ${plural(timed.length, 'position')}${span}`];
  for (const { position } of timed.slice(0, TRACK_POSITIONS_SHOWN)) {
    const heading =
      position.heading !== null && position.heading >= 0 && position.heading < 360
        ? ` · heading ${Math.round(position.heading)}° (${compassPoint(position.heading)})`
        : '';
    const estimated = position.estimated ? ' · _estimated_' : '';
    lines.push(
      `• ${formatSystemTime(position.timestamp, nowMs)} · ${formatLatitude(position.latitude)} ${formatLongitude(position.longitude)}${heading}${estimated}`,
    );
  }
  if (timed.length > TRACK_POSITIONS_SHOWN)
    lines.push(`_…and ${timed.length - TRACK_POSITIONS_SHOWN} earlier_`);
  return lines.join('\n');
}
