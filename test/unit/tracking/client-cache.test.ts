import { describe, expect, it } from 'vitest';
import { listDocument, shipmentDocument, trackingRequestResource } from './helpers/documents.js';
import type { Reply } from './helpers/fake-transport.js';
import { createTestClient } from './helpers/test-client.js';

const SHIPMENT = shipmentDocument('shp-1', 'MAEU240817361', ['TCLU1234568', 'MSKU9070323']);

function api(overrides: (path: string, method: string) => Reply | null = () => null) {
  return createTestClient((request) => {
    const path = request.url.pathname;
    const custom = overrides(path, request.method);
    if (custom !== null) return custom;
    if (path === '/v2/shipments/shp-1') return { status: 200, body: SHIPMENT };
    if (path === '/v2/containers/c-TCLU1234568/custom_fields/po_number') {
      return {
        status: 200,
        body: {
          data: { id: 'cf-1', type: 'custom_field', attributes: { api_slug: 'po_number', value: 'PO-9' } },
        },
      };
    }
    if (path === '/v2/containers/c-TCLU1234568/custom_fields') return { status: 200, body: listDocument([]) };
    if (path === '/v2/tracking_requests/tr-1')
      return { status: 200, body: { data: trackingRequestResource('tr-1') } };
    if (path === '/v2/documents/doc-1/download_url')
      return { status: 200, body: { download_url: 'https://files.test/doc-1?sig=1' } };
    if (path === '/v2/documents/doc-1/rotate') return { status: 202, body: { status: 'accepted' } };
    return { status: 404, body: { errors: [{ status: '404', title: 'Not Found' }] } };
  });
}

describe('identical concurrent reads', () => {
  it('share one upstream request among 50 callers', async () => {
    const { client, time, requests } = api();
    const reads = Array.from({ length: 50 }, () => client.getShipment('shp-1'));
    const results = await time.settle(Promise.all(reads));
    expect(requests).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    expect(results[0]?.containers.map((c) => c.number)).toEqual(['TCLU1234568', 'MSKU9070323']);
  });

  it('share one request even when every caller asks for fresh data', async () => {
    const { client, time, requests } = api();
    await time.settle(
      Promise.all(Array.from({ length: 5 }, () => client.getShipment('shp-1', { fresh: true }))),
    );
    expect(requests).toHaveLength(1);
  });

  it('are never merged when they are writes', async () => {
    const { client, time, requests } = api();
    await time.settle(Promise.all([client.rotateDocument('doc-1', 90), client.rotateDocument('doc-1', 90)]));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2);
  });
});

describe('the short read cache', () => {
  it('answers a repeated read within the TTL from memory, keeping the original fetchedAt', async () => {
    const { client, time, requests } = api();
    const first = await time.settle(client.getShipment('shp-1'));
    await time.advance(20_000);
    const second = await time.settle(client.getShipment('shp-1'));
    expect(requests).toHaveLength(1);
    expect(second.fetchedAt).toBe(first.fetchedAt);
    expect(first.fetchedAt).toBe('2026-03-01T12:00:00.000Z');
  });

  it('goes upstream again once the TTL has passed', async () => {
    const { client, time, requests } = api();
    await time.settle(client.getShipment('shp-1'));
    await time.advance(30_001);
    const again = await time.settle(client.getShipment('shp-1'));
    expect(requests).toHaveLength(2);
    expect(again.fetchedAt).toBe('2026-03-01T12:00:30.001Z');
  });

  it('is bypassed by a fresh read, which then refreshes it', async () => {
    const { client, time, requests } = api();
    await time.settle(client.getShipment('shp-1'));
    await time.advance(5_000);
    const fresh = await time.settle(client.getShipment('shp-1', { fresh: true }));
    const cached = await time.settle(client.getShipment('shp-1'));
    expect(requests).toHaveLength(2);
    expect(fresh.fetchedAt).toBe('2026-03-01T12:00:05.000Z');
    expect(cached.fetchedAt).toBe(fresh.fetchedAt);
  });

  it('is disabled by a TTL of 0', async () => {
    const { client, time, requests } = createTestClient(() => ({ status: 200, body: SHIPMENT }), {
      cacheTtlMs: 0,
    });
    await time.settle(client.getShipment('shp-1'));
    await time.settle(client.getShipment('shp-1'));
    expect(requests).toHaveLength(2);
  });

  it('never keeps an error', async () => {
    let calls = 0;
    const { client, time, requests } = api((path) =>
      path === '/v2/shipments/shp-1' && calls++ === 0
        ? { status: 404, body: { errors: [{ title: 'Not Found' }] } }
        : null,
    );
    await expect(time.settle(client.getShipment('shp-1'))).rejects.toMatchObject({ code: 'not_found' });
    await time.settle(client.getShipment('shp-1'));
    expect(requests).toHaveLength(2);
  });
});

describe('writes invalidate what they change', () => {
  it('drops the shipment reads and custom fields of a container whose custom field was set', async () => {
    const { client, time, requests } = api();
    await time.settle(client.getShipment('shp-1'));
    await time.settle(client.listContainerCustomFields('c-TCLU1234568'));
    await time.settle(client.setContainerCustomField('c-TCLU1234568', 'po_number', 'PO-9'));
    await time.settle(client.getShipment('shp-1'));
    await time.settle(client.listContainerCustomFields('c-TCLU1234568'));
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /v2/shipments/shp-1',
      'GET /v2/containers/c-TCLU1234568/custom_fields',
      'PATCH /v2/containers/c-TCLU1234568/custom_fields/po_number',
      'GET /v2/shipments/shp-1',
      'GET /v2/containers/c-TCLU1234568/custom_fields',
    ]);
  });

  it('keeps reads the write did not touch', async () => {
    const { client, time, requests } = api();
    await time.settle(client.getTrackingRequest('tr-1'));
    await time.settle(client.setContainerCustomField('c-TCLU1234568', 'po_number', 'PO-9'));
    await time.settle(client.getTrackingRequest('tr-1'));
    expect(
      requests.filter((r) => r.url.pathname === '/v2/tracking_requests/tr-1' && r.method === 'GET'),
    ).toHaveLength(1);
  });

  it('drops a tracking request after it was edited', async () => {
    const { client, time, requests } = api();
    await time.settle(client.getTrackingRequest('tr-1'));
    await time.settle(client.updateTrackingRequest('tr-1', { refNumber: 'PO-1' }));
    await time.settle(client.getTrackingRequest('tr-1'));
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('drops a document download URL after the document was rotated', async () => {
    const { client, time, requests } = api();
    await time.settle(client.getDocumentDownloadUrl('doc-1'));
    await time.settle(client.rotateDocument('doc-1', 180));
    await time.settle(client.getDocumentDownloadUrl('doc-1'));
    expect(requests.filter((r) => r.url.pathname.endsWith('/download_url'))).toHaveLength(2);
  });

  it('does not let a read that started before a write be cached or joined after it', async () => {
    const { client, time, requests } = api();
    const before = client.getShipment('shp-1');
    const write = client.setContainerCustomField('c-TCLU1234568', 'po_number', 'PO-9');
    await time.settle(Promise.all([before, write]));
    await time.settle(client.getShipment('shp-1'));
    expect(requests.filter((r) => r.url.pathname === '/v2/shipments/shp-1')).toHaveLength(2);
  });
});
