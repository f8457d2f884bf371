import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, one } from './support.js';

const TIME_URL = 'http://sim/_demo/time';

describe('/_demo/time', () => {
  it('does not exist unless the simulator was created with demo-time control (the HTML 404 of any unknown route)', async () => {
    const result = await call(demoSimulator(), TIME_URL);
    expect(result.status).toBe(404);
    expect(result.headers.get('content-type')).toContain('text/html');
  });

  it('reads the clock, the anchor and when the next change is due', async () => {
    const result = await call(demoSimulator({ demoTimeControl: true }), TIME_URL);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      now: '2026-03-10T15:30:00.000Z',
      anchor: '2026-03-10T15:30:00.000Z',
      rate: 1,
      next_change_at: '2026-03-10T16:30:00Z',
      changes: 0,
    });
  });

  it('advances demo time and applies what became due, which the API then serves', async () => {
    const simulator = demoSimulator({ demoTimeControl: true });
    const moved = await call(simulator, TIME_URL, { method: 'POST', body: { advanceMs: 86_400_000 } });
    expect(moved.body).toMatchObject({ now: '2026-03-11T15:30:00.000Z', rate: 1 });
    expect(Number(moved.body?.changes)).toBeGreaterThan(20);
    const onWater = one(await call(simulator, `/shipments/${DEMO.shipments.onWater.id}`));
    expect(onWater.attributes.pod_ata_at).not.toBeNull();
  });

  it('plays at a rate and pauses back to real pace', async () => {
    const simulator = demoSimulator({ demoTimeControl: true });
    expect((await call(simulator, TIME_URL, { method: 'POST', body: { play: 3600 } })).body?.rate).toBe(3600);
    expect(simulator.clock.rate).toBe(3600);
    expect((await call(simulator, TIME_URL, { method: 'POST', body: { pause: true } })).body?.rate).toBe(1);
  });

  it.each([
    [{ advanceMs: -1 }],
    [{ advanceMs: 1.5 }],
    [{ play: 0 }],
    [{ pause: false }],
    [{ advanceMs: 1000, play: 10 }],
    ['not json'],
  ])('refuses %j with a 400', async (body) => {
    const result = await call(demoSimulator({ demoTimeControl: true }), TIME_URL, { method: 'POST', body });
    expect(result.status).toBe(400);
  });

  it('needs the demo key: 401 without one, 403 with another', async () => {
    const simulator = demoSimulator({ demoTimeControl: true });
    expect((await call(simulator, TIME_URL, { key: null })).status).toBe(401);
    expect((await call(simulator, TIME_URL, { key: DEMO.apiKeys.readonly })).status).toBe(403);
  });

  it('is not an API request: not recorded, not rate-limited, no scripted fault', async () => {
    const simulator = demoSimulator({ demoTimeControl: true, rateLimitPerMinute: 1 });
    simulator.faults.add({ kind: 'status', status: 503, times: 5 });
    for (let i = 0; i < 3; i += 1) expect((await call(simulator, TIME_URL)).status).toBe(200);
    expect(simulator.requests).toHaveLength(0);
  });
});
