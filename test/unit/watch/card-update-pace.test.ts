/**
 * A workspace's chat.update pace: at most its limit in any rolling minute across replicas; re-renders for the passage
 * of time alone fill at most two thirds of it, so a card with news always finds room; a 429 pauses it all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/index.js';
import { createCardUpdatePace } from '../../../src/watch/delivery/card-update-pace.js';
import { embeddedHarness } from '../store/helpers/stores.js';

const T0 = Date.parse('2026-03-10T09:00:00Z');

describe('the card update pace', () => {
  const stores = embeddedHarness();
  let store: Store;
  let now = T0;
  beforeAll(async () => {
    store = await stores.open();
  });
  afterAll(async () => {
    await stores.dispose();
  });

  it('keeps a third of the minute for cards with news while re-renders wait, and frees it a minute later', async () => {
    const pace = createCardUpdatePace({
      quota: store.quota,
      wall: { now: () => new Date(now) },
      perMinute: 6,
    });
    const renders = [];
    for (let i = 0; i < 5; i += 1) renders.push(await pace.take('T1', 'render'));
    expect(renders.filter((slot) => slot.ok)).toHaveLength(4);
    expect(await pace.take('T1', 'news')).toEqual({ ok: true });
    expect(await pace.take('T1', 'news')).toEqual({ ok: true });
    expect(await pace.take('T1', 'news')).toEqual({ ok: false, until: T0 + 60_000 });
    expect(await pace.take('T2', 'render')).toEqual({ ok: true });
    now = T0 + 60_000;
    expect(await pace.take('T1', 'render')).toEqual({ ok: true });
  });

  it('pauses a workspace after a 429, for news and re-renders alike', async () => {
    const pace = createCardUpdatePace({
      quota: store.quota,
      wall: { now: () => new Date(now) },
      perMinute: 6,
    });
    await pace.pause('T3', now + 5_000);
    expect(await pace.take('T3', 'news')).toEqual({ ok: false, until: now + 5_000 });
    now += 5_000;
    expect(await pace.take('T3', 'news')).toEqual({ ok: true });
  });
});
