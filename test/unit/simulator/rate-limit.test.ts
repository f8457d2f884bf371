import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../src/clock.js';
import { createSimulator, DEMO } from '../../../src/simulator/index.js';
import { createRateLimiter } from '../../../src/simulator/rate-limit.js';
import { call, FIXED_NOW } from './support.js';

describe('createRateLimiter', () => {
  it('allows N requests in a rolling minute, then says how long until the oldest leaves the window', () => {
    const limiter = createRateLimiter(2);
    expect(limiter.take('demo', 0)).toEqual({ allowed: true });
    expect(limiter.take('demo', 10_000)).toEqual({ allowed: true });
    expect(limiter.take('demo', 20_500)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(limiter.take('demo', 60_000)).toEqual({ allowed: true });
  });

  it('counts each key on its own', () => {
    const limiter = createRateLimiter(1);
    expect(limiter.take('demo', 0).allowed).toBe(true);
    expect(limiter.take('demo-readonly', 0).allowed).toBe(true);
    expect(limiter.take('demo', 1).allowed).toBe(false);
  });

  it('never asks to wait less than a second', () => {
    const limiter = createRateLimiter(1);
    limiter.take('demo', 0);
    expect(limiter.take('demo', 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe('the simulator under --rate-limit', () => {
  it('answers 429 with Retry-After in seconds and the real body once the minute is used up', async () => {
    let now = Date.parse(FIXED_NOW);
    const clock: Clock = { now: () => new Date(now) };
    const simulator = createSimulator({ clock, rateLimitPerMinute: 3 });
    const path = `/shipments/${DEMO.shipments.slippedEta.id}`;
    for (let i = 0; i < 3; i += 1) expect((await call(simulator, path)).status).toBe(200);
    now += 15_000;
    const limited = await call(simulator, path);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(limited.body).toEqual({
      errors: [
        {
          status: '429',
          title: 'Too Many Requests',
          detail:
            'Your account has exceeded its API rate limit. Please reduce request frequency or contact support to increase your limit. Consider using webhooks for real-time updates instead of polling.',
        },
      ],
    });
    expect((await call(simulator, path, { key: DEMO.apiKeys.readonly })).status).toBe(200);
    now += 45_000;
    expect((await call(simulator, path)).status).toBe(200);
  });
});
