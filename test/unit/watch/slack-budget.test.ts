/**
 * Slack's budget (README "Watching shipments", Slack's limits): card updates of a workspace share one chat.update pace
 * across replicas, each card waits in its place and is updated once in its latest state, the most urgent go first and
 * the rest follow, and a 429 pauses the workspace's pace for everyone until its Retry-After.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipmentDetail } from '../../../src/tracking/models.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco, RELEASED } from './helpers/shipments.js';
import { type Replica, rateLimited, type WatchWorld, watchWorld } from './helpers/watch-world.js';

const MINUTE = 60_000;

describe('Slack’s budget for watched cards', () => {
  let world: WatchWorld;
  let cards: Map<string, string>;

  beforeEach(() => {
    world = watchWorld(embeddedHarness());
    cards = new Map();
  });
  afterEach(async () => {
    await world.dispose();
  });

  const shipment = (id: string, urgent: boolean): ShipmentDetail => {
    const detail = urgent ? cosco() : cosco({ second: RELEASED });
    detail.shipment.id = id;
    detail.shipment.billOfLadingNumber = `BL${id.toUpperCase()}`;
    return detail;
  };
  const watch = async (replica: Replica, detail: ShipmentDetail) => {
    world.tracking.set(detail);
    const card = await world.chat.postMessage({ channel: `C-${detail.shipment.id}`, text: 'card' });
    cards.set(detail.shipment.id, card.ts ?? '');
    await replica.service.watch({
      teamId: 'T1',
      channelId: `C-${detail.shipment.id}`,
      userId: 'U1',
      detail: await world.tracking.getShipment(detail.shipment.id),
      cardTs: card.ts ?? '',
      threadTs: card.ts ?? null,
    });
  };
  /** Someone else's reading shows new vessel news: the card must change. */
  const change = async (replica: Replica, id: string, voyage: string) => {
    const detail = world.tracking.shipments.get(id);
    if (!detail) throw new Error(id);
    detail.shipment.vessel = { ...detail.shipment.vessel, voyageNumber: voyage };
    world.tracking.set(detail);
    await replica.service.ingest(await world.tracking.getShipment(id));
  };
  const updatedCards = () => world.chat.updates.map((update) => update.ts);
  const idOf = (ts: string) => [...cards].find(([, card]) => card === ts)?.[0];

  it('keeps a workspace’s card updates to its pace across replicas, each card updated once in its latest state', async () => {
    const a = await world.replica({ config: { cardUpdatesPerMinute: 3 } });
    const b = await world.replica({ config: { cardUpdatesPerMinute: 3 } });
    const ids = ['s1', 's2', 's3', 's4', 's5'];
    for (const id of ids) await watch(a, shipment(id, false));
    for (const id of ids) await change(a, id, '072W');
    await Promise.all([a.service.runDue(), b.service.runDue()]);
    expect(world.chat.updates).toHaveLength(3);
    // While they wait, two more changes to a waiting card coalesce into its one update.
    const waiting = ids.find((id) => !updatedCards().includes(cards.get(id) ?? '')) ?? '';
    await change(b, waiting, '073W');
    await change(b, waiting, '074W');
    world.clock.advance(30 * 1000);
    await Promise.all([a.service.runDue(), b.service.runDue()]);
    expect(world.chat.updates).toHaveLength(3);
    world.clock.advance(31 * 1000);
    await Promise.all([a.service.runDue(), b.service.runDue()]);
    expect(world.chat.updates).toHaveLength(5);
    expect(new Set(updatedCards()).size).toBe(5);
    const latest = world.chat.updates.find((update) => update.ts === cards.get(waiting));
    expect(JSON.stringify(latest?.blocks)).toContain('074W');
  });

  it('updates the cards of urgent shipments first, and the others after them', async () => {
    const replica = await world.replica({ config: { cardUpdatesPerMinute: 2 } });
    for (const id of ['r1', 'r2']) await watch(replica, shipment(id, false));
    for (const id of ['u1', 'u2']) await watch(replica, shipment(id, true));
    for (const id of ['r1', 'r2', 'u1', 'u2']) await change(replica, id, '072W');
    await replica.service.runDue();
    expect(updatedCards().map(idOf).sort()).toEqual(['u1', 'u2']);
    world.clock.advance(MINUTE + 1_000);
    await replica.service.runDue();
    expect(updatedCards().map(idOf).sort()).toEqual(['r1', 'r2', 'u1', 'u2']);
  });

  it('posts a card’s news in its thread at once even while the card itself waits for the workspace’s pace', async () => {
    const replica = await world.replica({ config: { cardUpdatesPerMinute: 1 } });
    for (const id of ['h1', 'h2']) await watch(replica, shipment(id, true));
    for (const id of ['h1', 'h2']) {
      const released = shipment(id, false);
      world.tracking.set(released);
      await replica.service.ingest(await world.tracking.getShipment(id));
    }
    await replica.service.runDue();
    expect(world.chat.updates).toHaveLength(1);
    expect(world.chat.threadMessages()).toHaveLength(2);
    world.clock.advance(MINUTE + 1_000);
    await replica.service.runDue();
    expect(world.chat.updates).toHaveLength(2);
    expect(world.chat.threadMessages()).toHaveLength(2);
  });

  it('pauses every card update of the workspace until Slack’s Retry-After when one answers 429', async () => {
    // One delivery at a time, so what follows the 429 is what the pause decides (not a call already in flight).
    const replica = await world.replica({ config: { concurrency: 1 } });
    for (const id of ['s1', 's2', 's3']) await watch(replica, shipment(id, false));
    world.chat.failUpdates.push(rateLimited(20));
    for (const id of ['s1', 's2', 's3']) await change(replica, id, '072W');
    await replica.service.runDue();
    expect(world.chat.updates).toHaveLength(0);
    world.clock.advance(19_000);
    await replica.service.runDue();
    expect(world.chat.updates).toHaveLength(0);
    world.clock.advance(1_500);
    await replica.service.runDue();
    expect(world.chat.updates).toHaveLength(3);
  });
});
