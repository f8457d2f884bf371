/**
 * Vessel positions for people: a map link for a coordinate pair, compass points for headings, and the recent track
 * summarised (how many positions over what span, then the latest few), so a week of AIS data fits one section.
 */

import { parseInstant } from '../domain/time/calendar.js';
import { plural } from '../domain/words.js';
import type { VesselPosition } from '../tracking/models.js';
import { formatLatitude, formatLongitude } from './format/numbers.js';
import { formatSystemTime, slackDateToken } from './format/time.js';

/** Positions listed one by one under the track summary. */
const TRACK_POSITIONS_SHOWN = 6;
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

/** Consecutive fixes closer than this are one stay (at berth, at anchor), not movement. */
const STATIONARY_NM = 1;
const EARTH_RADIUS_NM = 3440.065;
/** Stays up to this long are told in hours; longer ones in days. */
const MAX_STAY_HOURS = 48;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

interface TimedPosition {
  position: VesselPosition;
  ms: number;
}

/** A run of fixes: either one fix underway, or a stay made of consecutive fixes at the same spot. */
interface TrackEntry {
  newest: TimedPosition;
  oldest: TimedPosition;
  stay: boolean;
}

/**
 * The recent track as mrkdwn: count, span and distance covered, then the latest entries newest first. Consecutive
 * fixes at the same spot collapse into one "stationary since …" line, so a ship at berth for two days does not fill
 * the card with identical coordinates.
 */
export function trackText(positions: VesselPosition[], nowMs: number): string {
  const timed: TimedPosition[] = [];
  for (const position of positions) {
    const ms = parseInstant(position.timestamp);
    if (ms !== null && validPosition(position.latitude, position.longitude) !== null)
      timed.push({ position, ms });
  }
  timed.sort((a, b) => b.ms - a.ms);
  if (timed.length === 0) return '🧭 *Recent track:* no positions reported in this period.';
  const newest = timed[0];
  const oldest = timed[timed.length - 1];
  const span =
    newest && oldest && timed.length > 1
      ? ` from ${slackDateToken(oldest.ms)} to ${slackDateToken(newest.ms)}`
      : '';
  const covered = distanceCoveredNm(timed);
  const distance =
    covered >= STATIONARY_NM ? ` · ${Math.round(covered).toLocaleString('en-US')} nm covered` : '';
  const lines = [`🧭 *Recent track:* ${plural(timed.length, 'position')}${span}${distance}`];
  const entries = trackEntries(timed);
  for (const entry of entries.slice(0, TRACK_POSITIONS_SHOWN)) lines.push(entryLine(entry, nowMs));
  if (entries.length > TRACK_POSITIONS_SHOWN) {
    const shownFixes = entries.slice(0, TRACK_POSITIONS_SHOWN).reduce((n, e) => n + fixCount(timed, e), 0);
    lines.push(`_…and ${plural(timed.length - shownFixes, 'earlier position')}_`);
  }
  return lines.join('\n');
}

function entryLine(entry: TrackEntry, nowMs: number): string {
  const { position } = entry.newest;
  const where = `${formatLatitude(position.latitude)} ${formatLongitude(position.longitude)}`;
  if (entry.stay) {
    const span = stayDuration(entry.newest.ms - entry.oldest.ms);
    return `• ⚓ stationary at ${where} for ${span}, since ${slackDateToken(entry.oldest.ms)}`;
  }
  const heading =
    position.heading !== null && position.heading >= 0 && position.heading < 360
      ? ` · heading ${Math.round(position.heading)}° (${compassPoint(position.heading)})`
      : '';
  const estimated = position.estimated ? ' · _estimated_' : '';
  return `• ${formatSystemTime(position.timestamp, nowMs)} · ${where}${heading}${estimated}`;
}

/** "9 hours" up to two days, then whole days ("6 days", not "144 hours"). */
function stayDuration(ms: number): string {
  const hours = Math.round(ms / HOUR_MS);
  return hours > MAX_STAY_HOURS ? plural(Math.floor(ms / DAY_MS), 'day') : plural(hours, 'hour');
}

/** Groups newest-first fixes into entries; a stay needs at least two fixes at the same spot. */
function trackEntries(timed: TimedPosition[]): TrackEntry[] {
  const entries: TrackEntry[] = [];
  for (const fix of timed) {
    const last = entries[entries.length - 1];
    if (last && distanceNm(last.oldest.position, fix.position) < STATIONARY_NM) {
      last.oldest = fix;
      last.stay = true;
    } else {
      entries.push({ newest: fix, oldest: fix, stay: false });
    }
  }
  return entries;
}

function fixCount(timed: TimedPosition[], entry: TrackEntry): number {
  return timed.filter((fix) => fix.ms <= entry.newest.ms && fix.ms >= entry.oldest.ms).length;
}

function distanceCoveredNm(newestFirst: TimedPosition[]): number {
  let total = 0;
  for (let i = 1; i < newestFirst.length; i += 1) {
    const a = newestFirst[i - 1];
    const b = newestFirst[i];
    if (a && b) total += distanceNm(a.position, b.position);
  }
  return total;
}

/** Great-circle distance in nautical miles (haversine). */
export function distanceNm(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.min(1, Math.sqrt(h)));
}
