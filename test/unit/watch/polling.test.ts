/**
 * Polling: the cadence by phase (with jitter that only brings a poll forward), the budget that keeps background
 * reads within their share of the quota across replicas, and polls skipped when a webhook already brought the news.
 * A manual clock and an embedded store; jobs run only when the test calls `runDue`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CADENCE, nextPollAt, parseCadence } from '../../../src/watch/watch-config.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco } from './helpers/shipments.js';
import { type Replica, type WatchWorld, watchWorld } from './helpers/watch-world.js';

const MINUTE = 60_000;

describe('the polling cadence', () => {
  it('polls near arrival every 15 minutes, at sea every 6 hours, in detention every 12 hours, and stops when done', () => {
    expect(DEFAULT_CADENCE).toEqual({
      near: 15 * MINUTE,
      far: 6 * 60 * MINUTE,
      detention: 12 * 60 * MINUTE,
      done: null,
    });
  });

  it('only ever brings a poll forward, by at most the jitter', () => {
    const config = { cadenceMs: DEFAULT_CADENCE, jitter: 0.1 };
    expect(nextPollAt(config, 'near', 0, () => 0)).toBe(15 * MINUTE);
    expect(nextPollAt(config, 'near', 0, () => 0.999_999)).toBeGreaterThanOrEqual(13.5 * MINUTE - 1);
    expect(nextPollAt(config, 'done', 0, () => 0)).toBeNull();
  });

  it('reads SHIPWATCH_POLL_CADENCE, keeping the defaults it does not name', () => {
    expect(parseCadence('near=5m, far=2h, done=off')).toEqual({
      ...DEFAULT_CADENCE,
      near: 5 * MINUTE,
      far: 120 * MINUTE,
      done: null,
    });
    expect(() => parseCadence('near=soon')).toThrow(/near=soon/);
    expect(() => parseCadence('near=10s')).toThrow(/shorter than a minute/);
  });
});

describe('polling watched shipments', () => {
  let world: WatchWorld;
  let replica: Replica;

  beforeEach(() => {
    world = watchWorld(embeddedHarness());
  });
  afterEach(async () => {
    await world.dispose();
  });

  const watch = async (replicaToUse: Replica, id: string) => {
    const detail = cosco();
    detail.shipment.id = id;
    world.tracking.set(detail);
    await replicaToUse.service.watch({
      teamId: 'T1',
      channelId: 'C1',
      userId: 'U1',
      detail: await world.tracking.getShipment(id),
      cardTs: `1767225600.${id}`,
      threadTs: null,
    });
  };

  it('re-reads a shipment at the terminal within 15 minutes, again and again', async () => {
    replica = await world.replica();
    await watch(replica, 'shp-a');
    await replica.service.runDue();
    const reads: number[] = [];
    for (let minute = 1; minute <= 60; minute += 1) {
      world.clock.advance(MINUTE);
      const before = world.tracking.reads;
      await replica.service.runDue();
      if (world.tracking.reads > before) reads.push(minute);
    }
    expect(reads.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < reads.length; i += 1)
      expect((reads[i] ?? 0) - (reads[i - 1] ?? 0)).toBeLessThanOrEqual(15);
  });

  it('keeps polls within the budget per minute less the webhook reserve, spread over the minute and shared by two replicas', async () => {
    // A budget of 3: one request a minute is kept for webhook re-fetches, two are the polls', at most one per 5 s.
    replica = await world.replica({ config: { budgetPerMinute: 3 } });
    const other = await world.replica({ config: { budgetPerMinute: 3 } });
    for (const id of ['s1', 's2', 's3', 's4', 's5']) await watch(replica, id);
    const start = world.tracking.reads;
    world.clock.advance(16 * MINUTE);
    const readsAfter = async (seconds: number) => {
      for (let elapsed = 0; elapsed < seconds; elapsed += 5) {
        await Promise.all([replica.service.runDue(), other.service.runDue()]);
        world.clock.advance(5_000);
      }
      return world.tracking.reads - start;
    };
    expect(await readsAfter(60)).toBe(2);
    expect(await readsAfter(65)).toBe(4);
    expect(await readsAfter(60)).toBe(5);
  });

  it('skips a poll (no request) when the shipment was read moments ago, and polls again at the cadence', async () => {
    replica = await world.replica();
    await watch(replica, 'shp-a');
    await replica.service.runDue();
    const afterWatch = world.tracking.reads;
    world.clock.advance(5 * MINUTE);
    await replica.service.runDue();
    expect(world.tracking.reads).toBe(afterWatch);
    world.clock.advance(11 * MINUTE);
    await replica.service.runDue();
    expect(world.tracking.reads).toBe(afterWatch + 1);
  });

  it('stops polling a shipment nobody watches any more', async () => {
    replica = await world.replica();
    await watch(replica, 'shp-a');
    await replica.service.unwatch({ teamId: 'T1', channelId: 'C1', shipmentId: 'shp-a' });
    const before = world.tracking.reads;
    world.clock.advance(60 * MINUTE);
    await replica.service.runDue();
    expect(world.tracking.reads).toBe(before);
  });
});
