/**
 * Watching several Terminal49 accounts at once (OAuth mode: each workspace connects its own key): a shipment watched
 * by a workspace of account B is polled with B's client and spends B's budget, never A's; a job whose account was
 * disconnected is dropped instead of being read with another account's key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco } from './helpers/shipments.js';
import { FakeTracking, type Replica, type WatchWorld, watchWorld } from './helpers/watch-world.js';

describe('watching shipments of several accounts', () => {
  let world: WatchWorld;
  let accountB: FakeTracking;
  let connected: boolean;
  let replica: Replica;

  beforeEach(async () => {
    world = watchWorld(embeddedHarness());
    accountB = new FakeTracking(world.clock);
    accountB.set(cosco());
    connected = true;
    replica = await world.replica({
      trackingFor: async (accountId) => (accountId === 'acct-b' && connected ? accountB : null),
    });
  });
  afterEach(async () => world.dispose());

  async function watchWithAccountB() {
    const card = await world.chat.postMessage({ channel: 'C1', text: 'card' });
    await replica.service.watch({
      accountId: 'acct-b',
      teamId: 'T0B',
      channelId: 'C1',
      userId: 'U1',
      detail: await accountB.getShipment('shp-cosco-1'),
      cardTs: card.ts ?? '',
      threadTs: null,
    });
  }

  it("polls a shipment with its own account's client, and records the account with its snapshot", async () => {
    await watchWithAccountB();
    const readsBefore = accountB.reads;
    for (let minute = 0; minute < 30; minute += 1) {
      world.clock.advance(60_000);
      await replica.service.runDue();
    }
    expect(accountB.reads).toBeGreaterThan(readsBefore);
    expect(world.tracking.reads).toBe(0);
    expect((await replica.store.watching.snapshots.get('shp-cosco-1'))?.accountId).toBe('acct-b');
    // Its polls spent account B's budget, none of the service's own account's.
    expect(
      Object.values(replica.service.budget.totals.get('acct-b') ?? {}).reduce((a, b) => a + b, 0),
    ).toBeGreaterThan(0);
    expect(replica.service.budget.totals.get(replica.service.accountId)).toBeUndefined();
  });

  it('drops the polls of an account that was disconnected, reading nothing with another key', async () => {
    await watchWithAccountB();
    connected = false;
    const other = await world.replica({ trackingFor: async () => null });
    for (let minute = 0; minute < 30; minute += 1) {
      world.clock.advance(60_000);
      await other.service.runDue();
    }
    expect(world.tracking.reads).toBe(0);
  });
});
