import { describe, expect, it } from 'vitest';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import {
  parseContainerDocument,
  parseShipmentDocument,
  resolveShipment,
} from '../../../src/tracking/index.js';
import type { ContainerMatch, SearchResult, ShipmentDetail } from '../../../src/tracking/models.js';
import { pickSearchResult } from '../../../src/tracking/resolver.js';
import type { ReadOptions } from '../../../src/tracking/tracking-client.js';
import { createFakeTracking } from '../../helpers/fake-tracking-client.js';
import { containerResource, shipmentDocument, shipmentResource } from './helpers/documents.js';

const UUID = '7f3c1e2a-5b8d-4c6e-9a1f-2d3b4c5e6f70';
const detailOf = (id: string, bl = 'MAEU240817361'): ShipmentDetail =>
  parseShipmentDocument(shipmentDocument(id, bl, ['TCLU1234568']), { fetchedAt: '2026-03-01T12:00:00Z' });
const notFound = () => {
  throw new TrackingApiError({ code: 'not_found', status: 404, message: 'not found' });
};
const result = (entityType: string, number: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  id: `${entityType}-${number}`,
  entityType,
  number,
  shipmentId: null,
  scac: null,
  status: null,
  failedReason: null,
  refNumbers: [],
  createdAt: null,
  updatedAt: null,
  ...extra,
});
const containerMatch = (number: string, shipmentId: string) => ({
  ...parseContainerDocument({
    data: containerResource(`c-${number}`, number, {}, shipmentId),
    included: [shipmentResource(shipmentId, 'X', [])],
  }),
});
const methods = (calls: Array<{ method: string }>) => calls.map((c) => c.method);

/** The resolver's four reads, scripted; each read is recorded as `{ method, arg, options }`, scripted or not. */
interface Script {
  byNumber?: (number: string) => ShipmentDetail[];
  containers?: (number: string) => ContainerMatch[];
  search?: (query: string) => SearchResult[];
  shipment?: (id: string) => ShipmentDetail;
}

function createFakeClient(script: Script) {
  const calls: Array<{ method: string; arg: string; options: ReadOptions | undefined }> = [];
  const read =
    <T>(method: string, fn: ((arg: string) => T) | undefined) =>
    async (arg: string, options?: ReadOptions): Promise<T> => {
      calls.push({ method, arg, options });
      if (fn === undefined) throw new Error(`unexpected call ${method}(${arg})`);
      return fn(arg);
    };
  const { client } = createFakeTracking({
    findShipmentsByNumber: read('findShipmentsByNumber', script.byNumber),
    findContainersByNumber: read('findContainersByNumber', script.containers),
    search: read('search', script.search),
    getShipment: read('getShipment', script.shipment),
  });
  return { client, calls };
}

describe('resolving a bill of lading or booking number', () => {
  it('takes one call when GET /shipments?number= finds it, after normalising the input', async () => {
    const { client, calls } = createFakeClient({ byNumber: () => [detailOf('shp-1')] });
    const resolution = await resolveShipment(client, '  maeu 2408 17361 ');
    expect(resolution).toMatchObject({ kind: 'shipment', matchedBy: 'number', container: null });
    expect(calls).toEqual([{ method: 'findShipmentsByNumber', arg: 'MAEU240817361', options: {} }]);
  });

  it('falls back to search when the number matches nothing, and opens the shipment it finds', async () => {
    const { client, calls } = createFakeClient({
      byNumber: () => [],
      search: () => [result('shipment', 'COSUFAKE260001', { id: 'shp-9' })],
      shipment: (id) => detailOf(id, 'COSUFAKE260001'),
    });
    const resolution = await resolveShipment(client, 'FAKE260001');
    expect(resolution).toMatchObject({ kind: 'shipment', matchedBy: 'search' });
    expect(calls.map((c) => `${c.method}(${c.arg})`)).toEqual([
      'findShipmentsByNumber(FAKE260001)',
      'search(FAKE260001)',
      'getShipment(shp-9)',
    ]);
  });

  it('reports a pending or failed tracking request found by search in two calls', async () => {
    const { client, calls } = createFakeClient({
      byNumber: () => [],
      search: () => [
        result('tracking_request', 'TEST-TR-FAILED', {
          id: 'tr-1',
          status: 'failed',
          failedReason: 'not_found',
          scac: 'TEST',
        }),
      ],
    });
    const resolution = await resolveShipment(client, 'TEST-TR-FAILED');
    expect(resolution).toMatchObject({
      kind: 'tracking_request',
      trackingRequest: {
        id: 'tr-1',
        requestNumber: 'TEST-TR-FAILED',
        status: 'failed',
        failedReason: 'not_found',
        shipmentId: null,
      },
    });
    expect(methods(calls)).toEqual(['findShipmentsByNumber', 'search']);
  });

  it('says not found, as a BL or booking, when search finds nothing either', async () => {
    const { client } = createFakeClient({ byNumber: () => [], search: () => [] });
    expect(await resolveShipment(client, 'MAEU000000000')).toEqual({
      kind: 'not_found',
      query: 'MAEU000000000',
      looksLike: 'bill_of_lading_or_booking',
    });
  });

  it('lets any failure other than "not found" reach the caller', async () => {
    const { client } = createFakeClient({
      byNumber: () => {
        throw new TrackingApiError({ code: 'rate_limited', retryAfterSeconds: 30, message: 'slow down' });
      },
    });
    await expect(resolveShipment(client, 'MAEU240817361')).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('passes read options such as fresh to every call', async () => {
    const { client, calls } = createFakeClient({ byNumber: () => [detailOf('shp-1')] });
    await resolveShipment(client, 'MAEU240817361', { fresh: true });
    expect(calls[0]?.options).toEqual({ fresh: true });
  });
});

describe('resolving a container number', () => {
  it('uses the container filter, then opens the whole shipment, and remembers which container was asked for', async () => {
    const { client, calls } = createFakeClient({
      containers: (n) => [containerMatch(n, 'shp-1')],
      shipment: (id) => detailOf(id),
    });
    const resolution = await resolveShipment(client, 'tclu 1234568');
    expect(resolution).toMatchObject({ kind: 'shipment', matchedBy: 'container', container: 'TCLU1234568' });
    expect(calls.map((c) => `${c.method}(${c.arg})`)).toEqual([
      'findContainersByNumber(TCLU1234568)',
      'getShipment(shp-1)',
    ]);
  });

  it('falls back to search when the filter finds nothing, then skips the filter for later lookups', async () => {
    const { client, calls } = createFakeClient({
      containers: () => [],
      search: (q) => [result('cargo', q, { shipmentId: 'shp-1' })],
      shipment: (id) => detailOf(id),
    });
    const first = await resolveShipment(client, 'MSKU9070323');
    expect(first).toMatchObject({ kind: 'shipment', container: 'MSKU9070323' });
    expect(methods(calls)).toEqual(['findContainersByNumber', 'search', 'getShipment']);
    calls.length = 0;
    await resolveShipment(client, 'TCLU1234568');
    expect(methods(calls)).toEqual(['search', 'getShipment']);
  });

  it('says not found, as a container, when nothing has that number', async () => {
    const { client } = createFakeClient({ containers: () => [], search: () => [] });
    expect(await resolveShipment(client, 'CSNU6543216')).toMatchObject({
      kind: 'not_found',
      looksLike: 'container',
    });
  });
});

describe('resolving ids and other text', () => {
  it('opens a UUID as a shipment id in one call', async () => {
    const { client, calls } = createFakeClient({ shipment: (id) => detailOf(id) });
    expect(await resolveShipment(client, UUID.toUpperCase())).toMatchObject({
      kind: 'shipment',
      matchedBy: 'id',
    });
    expect(calls).toEqual([{ method: 'getShipment', arg: UUID, options: {} }]);
  });

  it('says not found after one call when no shipment has that UUID', async () => {
    const { client, calls } = createFakeClient({ shipment: notFound });
    expect(await resolveShipment(client, UUID)).toMatchObject({ kind: 'not_found', looksLike: 'id' });
    expect(calls).toHaveLength(1);
  });

  it('tries a non-UUID id as typed, keeping its case, once search has found nothing', async () => {
    const { client, calls } = createFakeClient({ search: () => [], shipment: (id) => detailOf(id) });
    const resolution = await resolveShipment(client, 'shipment-legacy-42');
    expect(calls.map((c) => `${c.method}(${c.arg})`)).toEqual([
      'search(SHIPMENT-LEGACY-42)',
      'getShipment(shipment-legacy-42)',
    ]);
    expect(resolution).toMatchObject({ kind: 'shipment', matchedBy: 'id' });
  });

  it('says not found, as an id, when neither search nor the id finds anything', async () => {
    const { client, calls } = createFakeClient({ search: () => [], shipment: notFound });
    expect(await resolveShipment(client, 'shipment-gone-1')).toMatchObject({
      kind: 'not_found',
      looksLike: 'id',
    });
    expect(calls).toHaveLength(2);
  });

  it('searches other text directly, finding a shipment by reference number in two calls', async () => {
    const { client, calls } = createFakeClient({
      search: () => [result('shipment', 'COSUFAKE260001', { id: 'shp-2', refNumbers: ['PO-2026-001'] })],
      shipment: (id) => detailOf(id),
    });
    expect(await resolveShipment(client, 'po-2026-001 ')).toMatchObject({
      kind: 'shipment',
      matchedBy: 'search',
    });
    expect(methods(calls)).toEqual(['search', 'getShipment']);
  });

  it('answers blank input without calling the API', async () => {
    const { client, calls } = createFakeClient({});
    expect(await resolveShipment(client, '  ')).toEqual({
      kind: 'not_found',
      query: '',
      looksLike: 'unknown',
    });
    expect(calls).toEqual([]);
  });
});

describe('choosing among search results', () => {
  it('prefers an exact number, then a reference number, over partial matches', () => {
    const partial = result('shipment', 'MAEU1234567890');
    const exact = result('cargo', 'MAEU12345');
    expect(pickSearchResult([partial, exact], 'MAEU12345')).toBe(exact);
    const byRef = result('shipment', 'X1', { refNumbers: ['po 77'] });
    expect(pickSearchResult([partial, byRef], 'PO77')).toBe(byRef);
  });

  it('accepts a unique suffix match (a number typed without its SCAC prefix)', () => {
    const hit = result('shipment', 'COSUFAKE260001');
    expect(pickSearchResult([hit, result('shipment', 'COSUFAKE2600010')], 'FAKE260001')).toBe(hit);
  });

  it('refuses to guess between several partial matches', () => {
    expect(
      pickSearchResult([result('shipment', 'AB123X'), result('shipment', 'AB123Y')], 'AB123'),
    ).toBeNull();
  });

  it('ignores entity types it does not know', () => {
    expect(pickSearchResult([result('document', 'AB123')], 'AB123')).toBeNull();
  });
});
