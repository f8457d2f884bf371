/** Checking a Terminal49 key before it is stored: one cheap authenticated read, and what its answer means. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createSimulator, type Simulator } from '../../../src/simulator/index.js';
import { checkApiKey } from '../../../src/tracking/check-api-key.js';

let simulator: Simulator;
let running: { url: string; close(): Promise<void> };

beforeAll(async () => {
  simulator = createSimulator({ clock: fixedClock('2026-03-10T15:30:00Z') });
  running = await simulator.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await running?.close();
});

describe('checkApiKey', () => {
  it('says a key the API accepts is valid, after one small read', async () => {
    const before = simulator.requests.length;
    expect(await checkApiKey({ baseUrl: running.url, apiKey: 'demo' })).toEqual({ kind: 'valid' });
    expect(simulator.requests.slice(before)).toEqual([
      { method: 'GET', path: '/shipments', query: 'page%5Bsize%5D=1', status: 200 },
    ]);
  });

  it('says a key the API answers 401 to is rejected', async () => {
    expect(await checkApiKey({ baseUrl: running.url, apiKey: 'SECRET-WRONG-KEY-1' })).toEqual({
      kind: 'rejected',
    });
  });

  it('says to try later on a 429, and that it could not check on a 5xx or no answer, never naming the key', async () => {
    simulator.faults.add({
      match: { method: 'GET', path: '/shipments' },
      kind: 'status',
      status: 429,
      times: 1,
    });
    expect(await checkApiKey({ baseUrl: running.url, apiKey: 'demo' })).toEqual({ kind: 'busy' });
    simulator.faults.add({
      match: { method: 'GET', path: '/shipments' },
      kind: 'status',
      status: 503,
      times: 1,
    });
    expect((await checkApiKey({ baseUrl: running.url, apiKey: 'demo' })).kind).toBe('unreachable');
    const nowhere = await checkApiKey({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'SECRET-KEY-2',
      timeoutMs: 2_000,
    });
    expect(nowhere.kind).toBe('unreachable');
    expect(JSON.stringify(nowhere)).not.toContain('SECRET-KEY-2');
  });
});
