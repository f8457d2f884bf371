/**
 * `GET /vessels/{id}` (an IMO works in place of the id). Positions are a paid feature: they appear only when a
 * `show_positions[from_timestamp]` / `[to_timestamp]` parameter is sent (the key is otherwise absent, as live), the
 * window defaulting to 7 days back and to now; a key without routing data gets the real 403 instead.
 */
import type { RouteContext } from '../context.js';
import { badRequest, errorResponse, notFound, ROUTING_NOT_ENABLED } from '../errors.js';
import { singleDocument } from '../jsonapi/documents.js';
import { jsonResponse } from '../responses.js';

const FROM = 'show_positions[from_timestamp]';
const TO = 'show_positions[to_timestamp]';
const DEFAULT_WINDOW_MS = 7 * 24 * 3_600_000;

/** Epoch ms, or null when the parameter is not an ISO 8601 date/time. A `+` decoded as a space is put back. */
function parseTimestamp(raw: string): number | null {
  const value = raw.trim().replace(' ', '+');
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

export function getVessel(context: RouteContext): Response {
  const { store, clock } = context.state;
  const vessel = store.findVessel(context.params.id ?? '');
  if (!vessel) return notFound();
  const fromRaw = context.query.get(FROM);
  const toRaw = context.query.get(TO);
  if (fromRaw === null && toRaw === null) return jsonResponse(200, singleDocument(context, vessel));
  if (!context.key?.routingData) return errorResponse(403, [ROUTING_NOT_ENABLED]);
  const now = clock.now().getTime();
  const from = fromRaw === null ? now - DEFAULT_WINDOW_MS : parseTimestamp(fromRaw);
  if (from === null) return badRequest(`${FROM} must be an ISO 8601 timestamp`, FROM);
  const to = toRaw === null ? now : parseTimestamp(toRaw);
  if (to === null) return badRequest(`${TO} must be an ISO 8601 timestamp`, TO);
  const positions = store.vesselPositions(vessel.id).filter((position) => {
    const at = Date.parse(position.timestamp);
    return at >= from && at <= to;
  });
  return jsonResponse(
    200,
    singleDocument(context, { ...vessel, attributes: { ...vessel.attributes, positions } }),
  );
}
