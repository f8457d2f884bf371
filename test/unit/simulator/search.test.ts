import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, links, many } from './support.js';

describe('GET /search', () => {
  const simulator = demoSimulator();

  it('finds a container by a partial, lower-case number as a cargo result pointing at its shipment', async () => {
    const result = await call(simulator, '/search?query=msku907');
    const [hit] = many(result);
    expect(hit?.type).toBe('search_result');
    expect(hit?.attributes).toMatchObject({
      entity_type: 'cargo',
      number: DEMO.containers.onHold,
      shipment_id: DEMO.shipments.slippedEta.id,
      scac: 'MAEU',
    });
    expect(result.body).not.toHaveProperty('included');
    expect(links(result)).toEqual({
      self: 'http://sim/v2/search?query=msku907',
      current: 'http://sim/v2/search?query=msku907&page[number]=1',
    });
  });

  it('finds a shipment by a reference number with the shipment-only attributes', async () => {
    const [hit] = many(await call(simulator, '/search?query=PO-88412'));
    expect(hit?.attributes).toMatchObject({
      entity_type: 'shipment',
      number: DEMO.shipments.slippedEta.bl,
      shipment_id: null,
      port_of_lading_name: 'Shanghai',
      port_of_discharge_name: 'Los Angeles',
      containers_count: 3,
      tracking_stopped: false,
    });
  });

  it('ranks shipments before containers before tracking requests', async () => {
    const types = many(await call(simulator, '/search?query=U')).map((hit) => hit.attributes.entity_type);
    const firstCargo = types.indexOf('cargo');
    expect(types.slice(0, firstCargo).every((type) => type === 'shipment')).toBe(true);
  });

  it('returns at most 25 results', async () => {
    expect(many(await call(simulator, '/search?query=U'))).toHaveLength(25);
  });

  it('reports a pending tracking request with its status and no shipment', async () => {
    const [hit] = many(await call(simulator, '/search?query=HDMUSELA'));
    expect(hit).toMatchObject({
      id: DEMO.trackingRequests.pending,
      attributes: {
        entity_type: 'tracking_request',
        status: 'pending',
        shipment_id: null,
        failed_reason: null,
      },
    });
  });

  it('filters out a tracking request that duplicates an existing shipment', async () => {
    const hits = many(await call(simulator, `/search?query=${DEMO.shipments.slippedEta.bl}`));
    expect(hits.map((hit) => hit.attributes.entity_type)).toEqual(['shipment']);
  });

  it.each([['/search'], ['/search?query='], ['/search?query=%20%20']])(
    'answers %s with the real 400 body, which has only a detail',
    async (path) => {
      const result = await call(simulator, path);
      expect(result.status).toBe(400);
      expect(result.body).toEqual({ errors: [{ detail: 'Query parameter is required' }] });
    },
  );
});
