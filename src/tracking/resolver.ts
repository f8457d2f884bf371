/**
 * What a person typed → the shipment card to show, in as few API calls as the API allows (docs/domain-rules.md#finding-a-shipment):
 *
 * - container number (`AAAA1234567`): `GET /containers?filter[number]=` then the full shipment (2 calls). The filter
 *   is undocumented; when the API turns out to ignore it (no exact match, yet `/search` finds the container), this
 *   client skips it from then on and goes `/search` → shipment (still 2).
 * - bill of lading / booking: `GET /shipments?number=&include=…` (1 call). Nothing → `/search`, which also finds
 *   reference numbers, SCAC-less variants and pending tracking requests (2, or 3 when it leads to a shipment).
 * - a UUID: `GET /shipments/{id}` (1).
 * - anything else (reference numbers, `TEST-TR-*` typed in lowercase, ids like `shipment-legacy-42`): `/search` →
 *   shipment (2); when search finds nothing and the input looks like an id, `GET /shipments/{input}` as typed (2).
 */
import { TrackingApiError } from './errors.js';
import type { SearchResult, ShipmentDetail, TrackingRequest } from './models.js';
import {
  looksLikeBillOfLadingOrBooking,
  looksLikeContainerNumber,
  looksLikeUuid,
  normalizeQuery,
} from './normalize-query.js';
import type { ReadOptions, Resolution, TrackingClient } from './tracking-client.js';

type LooksLike = Extract<Resolution, { kind: 'not_found' }>['looksLike'];

/** Clients whose API ignores `filter[number]` on `/containers` (learned, per client). */
const containerFilterIgnored = new WeakSet<TrackingClient>();

export async function resolveShipment(
  client: TrackingClient,
  input: string,
  options: ReadOptions = {},
): Promise<Resolution> {
  const raw = input.trim();
  const query = normalizeQuery(raw);
  if (query === '') return { kind: 'not_found', query, looksLike: 'unknown' };

  if (looksLikeContainerNumber(query)) return resolveContainer(client, query, options);
  const id = looksLikeId(raw);
  if (looksLikeBillOfLadingOrBooking(query) && !id) {
    const [detail] = await client.findShipmentsByNumber(query, options);
    if (detail !== undefined) return { kind: 'shipment', detail, matchedBy: 'number', container: null };
    return resolveBySearch(client, query, 'bill_of_lading_or_booking', options);
  }
  if (looksLikeUuid(raw)) {
    const detail = await shipmentOrNull(client, raw.toLowerCase(), options);
    // A UUID is never a number anything can be searched by.
    return detail === null
      ? { kind: 'not_found', query, looksLike: 'id' }
      : { kind: 'shipment', detail, matchedBy: 'id', container: null };
  }
  const found = await resolveBySearch(client, query, id ? 'id' : 'unknown', options);
  if (found.kind !== 'not_found' || !id) return found;
  // Ids such as `shipment-legacy-42` are case-sensitive: try the input as typed, last.
  const detail = await shipmentOrNull(client, raw, options);
  return detail === null ? found : { kind: 'shipment', detail, matchedBy: 'id', container: null };
}

async function resolveContainer(
  client: TrackingClient,
  number: string,
  options: ReadOptions,
): Promise<Resolution> {
  if (!containerFilterIgnored.has(client)) {
    const [match] = await client.findContainersByNumber(number, options);
    if (match?.container.shipmentId) {
      const detail = await client.getShipment(match.container.shipmentId, options);
      return { kind: 'shipment', detail, matchedBy: 'container', container: number };
    }
  }
  const resolution = await resolveBySearch(client, number, 'container', options);
  if (resolution.kind === 'shipment') containerFilterIgnored.add(client);
  return resolution.kind === 'shipment' ? { ...resolution, container: number } : resolution;
}

async function resolveBySearch(
  client: TrackingClient,
  query: string,
  looksLike: LooksLike,
  options: ReadOptions,
): Promise<Resolution> {
  const best = pickSearchResult(await client.search(query, options), query);
  if (best === null) return { kind: 'not_found', query, looksLike };
  const shipmentId = best.entityType === 'shipment' ? best.id : best.shipmentId;
  if (shipmentId !== null) {
    const detail = await client.getShipment(shipmentId, options);
    return { kind: 'shipment', detail, matchedBy: 'search', container: null };
  }
  if (best.entityType === 'tracking_request') {
    return { kind: 'tracking_request', trackingRequest: trackingRequestFromSearch(best, query) };
  }
  return { kind: 'not_found', query, looksLike };
}

const ENTITY_RANK: Readonly<Record<string, number>> = { shipment: 0, cargo: 1, tracking_request: 2 };

/**
 * `/search` matches partially (ILIKE), so a short input can hit unrelated records. Take an exact number match, then
 * an exact reference number, then a unique suffix match (`FAKE260001` for `COSUFAKE260001`), then a lone result.
 */
export function pickSearchResult(results: readonly SearchResult[], query: string): SearchResult | null {
  const known = results
    .filter((r) => r.entityType in ENTITY_RANK)
    .sort((a, b) => (ENTITY_RANK[a.entityType] ?? 9) - (ENTITY_RANK[b.entityType] ?? 9));
  const number = (r: SearchResult) => normalizeQuery(r.number ?? '');
  const exact = known.find((r) => number(r) === query);
  if (exact) return exact;
  const byRef = known.find((r) => r.refNumbers.some((ref) => normalizeQuery(ref) === query));
  if (byRef) return byRef;
  const suffix = known.filter((r) => number(r).endsWith(query));
  if (suffix.length === 1) return suffix[0] ?? null;
  return known.length === 1 ? (known[0] ?? null) : null;
}

/** `/search` describes a pending request well enough for its card; the request type is not among its fields. */
export function trackingRequestFromSearch(result: SearchResult, query: string): TrackingRequest {
  return {
    id: result.id,
    requestNumber: result.number ?? query,
    requestType: looksLikeContainerNumber(query) ? 'container' : 'unknown',
    scac: result.scac,
    status: result.status ?? 'pending',
    failedReason: result.failedReason,
    isRetrying: result.status === 'pending' && result.failedReason !== null,
    retryCount: null,
    refNumbers: result.refNumbers,
    tags: [],
    createdAt: result.createdAt,
    updatedAt: result.updatedAt,
    shipmentId: result.shipmentId,
  };
}

async function shipmentOrNull(
  client: TrackingClient,
  id: string,
  options: ReadOptions,
): Promise<ShipmentDetail | null> {
  try {
    return await client.getShipment(id, options);
  } catch (error) {
    if (
      error instanceof TrackingApiError &&
      (error.code === 'not_found' || error.code === 'invalid_request')
    ) {
      return null;
    }
    throw error;
  }
}

/** UUIDs, and ids like `shipment-legacy-42` (lowercase with separators: nobody types a BL like that). */
function looksLikeId(raw: string): boolean {
  return looksLikeUuid(raw) || (/[a-z]/.test(raw) && /[-_]/.test(raw) && !/\s/.test(raw));
}
