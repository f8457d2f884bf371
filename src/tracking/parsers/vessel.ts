/** Raw `GET /vessels/{id}` document → Vessel. */
import { parseSingleDocument } from '../jsonapi.js';
import { toVessel } from '../map/vessel.js';
import type { Vessel } from '../models.js';

export function parseVesselDocument(json: unknown): Vessel {
  return toVessel(parseSingleDocument(json, 'vessel', 'vessel').data);
}
