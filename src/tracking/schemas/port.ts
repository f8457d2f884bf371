/** `port` and `metro_area` attributes (same shape; live coordinates are strings). */
import { z } from 'zod';
import { optionalNumber, optionalString } from './common.js';

export const portAttributesSchema = z.object({
  name: optionalString,
  code: optionalString,
  city: optionalString,
  state_abbr: optionalString,
  country_code: optionalString,
  time_zone: optionalString,
  latitude: optionalNumber,
  longitude: optionalNumber,
});

export type PortAttributes = z.infer<typeof portAttributesSchema>;
