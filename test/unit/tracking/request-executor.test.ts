import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logger.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { createRateLimiter } from '../../../src/tracking/http/rate-limiter.js';
import { type ApiRequest, createRequestExecutor } from '../../../src/tracking/http/request-executor.js';
import { createFakeTime } from './helpers/fake-time.js';
import { type Reply, scriptedTransport } from './helpers/fake-transport.js';

const API_KEY = 'live-key-DO-NOT-LEAK-42';
const READ: ApiRequest = { method: 'GET', url: 'http://api.test/v2/shipments/abc?include=containers' };
const WRITE: ApiRequest = {
  method: 'PATCH',
  url: 'http://api.test/v2/tracking_requests/abc',
  body: { data: { type: 'tracking_request', attributes: { ref_number: 'PO-1' } } },
};
const OK: Reply = { status: 200, body: { data: { id: 'abc', type: 'shipment' } } };
const unavailable: Reply = {
  status: 503,
  body: { errors: [{ status: '503', title: 'Service Unavailable' }] },
};

function setup(replies: Reply[], overrides: { rateLimitPerMinute?: number; maxRetryAfterMs?: number } = {}) {
  const time = createFakeTime();
  const fake = scriptedTransport(...replies);
  const execute = createRequestExecutor({
    transport: fake.transport,
    apiKey: API_KEY,
    clock: time.clock,
    sleep: time.sleep,
    random: () => 0.5,
    logger: silentLogger,
    limiter: createRateLimiter({
      limitPerMinute: overrides.rateLimitPerMinute ?? 100,
      clock: time.clock,
      sleep: time.sleep,
    }),
    attemptTimeoutMs: 4_000,
    totalTimeoutMs: 10_000,
    maxRetries: 2,
    maxRetryAfterMs: overrides.maxRetryAfterMs ?? 5_000,
  });
  return { time, fake, execute };
}

async function failure(promise: Promise<unknown>): Promise<TrackingApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TrackingApiError))
    throw new Error(`expected a TrackingApiError, got ${String(error)}`);
  return error;
}

describe('sending a read', () => {
  it('sends the API key only in the Authorization header', async () => {
    const { time, fake, execute } = setup([OK]);
    await time.settle(execute(READ));
    expect(fake.requests[0]?.headers.authorization).toBe(`Token ${API_KEY}`);
    expect(fake.requests[0]?.url.href).not.toContain(API_KEY);
  });

  it('succeeds after waiting the 1 s a 429 asked for', async () => {
    const { time, fake, execute } = setup([{ status: 429, headers: { 'retry-after': '1' }, body: {} }, OK]);
    const response = await time.settle(execute(READ));
    expect(response.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(time.elapsed()).toBe(1_000);
  });

  it('succeeds on the third attempt after two 503s, backing off in between', async () => {
    const { time, fake, execute } = setup([unavailable, unavailable, OK]);
    const response = await time.settle(execute(READ));
    expect(response.status).toBe(200);
    expect(fake.requests).toHaveLength(3);
    // random() = 0.5 → 375 ms after the first failure, 750 ms after the second.
    expect(time.elapsed()).toBe(375 + 750);
  });

  it('gives up as upstream after the last allowed retry', async () => {
    const { time, fake, execute } = setup([unavailable]);
    const error = await failure(time.settle(execute(READ)));
    expect(error.code).toBe('upstream');
    expect(fake.requests).toHaveLength(3);
  });

  it('fails fast as rate_limited when Retry-After is longer than it may wait', async () => {
    const { time, fake, execute } = setup([{ status: 429, headers: { 'retry-after': '60' }, body: {} }]);
    const error = await failure(time.settle(execute(READ)));
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(60);
    expect(fake.requests).toHaveLength(1);
    expect(time.elapsed()).toBe(0);
  });

  it('does not retry a 404', async () => {
    const { time, fake, execute } = setup([
      { status: 404, body: { errors: [{ status: '404', title: 'Not Found' }] } },
    ]);
    expect((await failure(time.settle(execute(READ)))).code).toBe('not_found');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a reset connection and then succeeds', async () => {
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const { time, fake, execute } = setup([{ error: reset }, OK]);
    expect((await time.settle(execute(READ))).status).toBe(200);
    expect(fake.requests).toHaveLength(2);
  });

  it('times out each hanging attempt and ends the whole read within the total budget with code timeout', async () => {
    const { time, fake, execute } = setup([{ hang: true, ignoreAbort: true }]);
    const error = await failure(time.settle(execute(READ)));
    expect(error.code).toBe('timeout');
    expect(time.elapsed()).toBeLessThanOrEqual(10_000);
    expect(time.elapsed()).toBeGreaterThanOrEqual(4_000);
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    expect(error.message).not.toContain(API_KEY);
  });

  it('aborts the hanging request it gave up on', async () => {
    const { time, fake, execute } = setup([{ hang: true }, OK]);
    expect((await time.settle(execute(READ))).status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    expect(time.elapsed()).toBe(4_000 + 375);
  });

  it('stops waiting when its caller gives up', async () => {
    const { time, execute } = setup([{ hang: true, ignoreAbort: true }]);
    const controller = new AbortController();
    const pending = failure(execute({ ...READ, signal: controller.signal }));
    await time.advance(1_000);
    controller.abort();
    const error = await pending;
    expect(error.code).toBe('timeout');
    expect(time.elapsed()).toBe(1_000);
  });
});

describe('sending a write', () => {
  it('sends the JSON body with a JSON content type', async () => {
    const { time, fake, execute } = setup([OK]);
    await time.settle(execute(WRITE));
    expect(fake.requests[0]?.headers['content-type']).toBe('application/json');
    expect(fake.requests[0]?.body).toEqual(WRITE.body);
  });

  it('never repeats a write that got a 503', async () => {
    const { time, fake, execute } = setup([unavailable, OK]);
    expect((await failure(time.settle(execute(WRITE)))).code).toBe('upstream');
    expect(fake.requests).toHaveLength(1);
  });

  it('never repeats a write that hung, and reports the timeout after one attempt', async () => {
    const { time, fake, execute } = setup([{ hang: true }, OK]);
    expect((await failure(time.settle(execute(WRITE)))).code).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
    expect(time.elapsed()).toBe(4_000);
  });
});

describe('the client-side quota guard', () => {
  it('queues a read until the rolling window has room when the wait fits its budget', async () => {
    const { time, fake, execute } = setup([OK], { rateLimitPerMinute: 2 });
    await time.settle(execute(READ));
    await time.advance(57_000);
    await time.settle(execute(READ));
    const third = await time.settle(execute(READ));
    expect(third.status).toBe(200);
    expect(fake.requests).toHaveLength(3);
    // The first slot frees 60 s + the 2 s arrival margin after it was taken: 5 s after the third read asked.
    expect(time.elapsed()).toBe(62_000);
  });

  it('fails fast with rate_limited instead of sending when the wait exceeds the budget', async () => {
    const { time, fake, execute } = setup([OK], { rateLimitPerMinute: 2 });
    await time.settle(execute(READ));
    await time.settle(execute(READ));
    const error = await failure(time.settle(execute(READ)));
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(62);
    expect(fake.requests).toHaveLength(2);
    expect(time.elapsed()).toBe(0);
  });

  it('holds every sender back after a 429 instead of collecting more of them', async () => {
    const { time, fake, execute } = setup([{ status: 429, headers: { 'retry-after': '30' }, body: {} }, OK], {
      maxRetryAfterMs: 5_000,
    });
    expect((await failure(time.settle(execute(READ)))).code).toBe('rate_limited');
    const next = await failure(time.settle(execute(READ)));
    expect(next.code).toBe('rate_limited');
    expect(next.retryAfterSeconds).toBe(30);
    expect(fake.requests).toHaveLength(1);
    await time.advance(30_000);
    expect((await time.settle(execute(READ))).status).toBe(200);
  });
});
