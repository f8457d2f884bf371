/** `vessel` resource → Vessel. Positions without usable coordinates or timestamp are dropped. */
import { parseAttributes, type Resource } from '../jsonapi.js';
import type { Vessel, VesselPosition } from '../models.js';
import { type VesselPositionAttributes, vesselAttributesSchema } from '../schemas/vessel.js';
import { blankToNull } from './zoned.js';

export function toVessel(resource: Resource): Vessel {
  const a = parseAttributes(vesselAttributesSchema, resource);
  return {
    id: resource.id,
    name: blankToNull(a.name),
    imo: blankToNull(a.imo),
    mmsi: blankToNull(a.mmsi),
    latitude: a.latitude,
    longitude: a.longitude,
    speedKnots: a.nautical_speed_knots,
    headingDegrees: a.navigational_heading_degrees,
    positionTimestamp: a.position_timestamp ?? null,
    positions: a.positions === null || a.positions === undefined ? null : a.positions.flatMap(toPosition),
  };
}

function toPosition(position: VesselPositionAttributes | null): VesselPosition[] {
  if (position === null || position.latitude === null || position.longitude === null || !position.timestamp)
    return [];
  return [
    {
      latitude: position.latitude,
      longitude: position.longitude,
      heading: position.heading,
      timestamp: position.timestamp,
      estimated: position.estimated ?? false,
    },
  ];
}
