/**
 * The API budget scheduler, keyed by account: classes fill the shared rolling minute only up to their own ceiling
 * (webhooks all of it, polls all but a reserve, sweeps all but two), a refusal names the lanes to hold and until
 * when, and one account's work never spends another's budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiBudget } from '../../../src/jobs/index.js';
import type { Store } from '../../../src/store/index.js';
import { embeddedHarness } from '../store/helpers/stores.js';

const T0 = Date.parse('2026-03-10T09:00:00Z');

describe('the API budget', () => {
  const stores = embeddedHarness();
  let store: Store;
  let now = T0;
  const wall = { now: () => new Date(now) };
  beforeAll(async () => {
    store = await stores.open();
  });
  afterAll(async () => {
    await stores.dispose();
  });

  it('keeps a reserve of the minute for webhooks: polls stop short of it, a webhook still gets a slot', async () => {
    const budget = createApiBudget({ quota: store.quota, wall, perMinute: () => 10 });
    expect(budget.reservePerMinute('acct-a')).toBe(1);
    const polls = [];
    for (let i = 0; i < 10; i += 1) {
      polls.push(await budget.take('acct-a', i % 2 ? 'routine' : 'urgent'));
      now += 5_000;
    }
    expect(polls.filter((slot) => slot.ok)).toHaveLength(9);
    expect(polls.at(-1)).toMatchObject({ ok: false, lanes: ['api:acct-a:poll', 'api:acct-a:sweep'] });
    expect((polls.at(-1) as { until: number }).until).toBeGreaterThan(now);
    expect(await budget.take('acct-a', 'webhook')).toMatchObject({ ok: true });
    expect(await budget.take('acct-a', 'webhook')).toMatchObject({
      ok: false,
      lanes: ['api:acct-a:webhook', 'api:acct-a:poll', 'api:acct-a:sweep'],
    });
    expect(budget.sent('acct-a')).toMatchObject({ urgent: 5, routine: 4, webhook: 1 });
  });

  it('spreads polls over the minute: a twelfth of their share in any 5 s, while webhooks are never held back', async () => {
    now = T0 + 10 * 60_000;
    const budget = createApiBudget({ quota: store.quota, wall, perMinute: () => 50 });
    const burst = [];
    for (let i = 0; i < 10; i += 1) burst.push(await budget.take('acct-spread', 'routine'));
    // 45 polls a minute may be taken, at most 4 in any 5 s.
    expect(burst.filter((slot) => slot.ok)).toHaveLength(4);
    expect(burst.at(-1)).toMatchObject({
      ok: false,
      until: now + 5_000,
      lanes: ['api:acct-spread:poll', 'api:acct-spread:sweep'],
    });
    for (let i = 0; i < 5; i += 1)
      expect(await budget.take('acct-spread', 'webhook')).toMatchObject({ ok: true });
    now += 5_000;
    expect(await budget.take('acct-spread', 'routine')).toMatchObject({ ok: true });
  });

  it('counts each account on its own', async () => {
    const budget = createApiBudget({ quota: store.quota, wall, perMinute: () => 2 });
    expect(await budget.take('acct-b', 'routine')).toMatchObject({ ok: true });
    expect(await budget.take('acct-b', 'routine')).toMatchObject({ ok: false });
    expect(await budget.take('acct-c', 'routine')).toMatchObject({ ok: true });
    expect(budget.lane('acct-c', 'urgent')).toBe('api:acct-c:poll');
  });

  it('frees a slot a minute after its answer', async () => {
    now = T0 + 60 * 60_000;
    const base = now;
    const budget = createApiBudget({ quota: store.quota, wall, perMinute: () => 2 });
    const slot = await budget.take('acct-d', 'routine');
    if (!slot.ok) throw new Error('expected a slot');
    slot.done();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await budget.take('acct-d', 'routine')).toMatchObject({ ok: false });
    now = base + 62_001;
    expect(await budget.take('acct-d', 'routine')).toMatchObject({ ok: true });
  });
});
