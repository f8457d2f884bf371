/**
 * Two processes on one tracking-API account: their quota guards share the store's ledger, so together they never send
 * more than the account's limit in a minute, and the requests that do not fit are answered "try again in N s"
 * instead of collecting 429s. When the ledger cannot be reached each falls back to counting on its own.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { quotaInStore } from '../../../src/tenancy/index.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import type { SharedQuota } from '../../../src/tracking/http/shared-rate-limiter.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { listDocument } from './helpers/documents.js';
import { createTestClient } from './helpers/test-client.js';

const answer = () => ({ status: 200, body: listDocument([]) });

async function outcome(promise: Promise<unknown>): Promise<'sent' | 'rate_limited' | 'other'> {
  try {
    await promise;
    return 'sent';
  } catch (error) {
    return error instanceof TrackingApiError && error.code === 'rate_limited' ? 'rate_limited' : 'other';
  }
}

describe('two processes sharing one account', () => {
  const harness = embeddedHarness();
  afterEach(async () => harness.dispose());

  it('send at most the limit between them in a minute, and tell the rest when to try again', async () => {
    const store = await harness.open();
    const quota = quotaInStore(store, 'the-shared-key', 10);
    const a = createTestClient(answer, { rateLimitPerMinute: 10, sharedQuota: quota, cacheTtlMs: 0 });
    const b = createTestClient(answer, { rateLimitPerMinute: 10, sharedQuota: quota, cacheTtlMs: 0 });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, index) => {
        const client = index % 2 === 0 ? a : b;
        return client.time.settle(outcome(client.client.findShipmentsByNumber(`BL${index}`)));
      }),
    );
    expect(a.requests.length + b.requests.length).toBe(10);
    expect(results.filter((result) => result === 'sent')).toHaveLength(10);
    expect(results.filter((result) => result === 'rate_limited')).toHaveLength(6);
  });

  it('keep serving, each counting alone, while the ledger is unreachable', async () => {
    const down: SharedQuota = {
      acquire: async () => Promise.reject(new Error('store_unavailable')),
      settle: async () => {},
      pause: async () => {},
    };
    const a = createTestClient(answer, { rateLimitPerMinute: 3, sharedQuota: down, cacheTtlMs: 0 });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        a.time.settle(outcome(a.client.findShipmentsByNumber(`BL${index}`))),
      ),
    );
    expect(results.filter((result) => result === 'sent')).toHaveLength(3);
    expect(results.filter((result) => result === 'rate_limited')).toHaveLength(2);
  });
});
