import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator } from './support.js';

const UNAUTHORIZED = {
  errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }],
};
const shipmentPath = `/shipments/${DEMO.shipments.slippedEta.id}`;

describe('authentication', () => {
  const simulator = demoSimulator();

  it('answers a request without a key with the real 401 body', async () => {
    const result = await call(simulator, shipmentPath, { key: null });
    expect(result.status).toBe(401);
    expect(result.body).toEqual(UNAUTHORIZED);
  });

  it.each([
    ['an unknown key', 'Token nope'],
    ['the Bearer scheme', `Bearer ${DEMO.apiKeys.full}`],
    ['a bare key', DEMO.apiKeys.full],
  ])('answers %s with 401', async (_, authorization) => {
    const result = await call(simulator, shipmentPath, { key: null, headers: { authorization } });
    expect(result.body).toEqual(UNAUTHORIZED);
  });

  it('accepts every key of the demo account for reads, in both Rails token formats', async () => {
    const { otherAccount: _, ...demoAccount } = DEMO.apiKeys;
    for (const key of Object.values(demoAccount)) {
      expect((await call(simulator, shipmentPath, { key })).status).toBe(200);
    }
    const quoted = await call(simulator, shipmentPath, {
      key: null,
      headers: { authorization: 'Token token="demo"' },
    });
    expect(quoted.status).toBe(200);
  });
});

describe('routing', () => {
  const simulator = demoSimulator();

  it('answers the same resources without the /v2 prefix and with a trailing slash', async () => {
    expect((await call(simulator, `http://sim${shipmentPath}`)).status).toBe(200);
    expect((await call(simulator, `${shipmentPath}/`)).status).toBe(200);
  });

  it('answers an unknown route with a Rails HTML 404 page, even without a key', async () => {
    const result = await call(simulator, `/containers/${DEMO.containers.ready}/route`, { key: null });
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toContain('text/html');
    expect(result.text).toContain("The page you were looking for doesn't exist.");
    expect(result.body).toBeNull();
  });

  it('answers a method the route does not have with the HTML 404 too', async () => {
    const result = await call(simulator, shipmentPath, { method: 'DELETE' });
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toContain('text/html');
  });

  it('records every request served with its method, path without prefix, query and status', async () => {
    const fresh = demoSimulator();
    await call(fresh, `${shipmentPath}?include=containers`);
    await call(fresh, '/nowhere');
    expect(fresh.requests).toEqual([
      { method: 'GET', path: shipmentPath, query: 'include=containers', status: 200 },
      { method: 'GET', path: '/nowhere', query: '', status: 404 },
    ]);
    fresh.resetRequests();
    expect(fresh.requests).toEqual([]);
  });
});

describe('latency and random faults', () => {
  it('answers 503 with a JSON body when the fault rate fires', async () => {
    const simulator = demoSimulator({ faultRate: 0.5, random: () => 0.25 });
    const result = await call(simulator, shipmentPath);
    expect(result.status).toBe(503);
    expect(result.body).toMatchObject({ errors: [{ status: '503', title: 'Service Unavailable' }] });
  });

  it('serves normally when the random draw is above the fault rate', async () => {
    const simulator = demoSimulator({ faultRate: 0.5, random: () => 0.75 });
    expect((await call(simulator, shipmentPath)).status).toBe(200);
  });

  it('rejects options outside their ranges', () => {
    expect(() => demoSimulator({ faultRate: 1.5 })).toThrow(RangeError);
    expect(() => demoSimulator({ latencyMs: -1 })).toThrow(RangeError);
    expect(() => demoSimulator({ rateLimitPerMinute: 0 })).toThrow(RangeError);
  });

  it('gives up waiting out the latency when the caller aborts', async () => {
    const simulator = demoSimulator({ latencyMs: 60_000 });
    const controller = new AbortController();
    const pending = call(simulator, shipmentPath, { signal: controller.signal });
    controller.abort(new DOMException('gave up', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
