/**
 * A shipment whose `containers` relationship names containers that `included` does not carry: the card must know
 * they exist, and `getShipment` fetches a few of them — never so many that one person's card spends the account's
 * minute (docs/domain-rules.md#rate-limits).
 */
import { describe, expect, it } from 'vitest';
import { parseShipmentDocument } from '../../../src/tracking/parsers/shipment.js';
import { containerResource, shipmentResource, terminalResource } from './helpers/documents.js';
import type { RecordedRequest, Reply } from './helpers/fake-transport.js';
import { createTestClient } from './helpers/test-client.js';

/** A shipment listing `listed` containers (ids c-0…) of which only the first `included` are sideloaded. */
function partialShipment(listed: number, included: number) {
  const ids = Array.from({ length: listed }, (_, index) => `c-${index}`);
  return {
    data: shipmentResource('shp-1', 'MAEU1', ids),
    included: [
      ...ids
        .slice(0, included)
        .map((id, index) => containerResource(id, `TCLU${String(index).padStart(7, '0')}`)),
      terminalResource,
    ],
  };
}

function route(listed: number, included: number) {
  return (request: RecordedRequest): Reply => {
    const path = request.url.pathname;
    if (path === '/v2/shipments/shp-1') return { status: 200, body: partialShipment(listed, included) };
    const match = /^\/v2\/containers\/(c-(\d+))$/.exec(path);
    if (match?.[1] && match[2])
      return { status: 200, body: { data: containerResource(match[1], `MSKU${match[2].padStart(7, '0')}`) } };
    return { status: 404, body: { errors: [{ status: '404', title: 'Not Found' }] } };
  };
}

describe('containers listed but not included', () => {
  it('are named as not loaded by the parser, never silently dropped', () => {
    const detail = parseShipmentDocument(partialShipment(3, 1), { fetchedAt: '2026-03-01T12:00:00Z' });
    expect(detail.containers.map((c) => c.id)).toEqual(['c-0']);
    expect(detail.unloadedContainerIds).toEqual(['c-1', 'c-2']);
  });

  it('are fetched one by one by getShipment, so the card has them all', async () => {
    const { client, time, requests } = createTestClient(route(3, 1));
    const detail = await time.settle(client.getShipment('shp-1'));
    expect(detail.containers.map((c) => c.id)).toEqual(['c-0', 'c-1', 'c-2']);
    expect(detail.unloadedContainerIds).toEqual([]);
    expect(requests.map((r) => r.url.pathname)).toEqual([
      '/v2/shipments/shp-1',
      '/v2/containers/c-1',
      '/v2/containers/c-2',
    ]);
  });

  it('are fetched at most five per card; the rest stay named as not loaded', async () => {
    const { client, time, requests } = createTestClient(route(60, 0));
    const detail = await time.settle(client.getShipment('shp-1'));
    expect(requests).toHaveLength(1 + 5);
    expect(detail.containers).toHaveLength(5);
    expect(detail.unloadedContainerIds).toHaveLength(55);
  });

  it('stay named as not loaded when fetching one fails, without failing the shipment', async () => {
    const { client, time } = createTestClient((request) =>
      request.url.pathname === '/v2/containers/c-2'
        ? { status: 404, body: { errors: [{ status: '404', title: 'Not Found' }] } }
        : route(3, 1)(request),
    );
    const detail = await time.settle(client.getShipment('shp-1'));
    expect(detail.containers.map((c) => c.id)).toEqual(['c-0', 'c-1']);
    expect(detail.unloadedContainerIds).toEqual(['c-2']);
  });

  it('are fetched for the shipment a number lookup finds too', async () => {
    const { client, time } = createTestClient((request) =>
      request.url.pathname === '/v2/shipments'
        ? {
            status: 200,
            body: { data: [partialShipment(2, 1).data], included: partialShipment(2, 1).included },
          }
        : route(2, 1)(request),
    );
    const [detail] = await time.settle(client.findShipmentsByNumber('MAEU1'));
    expect(detail?.containers.map((c) => c.id)).toEqual(['c-0', 'c-1']);
  });
});
