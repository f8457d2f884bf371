/** `GET /vessels/{id}`, with or without the paid positions window. */
import type { Vessel } from '../models.js';
import { parseVesselDocument } from '../parsers/vessel.js';
import type { ReadOptions, VesselWindow } from '../tracking-client.js';
import { type ApiContext, getJson, segment } from './context.js';

const POSITIONS_DEFAULT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * `GET /vessels/{id}` (an IMO works too). Positions are a paid feature and need a window: without `from` the window
 * starts 7 days back, rounded down to the hour so repeated requests share one cache entry.
 */
export function getVessel(
  ctx: ApiContext,
  idOrImo: string,
  window: VesselWindow = {},
  options?: ReadOptions,
): Promise<Vessel> {
  const wantsPositions =
    window.withPositions === true || window.from !== undefined || window.to !== undefined;
  let from = window.from;
  if (wantsPositions && from === undefined) {
    const start = ctx.clock.now().getTime() - POSITIONS_DEFAULT_WINDOW_MS;
    from = new Date(start - (start % HOUR_MS)).toISOString();
  }
  return getJson(
    ctx,
    {
      path: `/vessels/${segment(idOrImo)}`,
      query: wantsPositions
        ? { 'show_positions[from_timestamp]': from, 'show_positions[to_timestamp]': window.to }
        : {},
      parse: (json) => parseVesselDocument(json),
      tags: (vessel) => [`vessel:${vessel.id}`],
    },
    options,
  );
}
