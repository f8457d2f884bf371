/**
 * Watching within the API budget (README "Watching shipments", the budget): a webhook re-fetch goes ahead of every
 * poll that is waiting; urgent polls go before routine ones; a watch keeps its attention tier, and the minute sweep
 * moves it when the clock does and pulls an urgent shipment's poll in; a shortfall is said in one line when it starts
 * and one when it ends. A manual clock and an embedded store; jobs run only when the test calls `runDue`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import type { ShipmentDetail } from '../../../src/tracking/models.js';
import { JOB } from '../../../src/watch/job-kinds.js';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco, notificationJson, RELEASED, serveRoute } from './helpers/shipments.js';
import { type Replica, type WatchWorld, WEBHOOK_SECRET, watchWorld } from './helpers/watch-world.js';

const MINUTE = 60_000;

describe('watching within the API budget', () => {
  let world: WatchWorld;

  beforeEach(() => {
    world = watchWorld(embeddedHarness());
  });
  afterEach(async () => {
    await world.dispose();
  });

  /** A copy of the COSCO shipment under another id; `urgent` keeps its customs hold (held after discharge). */
  const shipment = (id: string, urgent: boolean): ShipmentDetail => {
    const detail = urgent ? cosco() : cosco({ second: RELEASED });
    detail.shipment.id = id;
    detail.shipment.billOfLadingNumber = `BL${id.toUpperCase()}`;
    return detail;
  };
  const watch = async (replica: Replica, detail: ShipmentDetail, channelId = 'C1') => {
    world.tracking.set(detail);
    const card = await world.chat.postMessage({ channel: channelId, text: 'card' });
    return replica.service.watch({
      teamId: 'T1',
      channelId,
      userId: 'U1',
      detail: await world.tracking.getShipment(detail.shipment.id),
      cardTs: card.ts ?? '',
      threadTs: card.ts ?? null,
    });
  };
  /** The ids read from the tracking API from now on, in order. */
  const readsFrom = () => {
    const seen: string[] = [];
    const original = world.tracking.getShipment.bind(world.tracking);
    world.tracking.getShipment = async (id: string) => {
      seen.push(id);
      return original(id);
    };
    return seen;
  };

  it('re-fetches for a webhook ahead of every poll that is waiting for the budget', async () => {
    // A budget of 3: polls may fill two slots a minute, the third is kept for webhooks.
    const replica = await world.replica({ config: { budgetPerMinute: 3 } });
    for (const id of ['s1', 's2', 's3', 's4', 's5', 's6']) await watch(replica, shipment(id, false));
    const reads = readsFrom();
    world.clock.advance(16 * MINUTE);
    // Polls are spread over the minute: one every 5 s at this budget.
    await replica.service.runDue();
    world.clock.advance(5_000);
    await replica.service.runDue();
    expect(reads).toHaveLength(2);
    const server = await serveRoute(replica.service.webhookRoute!, WEBHOOK_SECRET);
    try {
      expect(await server.post(notificationJson({ shipmentId: 's6', containerId: 'box-2' }))).toBe(200);
    } finally {
      await server.close();
    }
    world.clock.advance(1_000);
    await replica.service.runDue();
    expect(reads).toHaveLength(3);
    expect(reads[2]).toBe('s6');
  });

  it('polls shipments in an urgent tier before routine ones when both are due', async () => {
    const replica = await world.replica({ config: { budgetPerMinute: 3 } });
    await watch(replica, shipment('routine-1', false));
    await watch(replica, shipment('routine-2', false));
    await watch(replica, shipment('held-1', true));
    await watch(replica, shipment('held-2', true));
    const reads = readsFrom();
    world.clock.advance(16 * MINUTE);
    await replica.service.runDue();
    world.clock.advance(5_000);
    await replica.service.runDue();
    expect(reads.sort()).toEqual(['held-1', 'held-2']);
  });

  it('stores each watch’s tier, and the sweep moves it at the LFD zone’s midnight and pulls the poll in', async () => {
    // Tuesday 09:00 in Amsterdam: an LFD on Friday is within 3 days; from Thursday it is the next working day.
    const replica = await world.replica();
    const { watch: watched } = await watch(replica, shipment('lfd-friday', false));
    expect(watched).toMatchObject({ tier: 'lfd_within_3_days' });
    expect(new Date(watched.tierUntil ?? 0).toISOString()).toBe('2026-03-11T23:00:00.000Z');
    world.clock.set('2026-03-11T23:00:30Z');
    await replica.service.runDue();
    const after = await replica.service.find('T1', 'C1', 'lfd-friday');
    expect(after).toMatchObject({ tier: 'lfd_next_working_day' });
    const [poll] = await replica.store.jobs.claim({
      kinds: [JOB.poll],
      owner: 'peek',
      leaseMs: 1,
      now: Date.parse('2026-03-12T00:00:00Z'),
      limit: 1,
    });
    expect(poll?.lane).toBe('api:watch-test:poll');
    // The urgent class: ahead of every routine poll in line.
    expect(Math.floor((poll?.order ?? 0) / 1e13)).toBe(2);
  });

  it('says a shortfall out loud once when it starts, and once when it ends', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = createLogger({ level: 'warn', write: (line) => lines.push(JSON.parse(line)) });
    // A budget of 2: polls may use 1 a minute, planned at 0.9. Four shipments near arrival need 4 / 15 a minute…
    const replica = await world.replica({ config: { budgetPerMinute: 2 }, logger });
    for (const id of ['a', 'b', 'c', 'd']) await watch(replica, shipment(id, false));
    for (let minute = 0; minute < 3; minute += 1) {
      await replica.service.runDue();
      world.clock.advance(MINUTE);
    }
    const shortfall = () => lines.filter((line) => String(line.msg).startsWith('watch: polls'));
    expect(shortfall().map((line) => line.msg)).toEqual([]);
    // …and twenty need 20 / 15: more than the budget leaves them.
    for (let i = 0; i < 16; i += 1) await watch(replica, shipment(`more-${i}`, false));
    for (let minute = 0; minute < 3; minute += 1) {
      await replica.service.runDue();
      world.clock.advance(MINUTE);
    }
    expect(shortfall()).toHaveLength(1);
    expect(shortfall()[0]).toMatchObject({ level: 'warn', budgetPerMinute: 2 });
    expect(String(shortfall()[0]?.msg)).toContain('stretched');
    expect((await replica.service.status()).polls).toMatchObject({ shortfall: true, budgetPerMinute: 2 });
    for (let i = 0; i < 16; i += 1)
      await replica.service.unwatch({ teamId: 'T1', channelId: 'C1', shipmentId: `more-${i}` });
    for (let minute = 0; minute < 3; minute += 1) {
      await replica.service.runDue();
      world.clock.advance(MINUTE);
    }
    expect(shortfall().map((line) => line.msg)).toEqual([
      'watch: polls need more than the API budget; routine polls are stretched',
      'watch: polls fit the API budget again; every shipment is polled at its cadence',
    ]);
  });
});
