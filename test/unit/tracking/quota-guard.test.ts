import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logger.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import { createRateLimiter } from '../../../src/tracking/http/rate-limiter.js';
import { type ApiRequest, createRequestExecutor } from '../../../src/tracking/http/request-executor.js';
import { createFakeTime, type FakeTime } from './helpers/fake-time.js';
import { type LatentApiOptions, latentApi } from './helpers/latent-api.js';

// attemptTimeoutMs 4 s and totalTimeoutMs 10 s (the client's defaults) leave 6 s to wait for a slot.
const READ: ApiRequest = { method: 'GET', url: 'http://api.test/v2/shipments?number=BL1' };
const WRITE: ApiRequest = {
  method: 'POST',
  url: 'http://api.test/v2/documents/d1/rotate',
  body: { degrees: 90 },
};

function setup(api: Omit<LatentApiOptions, 'time'>) {
  const time = createFakeTime();
  const upstream = latentApi({ ...api, time });
  const execute = createRequestExecutor({
    transport: upstream.transport,
    apiKey: 'key',
    clock: time.clock,
    sleep: time.sleep,
    random: () => 0.5,
    logger: silentLogger,
    limiter: createRateLimiter({ limitPerMinute: api.limitPerMinute, clock: time.clock, sleep: time.sleep }),
    attemptTimeoutMs: 4_000,
    totalTimeoutMs: 10_000,
    maxRetries: 2,
    maxRetryAfterMs: 5_000,
  });
  /** Starts a read now; its outcome records the fake time at which it settled. */
  const read = (signal?: AbortSignal) => outcomeOf(time, execute({ ...READ, signal }));
  const write = () => outcomeOf(time, execute(WRITE));
  return { time, upstream, read, write };
}

type Outcome = { at: number } & ({ status: number } | { error: TrackingApiError });

function outcomeOf(time: FakeTime, promise: Promise<{ status: number }>): Promise<Outcome> {
  return promise.then(
    (response) => ({ at: time.elapsed(), status: response.status }),
    (error: unknown) => {
      if (!(error instanceof TrackingApiError)) throw error;
      return { at: time.elapsed(), error };
    },
  );
}

function errorOf(outcome: Outcome): TrackingApiError {
  if (!('error' in outcome)) throw new Error(`expected a failure, got HTTP ${outcome.status}`);
  return outcome.error;
}

const refusals = (upstream: ReturnType<typeof latentApi>) =>
  upstream.arrivals.filter((a) => a.status === 429).length;

describe('the quota guard under upstream latency', () => {
  it('keeps sends under the limit even when responses arrive late', async () => {
    const uplinks = [2_500, 100, 1_800, 50, 900];
    const { time, upstream, read } = setup({
      limitPerMinute: 3,
      uplinkMs: (i) => uplinks[i % uplinks.length] ?? 0,
      downlinkMs: 200,
    });
    const reads: Array<Promise<Outcome>> = [];
    for (let i = 0; i < 30; i++) {
      reads.push(read());
      await time.advance(5_000);
    }
    const outcomes = await time.settle(Promise.all(reads));

    expect(refusals(upstream)).toBe(0);
    expect(upstream.busiestMinute()).toBeLessThanOrEqual(3);
    const answered = outcomes.filter((o) => 'status' in o);
    const failed = outcomes.map((o) => ('error' in o ? o.error : null)).filter((e) => e !== null);
    expect(answered.length).toBeGreaterThanOrEqual(6);
    // Everything else is told when to come back; nothing is sent only to time out.
    expect(failed.map((e) => e.code)).toEqual(failed.map(() => 'rate_limited'));
    for (const e of failed) expect(e.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('holds a slot until 60 s after a late answer, not 60 s after the send', async () => {
    const { time, upstream, read } = setup({ limitPerMinute: 1, uplinkMs: (i) => (i === 0 ? 3_000 : 100) });
    const first = read();
    await time.advance(58_000);
    const second = await time.settle(read());

    expect('status' in (await first) && 'status' in second).toBe(true);
    // The first request arrived (and was answered) at 3 s, so the API frees its slot at 63 s, not 60 s or 62 s.
    expect(upstream.arrivals.map((a) => [a.sentAt, a.status])).toEqual([
      [0, 200],
      [63_000, 200],
    ]);
  });
});

describe('waiting for a slot', () => {
  it('fails fast as rate_limited with the retry time when the queue cannot be served within the budget', async () => {
    const { time, upstream, read } = setup({ limitPerMinute: 1, uplinkMs: (i) => (i === 0 ? 0 : 3_500) });
    await time.settle(read());
    await time.advance(53_000);
    const late = errorOf(await time.settle(read()));

    // The slot frees at 62 s: 9 s away, more than the 6 s the read may queue and still get a full attempt.
    expect(late.code).toBe('rate_limited');
    expect(late.retryAfterSeconds).toBe(9);
    expect(late.message).toContain('next slot in 9 s');
    expect(upstream.arrivals).toHaveLength(1);
    expect(time.elapsed()).toBe(53_000);
  });

  it('gives a request that waited for its slot a full attempt', async () => {
    const { time, upstream, read } = setup({ limitPerMinute: 1, uplinkMs: (i) => (i === 0 ? 0 : 3_900) });
    await time.settle(read());
    await time.advance(56_000);
    const queued = await time.settle(read());

    expect(queued).toEqual({ at: 65_900, status: 200 });
    expect(upstream.arrivals[1]?.sentAt).toBe(62_000);
  });

  it('lets a write wait for a slot too, then gives it its one full attempt', async () => {
    const { time, upstream, read, write } = setup({
      limitPerMinute: 1,
      uplinkMs: (i) => (i === 0 ? 0 : 3_000),
    });
    await time.settle(read());
    await time.advance(57_000);
    const queued = await time.settle(write());

    expect(queued).toEqual({ at: 65_000, status: 200 });
    expect(upstream.arrivals.map((a) => a.sentAt)).toEqual([0, 62_000]);
  });

  it('hands the slot of a request whose caller gave up to the next one in the queue', async () => {
    const { time, upstream, read } = setup({ limitPerMinute: 2, uplinkMs: () => 0 });
    await time.settle(read());
    await time.advance(1_000);
    await time.settle(read());
    await time.advance(56_500);
    const impatient = new AbortController();
    const gaveUp = read(impatient.signal);
    await time.advance(500);
    const patient = read();
    await time.advance(1_000);
    impatient.abort();

    expect(errorOf(await gaveUp).code).toBe('timeout');
    // Second in line it would have had the slot freeing at 63 s; first in line it gets the one freeing at 62 s.
    expect(await time.settle(patient)).toEqual({ at: 62_000, status: 200 });
    expect(upstream.arrivals.map((a) => a.sentAt)).toEqual([0, 1_000, 62_000]);
  });
});

describe('after an upstream 429', () => {
  it('stops sending after an upstream 429 until Retry-After, queued requests included', async () => {
    const { time, upstream, read } = setup({
      limitPerMinute: 2,
      uplinkMs: (i) => (i === 1 ? 1_000 : 0),
      // The account's quota is also used elsewhere: the API refuses everything until 89 s.
      refuse: ({ index, arrivedAt }) => (index >= 1 && arrivedAt < 89_000 ? 30 : null),
    });
    await time.settle(read());
    await time.advance(58_000);
    const refused = read();
    await time.advance(500);
    const queued = read();

    const afterPause = errorOf(await time.settle(queued));
    expect(afterPause.code).toBe('rate_limited');
    expect(afterPause.retryAfterSeconds).toBe(30);
    // It learns of the 429 at 59 s and gives up at once instead of waiting for its slot at 62 s.
    expect((await queued).at).toBe(59_000);
    expect(errorOf(await refused).code).toBe('rate_limited');
    expect(refusals(upstream)).toBe(1);

    await time.advance(30_000);
    expect(await time.settle(read())).toEqual({ at: 89_000, status: 200 });
  });

  it('believes a Retry-After no longer than the quota window: a day becomes 60 s, and the bot sends again after it', async () => {
    const { time, upstream, read } = setup({
      limitPerMinute: 100,
      uplinkMs: () => 0,
      // One refusal asking for a whole day.
      refuse: ({ index }) => (index === 0 ? 86_400 : null),
    });
    const refused = errorOf(await time.settle(read()));
    expect(refused.code).toBe('rate_limited');
    expect(refused.retryAfterSeconds).toBe(60);
    // A read at 59 s waits out the last second of the pause and is sent at 60 s, not a day later.
    await time.advance(59_000);
    expect(await time.settle(read())).toEqual({ at: 60_000, status: 200 });
    expect(upstream.arrivals.map((a) => a.sentAt)).toEqual([0, 60_000]);
    expect(refusals(upstream)).toBe(1);
  });
});
