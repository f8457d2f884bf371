/**
 * Demo vessels with eight days of AIS positions every 3 hours (so the API's default 7-day window visibly cuts the
 * oldest ones off). Each track is a few waypoints relative to now; positions are interpolated between them, with
 * heading from the bearing and speed from the distance, and moored legs at 0 knots.
 */

import type { ResourceObject } from '../resource.js';
import type { VesselPosition } from '../store.js';
import { DEMO } from './catalog.js';
import type { DemoTime } from './demo-time.js';
import { stableUuid } from './ids.js';
import { imoNumber } from './iso6346.js';

/** [hours from now, latitude, longitude] */
type Waypoint = readonly [number, number, number];

interface VesselSpec {
  id: string;
  name: string;
  imo: string;
  mmsi: string;
  track: readonly Waypoint[];
}

const generated = (name: string, imo: string, mmsi: string, track: readonly Waypoint[]): VesselSpec => ({
  id: stableUuid(`vessel:${imo}`),
  name,
  imo,
  mmsi,
  track,
});

export const VESSELS = {
  maerskEmden: {
    ...DEMO.vessels.withPositions,
    mmsi: '219021240',
    // Across the Pacific, two days late into Los Angeles, at berth since.
    track: [
      [-192, 34.0, -160.0],
      [-48, 33.7, -118.3],
      [-46, 33.7406, -118.26],
      [0, 33.7406, -118.26],
    ],
  },
  hamburgExpress: {
    ...DEMO.vessels.moored,
    mmsi: '218426000',
    track: [
      [-192, 40.45, -69.5],
      [-146, 40.6, -73.9],
      [-144, 40.684, -74.1502],
      [0, 40.684, -74.1502],
    ],
  },
  oneCommitment: generated('ONE COMMITMENT', imoNumber('939602'), '636019412', [
    [-192, 48.3, -126.5],
    [-170, 48.2, -123.0],
    [-168, 47.269, -122.413],
    [-120, 47.269, -122.413],
    [-100, 48.4, -124.8],
    [0, 47.5, -140.0],
  ]),
  mscAnisha: generated('MSC ANISHA R.', '9227297', '353412000', [
    [-192, 36.0, -5.6],
    [0, 37.5, 10.0],
  ]),
  // Up the Channel, a few hours from Rotterdam.
  coscoAries: generated('COSCO SHIPPING ARIES', imoNumber('978349'), '477266900', [
    [-192, 43.0, -9.6],
    [-100, 48.6, -5.5],
    [-40, 50.6, 0.5],
    [0, 51.6, 2.6],
  ]),
  everForward: generated('EVER FORWARD', '9850551', '563121300', [
    [-192, 36.0, -150.0],
    [-74, 37.8, -122.6],
    [-72, 37.7956, -122.279],
    [-22, 37.7956, -122.279],
    [-20, 37.79, -122.5],
    [0, 36.0, -124.5],
  ]),
  ooclGermany: generated('OOCL GERMANY', imoNumber('977693'), '477123600', [
    [-192, 36.0, -6.5],
    [-60, 49.8, -2.0],
    [-26, 51.9, 1.45],
    [-24, 51.9554, 1.351],
    [0, 51.9554, 1.351],
  ]),
  cmaCgmMarcoPolo: generated('CMA CGM MARCO POLO', '9454436', '228339600', [
    [-192, 31.0, -60.0],
    [-26, 32.03, -80.85],
    [-24, 32.1285, -81.14],
    [0, 32.1285, -81.14],
  ]),
  zimMountEverest: generated('ZIM MOUNT EVEREST', imoNumber('993114'), '215321000', [
    [-192, 31.2304, 121.4737],
    [0, 31.2304, 121.4737],
  ]),
  // The next sailing the ZIM shipment is rolled to (voyages-in-motion.ts), still on its way to Shanghai.
  zimShanghai: generated('ZIM SHANGHAI', imoNumber('947123'), '215987000', [
    [-192, 35.1, 129.04],
    [-20, 35.1, 129.04],
    [0, 33.5, 126.0],
  ]),
} as const satisfies Record<string, VesselSpec>;

export type VesselKey = keyof typeof VESSELS;

const SAMPLE_EVERY_HOURS = 3;
const EARTH_RADIUS_NM = 3440.065;

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

function distanceNm(a: Waypoint, b: Waypoint): number {
  const dLat = toRadians(b[1] - a[1]);
  const dLon = toRadians(b[2] - a[2]);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a[1])) * Math.cos(toRadians(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_NM * Math.asin(Math.sqrt(h));
}

function bearing(a: Waypoint, b: Waypoint): number {
  const y = Math.sin(toRadians(b[2] - a[2])) * Math.cos(toRadians(b[1]));
  const x =
    Math.cos(toRadians(a[1])) * Math.sin(toRadians(b[1])) -
    Math.sin(toRadians(a[1])) * Math.cos(toRadians(b[1])) * Math.cos(toRadians(b[2] - a[2]));
  return Math.round(((Math.atan2(y, x) * 180) / Math.PI + 360) % 360);
}

interface Fix {
  latitude: number;
  longitude: number;
  heading: number | null;
  speedKnots: number;
}

function fixAt(track: readonly Waypoint[], hours: number): Fix {
  const found = track.findIndex((waypoint) => waypoint[0] >= hours);
  const toIndex = Math.max(found === -1 ? track.length - 1 : found, 1);
  const to = track[toIndex] ?? track[track.length - 1];
  const from = track[toIndex - 1] ?? to;
  if (!from || !to) throw new Error('a vessel track needs waypoints');
  const span = to[0] - from[0];
  const share = span > 0 ? Math.min(1, Math.max(0, (hours - from[0]) / span)) : 1;
  const distance = distanceNm(from, to);
  const moving = distance > 0.5;
  return {
    latitude: Number((from[1] + (to[1] - from[1]) * share).toFixed(5)),
    longitude: Number((from[2] + (to[2] - from[2]) * share).toFixed(5)),
    heading: moving ? bearing(from, to) : null,
    speedKnots: moving && span > 0 ? Number((distance / span).toFixed(1)) : 0,
  };
}

/** The vessel resource (latest fix in its attributes; no `positions` key) and its position history. */
export function buildVessel(
  key: VesselKey,
  time: DemoTime,
): { resource: ResourceObject; positions: VesselPosition[] } {
  const spec: VesselSpec = VESSELS[key];
  const first = spec.track[0]?.[0] ?? 0;
  const positions: VesselPosition[] = [];
  for (let hours = first, index = 0; hours <= 0; hours += SAMPLE_EVERY_HOURS, index += 1) {
    const fix = fixAt(spec.track, hours);
    positions.push({
      latitude: fix.latitude,
      longitude: fix.longitude,
      heading: fix.heading,
      timestamp: time.hours(hours),
      // AIS has gaps: every seventh fix is the provider's estimate.
      estimated: index % 7 === 6,
    });
  }
  const latest = fixAt(spec.track, 0);
  const resource: ResourceObject = {
    id: spec.id,
    type: 'vessel',
    attributes: {
      name: spec.name,
      imo: spec.imo,
      mmsi: spec.mmsi,
      latitude: latest.latitude,
      longitude: latest.longitude,
      nautical_speed_knots: latest.speedKnots,
      navigational_heading_degrees: latest.heading,
      position_timestamp: positions[positions.length - 1]?.timestamp ?? null,
    },
    links: { self: `/v2/vessels/${spec.id}` },
  };
  return { resource, positions };
}
