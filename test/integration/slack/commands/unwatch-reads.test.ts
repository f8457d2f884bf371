/**
 * `/shipwatch unwatch <number>` in a channel that watches thousands of shipments reads the one watch it names, not
 * the channel's list: the bot's store is wrapped in a spy that counts the watch rows each read returns, and the
 * command goes through signed HTTP like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../../src/simulator/demo/catalog.js';
import type { Store, Watch } from '../../../../src/store/index.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { nextId, TEST_TEAM } from '../../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../../helpers/slack/watching-harness.js';
import { embeddedHarness } from '../../../unit/store/helpers/stores.js';
import { textOf } from '../interactions/world.js';

const IN_CHANNEL = 3_000;

/** The store as given, except that every read of `watching.watches` adds the rows it returned to `rows`. */
function countingWatchReads(store: Store) {
  const reads: Array<{ method: string; rows: number }> = [];
  const rowsOf = (value: unknown) => (Array.isArray(value) ? value.length : value ? 1 : 0);
  const watches = new Proxy(store.watching.watches, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const answer = await value.apply(target, args);
        if (
          ['get', 'listByChannel', 'findInChannel', 'findByNumber', 'listByShipment', 'overview'].includes(
            String(property),
          )
        )
          reads.push({ method: String(property), rows: rowsOf(answer) });
        return answer;
      };
    },
  });
  const watching = new Proxy(store.watching, {
    get: (target, property, receiver) =>
      property === 'watches' ? watches : Reflect.get(target, property, receiver),
  });
  const spied = new Proxy(store, {
    get: (target, property, receiver) =>
      property === 'watching' ? watching : Reflect.get(target, property, receiver),
  });
  return { store: spied, reads };
}

describe('/shipwatch unwatch in a channel of thousands', () => {
  const stores = embeddedHarness();
  let spy: ReturnType<typeof countingWatchReads>;
  let watching: WatchingHarness;
  let harness: BotHarness;
  let real: Store;
  const channelId = nextId('C');

  beforeAll(async () => {
    const store = await stores.open();
    real = store;
    const now = Date.now();
    const quiet = (i: number): Watch => ({
      teamId: TEST_TEAM.id,
      channelId,
      shipmentId: `bulk-${i}`,
      shipmentNumber: `BULK${String(i).padStart(8, '0')}`,
      cardTs: `1767225600.${String(i).padStart(6, '0')}`,
      threadTs: null,
      createdBy: 'U0SEED',
      createdAt: now,
      state: 'active',
      pausedReason: null,
      etaTold: null,
      updatedAt: now,
      tier: null,
      tierUntil: null,
    });
    for (let i = 0; i < IN_CHANNEL; i += 100)
      await Promise.all(Array.from({ length: 100 }, (_, j) => store.watching.watches.create(quiet(i + j))));
    spy = countingWatchReads(store);
    watching = await startWatchingHarness('unwatch-reads', { store: spy.store });
    ({ harness } = watching);
  }, 120_000);
  afterAll(async () => {
    await watching?.stop();
    await stores.dispose();
  });

  it('reads only the watch the number names, and stops it', async () => {
    const { bl, id } = DEMO.shipments.onWater;
    await harness.command('/shipwatch', `watch ${bl}`, { channelId });
    const card = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(bl),
    );
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.answer?.ts && textOf(call).includes('started watching'),
    );
    spy.reads.length = 0;

    await harness.command('/shipwatch', `unwatch ${bl.toLowerCase()}`, { channelId });
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.thread_ts === card.answer?.ts && textOf(call).includes('stopped watching'),
    );
    // Found by its number (one row), then read once more as it is removed: never the channel's 3,000.
    expect(spy.reads).toEqual([
      { method: 'findInChannel', rows: 1 },
      { method: 'get', rows: 1 },
    ]);
    expect(await real.watching.watches.get(TEST_TEAM.id, channelId, id)).toBeNull();
    expect(await real.watching.watches.listByChannel(TEST_TEAM.id, channelId)).toHaveLength(IN_CHANNEL);
  });
});
