/**
 * Slack allows about one message per second per channel. When changes to several watched shipments of one channel
 * are ready at once, the thread messages go out one per pace (a second by default), none dropped, each shipment's
 * changes in one message; a different channel is not held up by this one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipmentDetail } from '../../../src/tracking/models.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco, RELEASED, SHIPMENT_ID } from './helpers/shipments.js';
import { type Replica, type WatchWorld, watchWorld } from './helpers/watch-world.js';

const TEAM = 'T1';
const BUSY = 'C0BUSY';
const QUIET = 'C0QUIET';
const IDS = [SHIPMENT_ID, 'shp-cosco-2', 'shp-cosco-3'];

/** The COSCO demo shipment under another id and bill of lading, so one channel can watch several. */
function shipment(id: string, boxes: Parameters<typeof cosco>[0] = {}): ShipmentDetail {
  const detail = cosco(boxes);
  const n = IDS.indexOf(id);
  return { ...detail, shipment: { ...detail.shipment, id, billOfLadingNumber: `COSU631234567${n}` } };
}

describe('pacing thread messages per channel', () => {
  let world: WatchWorld;
  let a: Replica;

  beforeEach(async () => {
    world = watchWorld(embeddedHarness());
    for (const id of IDS) world.tracking.set(shipment(id));
    a = await world.replica();
  });
  afterEach(async () => {
    await world.dispose();
  });

  const watch = async (id: string, channelId: string) => {
    const card = await world.chat.postMessage({ channel: channelId, text: 'card' });
    await a.service.watch({
      teamId: TEAM,
      channelId,
      userId: 'U0ALICE',
      detail: await world.tracking.getShipment(id),
      cardTs: card.ts ?? '',
      threadTs: card.ts ?? null,
    });
  };

  it('posts one message per second in a channel whose watched shipments all changed at once, losing none', async () => {
    for (const id of IDS) await watch(id, BUSY);
    await watch(SHIPMENT_ID, QUIET);
    await a.service.runDue();
    expect(world.chat.threadMessages()).toEqual([]);

    for (const id of IDS) world.tracking.set(shipment(id, { second: RELEASED }));
    world.clock.advance(20 * 60_000);
    await a.service.runDue();
    // The busy channel got one message; the quiet one got its own at the same time.
    expect(world.chat.threadMessages(BUSY)).toHaveLength(1);
    expect(world.chat.threadMessages(QUIET)).toHaveLength(1);

    // Within the second nothing more goes to the busy channel, however often the jobs run.
    world.clock.advance(500);
    await a.service.runDue();
    expect(world.chat.threadMessages(BUSY)).toHaveLength(1);

    for (let second = 1; second <= 4; second++) {
      world.clock.advance(1_000);
      await a.service.runDue();
    }
    const busy = world.chat.threadMessages(BUSY);
    expect(busy).toHaveLength(IDS.length);
    // One message per shipment, each about the released hold, in distinct threads (one per card).
    expect(new Set(busy.map((post) => post.threadTs)).size).toBe(IDS.length);
    for (const post of busy)
      expect(JSON.stringify(post.blocks)).toContain('Customs hold (DOUANE - SCAN ORDERED) released');
  });
});
