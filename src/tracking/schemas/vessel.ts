/** `vessel` attributes: everything but the id is nullable; `positions` is absent unless a window was requested. */
import { z } from 'zod';
import {
  listOf,
  optionalBoolean,
  optionalNumber,
  optionalString,
  optionalStringOrNumber,
  optionalTimestamp,
} from './common.js';

const positionSchema = z.object({
  latitude: optionalNumber,
  longitude: optionalNumber,
  heading: optionalNumber,
  timestamp: optionalTimestamp,
  estimated: optionalBoolean,
});

export const vesselAttributesSchema = z.object({
  name: optionalString,
  imo: optionalStringOrNumber,
  mmsi: optionalStringOrNumber,
  latitude: optionalNumber,
  longitude: optionalNumber,
  nautical_speed_knots: optionalNumber,
  navigational_heading_degrees: optionalNumber,
  position_timestamp: optionalTimestamp,
  positions: listOf(positionSchema),
});

export type VesselAttributes = z.infer<typeof vesselAttributesSchema>;
export type VesselPositionAttributes = z.infer<typeof positionSchema>;
