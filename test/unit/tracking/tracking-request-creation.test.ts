/**
 * Creating tracking requests and inferring numbers with the HTTP client against the simulator: the real request
 * shapes, a duplicate recognised, and the creation quota counted apart from reads (100/min each, per account).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createSimulator, type Simulator } from '../../../src/simulator/index.js';
import {
  createTrackingClient,
  type HttpTrackingClient,
} from '../../../src/tracking/create-tracking-client.js';
import { isDuplicateRequest } from '../../../src/tracking/endpoints/tracking-requests.js';

let simulator: Simulator;
let running: { url: string; close(): Promise<void> };
let client: HttpTrackingClient;

beforeAll(async () => {
  simulator = createSimulator({ clock: fixedClock('2026-03-10T15:30:00Z') });
  running = await simulator.listen({ port: 0, host: '127.0.0.1' });
  client = createTrackingClient({ baseUrl: running.url, apiKey: 'demo', cacheTtlMs: 0 });
});
afterAll(async () => {
  await client?.close();
  await running?.close();
});

describe('tracking request creation and number inference', () => {
  it('infers a carrier’s own container as certain, and a leased one as needing confirmation among candidates', async () => {
    const own = await client.inferNumber('MSKU9070323');
    expect(own).toMatchObject({
      numberType: 'container',
      decision: 'auto_select',
      selected: { scac: 'MAEU' },
    });
    const leased = await client.inferNumber('TCLU1234565');
    expect(leased.decision).toBe('needs_confirmation');
    expect(leased.candidates.length).toBeGreaterThan(1);
    expect(leased.candidates[0]?.confidence).toBeGreaterThan(0);
  });

  it('creates a pending request, then recognises the same number again as a duplicate', async () => {
    const created = await client.createTrackingRequest({
      requestNumber: 'MAEU770000001',
      requestType: 'bill_of_lading',
      scac: 'MAEU',
    });
    expect(created).toMatchObject({ status: 'pending', requestNumber: 'MAEU770000001', shipmentId: null });
    const again = await client
      .createTrackingRequest({ requestNumber: 'MAEU770000001', requestType: 'bill_of_lading', scac: 'MAEU' })
      .catch((error: unknown) => error);
    expect(isDuplicateRequest(again)).toBe(true);
  });

  it('sends creations in their own quota: reads that filled theirs do not hold a creation back', async () => {
    const limited = createTrackingClient({
      baseUrl: running.url,
      apiKey: 'demo',
      cacheTtlMs: 0,
      rateLimitPerMinute: 2,
      totalTimeoutMs: 500,
      attemptTimeoutMs: 400,
    });
    try {
      await limited.listShipments({ size: 1 });
      await limited.listShipments({ size: 1 });
      const read = await limited.listShipments({ size: 1 }).catch((error: unknown) => error);
      expect(read).toMatchObject({ code: 'rate_limited' });
      const created = await limited.createTrackingRequest({
        requestNumber: 'MAEU770000002',
        requestType: 'bill_of_lading',
        scac: 'MAEU',
      });
      expect(created.status).toBe('pending');
    } finally {
      await limited.close();
    }
  });
});
