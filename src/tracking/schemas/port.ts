/** `port` and `metro_area` attributes (same shape; live coordinates are strings). */
import {
  object,
  numeric as optionalNumber,
  text as optionalString,
  type ShapeOutput,
  schema,
} from './fields.js';

const portShape = {
  name: optionalString,
  code: optionalString,
  city: optionalString,
  state_abbr: optionalString,
  country_code: optionalString,
  time_zone: optionalString,
  latitude: optionalNumber,
  longitude: optionalNumber,
};

export const portAttributesSchema = schema(object(portShape));

export type PortAttributes = ShapeOutput<typeof portShape>;
