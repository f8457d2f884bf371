/** `vessel` attributes: everything but the id is nullable; `positions` is absent unless a window was requested. */
import { z } from 'zod';
import { optionalBoolean, optionalNumber, optionalString, optionalTimestamp } from './common.js';

const positionSchema = z.looseObject({
  latitude: optionalNumber,
  longitude: optionalNumber,
  heading: optionalNumber,
  timestamp: optionalTimestamp,
  estimated: optionalBoolean,
});

export const vesselAttributesSchema = z.looseObject({
  name: optionalString,
  imo: z.union([z.string(), z.number()]).transform(String).nullish().catch(null),
  mmsi: z.union([z.string(), z.number()]).transform(String).nullish().catch(null),
  latitude: optionalNumber,
  longitude: optionalNumber,
  nautical_speed_knots: optionalNumber,
  navigational_heading_degrees: optionalNumber,
  position_timestamp: optionalTimestamp,
  positions: z.array(positionSchema.nullable().catch(null)).nullish().catch(null),
});

export type VesselAttributes = z.infer<typeof vesselAttributesSchema>;
export type VesselPositionAttributes = z.infer<typeof positionSchema>;
