/**
 * Two processes on one account share their reads through the store (docs/store.md, "Shared reads"): what one fetched
 * within the cache's TTL the other reads from the store instead of the API; a Refresh reads anew; a write makes
 * everything read before it stale for both; a failed fetch leaves the key to the next reader at once; and a store
 * that does not answer only means each process reads for itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/clock.js';
import type { Store } from '../../../src/store/index.js';
import { readsInStore } from '../../../src/tenancy/index.js';
import type { SharedReadLedger } from '../../../src/tracking/http/shared-reads.js';
import { realSleep } from '../../../src/tracking/http/timers.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { listDocument, shipmentResource } from './helpers/documents.js';
import type { Reply } from './helpers/fake-transport.js';
import { createTestClient } from './helpers/test-client.js';

const found: Reply = { status: 200, body: listDocument([shipmentResource('shp-1', 'BL0001', [])]) };

describe('two processes sharing their reads', () => {
  const harness = embeddedHarness();
  afterEach(async () => harness.dispose());

  const twoProcesses = (store: Store, replies: { a?: () => Reply; b?: () => Reply } = {}) => {
    const ledger = readsInStore(store, 'acct-1');
    const options = { sharedReads: ledger, clock: systemClock, sleep: realSleep, maxRetries: 0 };
    return {
      a: createTestClient(replies.a ?? (() => found), options),
      b: createTestClient(replies.b ?? (() => found), options),
    };
  };

  it('reads from the store what the other fetched within the TTL, and sends nothing', async () => {
    const { a, b } = twoProcesses(await harness.open());
    const [first] = await a.client.findShipmentsByNumber('BL0001');
    const [second] = await b.client.findShipmentsByNumber('BL0001');
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(0);
    expect(second?.shipment.billOfLadingNumber).toBe('BL0001');
    expect(second?.fetchedAt).toBe(first?.fetchedAt);
  });

  it('keeps the other’s answer only as long as its TTL from when it was fetched', async () => {
    const store = await harness.open();
    const ledger = readsInStore(store, 'acct-ttl');
    const options = { sharedReads: ledger, clock: systemClock, sleep: realSleep, cacheTtlMs: 400 };
    const a = createTestClient(() => found, options);
    const b = createTestClient(() => found, options);
    await a.client.findShipmentsByNumber('BL0001');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await b.client.findShipmentsByNumber('BL0001');
    expect(b.requests).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    // 450 ms after A fetched it: stale for everyone, though B read it only 250 ms ago.
    await b.client.findShipmentsByNumber('BL0001');
    expect(b.requests).toHaveLength(1);
  });

  it('reads anew on a Refresh, and after a write by either process', async () => {
    const store = await harness.open();
    const { a, b } = twoProcesses(store, { a: () => ({ status: 200, body: { data: null } }) });
    await b.client.findShipmentsByNumber('BL0001');
    await b.client.findShipmentsByNumber('BL0001', { fresh: true });
    expect(b.requests).toHaveLength(2);
    await b.client.findShipmentsByNumber('BL0001');
    expect(b.requests).toHaveLength(2);
    // A write through the other process: what was read before it is not served to anyone.
    await a.client.resumeTracking('shp-1').catch(() => undefined);
    expect(a.requests.map((request) => request.method)).toEqual(['PATCH']);
    await a.client.findShipmentsByNumber('BL0001').catch(() => undefined);
    expect(a.requests.map((request) => request.method)).toEqual(['PATCH', 'GET']);
  });

  it('leaves the key to the next reader at once when a fetch fails', async () => {
    const { a, b } = twoProcesses(await harness.open(), { a: () => ({ status: 500, body: {} }) });
    await expect(a.client.findShipmentsByNumber('BL0001')).rejects.toThrow();
    const started = Date.now();
    await b.client.findShipmentsByNumber('BL0001');
    expect(b.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reads for itself when the store does not answer', async () => {
    const down: SharedReadLedger = {
      get: () => Promise.reject(new Error('store_unavailable')),
      claim: () => Promise.reject(new Error('store_unavailable')),
      put: () => Promise.reject(new Error('store_unavailable')),
      release: () => Promise.reject(new Error('store_unavailable')),
      forget: () => Promise.reject(new Error('store_unavailable')),
    };
    const a = createTestClient(() => found, { sharedReads: down, clock: systemClock, sleep: realSleep });
    const [shipment] = await a.client.findShipmentsByNumber('BL0001');
    expect(shipment?.shipment.id).toBe('shp-1');
    expect(a.requests).toHaveLength(1);
  });
});
