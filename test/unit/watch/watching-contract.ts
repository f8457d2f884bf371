/**
 * Watching end to end below Slack's HTTP layer, run on both backends (watching-embedded.test.ts,
 * watching-postgres.test.ts): a watch keeps its card true, a change reaches the channel once whichever path saw it,
 * notifications are coalesced, Slack's 429s and refusals are honoured, and a replica killed mid-work loses nothing
 * and doubles nothing. Time is a manual clock; jobs run only when a test calls `runDue`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNEL_SETTINGS } from '../../../src/watch/settings.js';
import { lfd } from '../../fixtures/cards/factories.js';
import type { StoreHarness } from '../store/helpers/stores.js';
import { AMS, cosco, notificationJson, RELEASED, SHIPMENT_ID, serveRoute } from './helpers/shipments.js';
import {
  type Replica,
  rateLimited,
  refused,
  type WatchWorld,
  WEBHOOK_SECRET,
  watchWorld,
} from './helpers/watch-world.js';

const TEAM = 'T1';
const CHANNEL = 'C0WATCH1';

export function describeWatching(name: string, makeHarness: () => StoreHarness): void {
  describe(`watching: ${name}`, () => {
    let world: WatchWorld;
    let a: Replica;

    beforeEach(async () => {
      world = watchWorld(makeHarness());
      world.tracking.set(cosco());
      a = await world.replica();
    });
    afterEach(async () => {
      await world.dispose();
    });

    const watchHere = async (replica: Replica = a, channelId = CHANNEL) => {
      const card = await world.chat.postMessage({ channel: channelId, text: 'card' });
      return replica.service.watch({
        teamId: TEAM,
        channelId,
        userId: 'U0ALICE',
        detail: await world.tracking.getShipment(SHIPMENT_ID),
        cardTs: card.ts ?? '',
        threadTs: card.ts ?? null,
      });
    };
    const threadLines = () => world.chat.threadMessages().map((post) => post.text);

    it('takes the card as posted in its watched form: no chat.update to mark it watched, nothing in its thread', async () => {
      const outcome = await watchHere();
      expect(outcome.outcome).toBe('created');
      await a.service.runDue();
      world.clock.advance(60_000);
      await a.service.runDue();
      expect(world.chat.updates).toEqual([]);
      expect(world.chat.threadMessages()).toEqual([]);
      const card = await a.store.cards.get(TEAM, CHANNEL, outcome.watch.cardTs ?? '');
      expect(card?.renderedVersion).toMatch(/^[0-9a-f]{16}$/);
    });

    it('reuses the card of a second watch of the same shipment in the same channel', async () => {
      const first = await watchHere();
      const second = await watchHere();
      expect(second).toEqual({ outcome: 'exists', watch: first.watch });
    });

    it('tells the thread once when a webhook says something changed, then nothing when a poll sees it again', async () => {
      await watchHere();
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
      try {
        expect(await server.post(notificationJson({}))).toBe(200);
      } finally {
        await server.close();
      }
      world.clock.advance(6_000);
      await a.service.runDue();
      expect(threadLines()).toHaveLength(1);
      expect(threadLines()[0]).toContain('CBHU5120015');
      const lines = JSON.stringify(world.chat.threadMessages()[0]?.blocks);
      expect(lines).toContain('available for pickup at Rotterdam');
      expect(lines).toContain('Customs hold (DOUANE - SCAN ORDERED) released on CBHU5120015');
      expect(world.chat.updates).toHaveLength(1);

      // Twenty minutes on, a minute at a time: the poll at its cadence sees the same change and tells no one.
      for (let minute = 0; minute < 20; minute += 1) {
        world.clock.advance(60_000);
        await a.service.runDue();
      }
      expect(threadLines()).toHaveLength(1);
      expect(world.chat.updates).toHaveLength(1);
    });

    it('leaves a person’s card-less watch to the request posting its card, and posts the card itself once that request is long gone', async () => {
      const reserved = await a.service.watch({
        teamId: TEAM,
        channelId: CHANNEL,
        userId: 'U0ALICE',
        detail: await world.tracking.getShipment(SHIPMENT_ID),
        cardTs: null,
        threadTs: null,
      });
      expect(reserved.watch.cardTs).toBeNull();
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
      try {
        expect(await server.post(notificationJson({}))).toBe(200);
      } finally {
        await server.close();
      }
      world.clock.advance(6_000);
      await a.service.runDue();
      // Its request would be posting the card now: the news waits, nothing is posted twice.
      expect(world.chat.posts).toEqual([]);

      world.clock.advance(61_000);
      await a.service.runDue();
      const [card, ...rest] = world.chat.posts;
      expect(card).toMatchObject({ channel: CHANNEL, threadTs: null });
      expect(rest.map((post) => post.threadTs)).toEqual([card?.ts]);
      expect(await a.store.watching.watches.get(TEAM, CHANNEL, SHIPMENT_ID)).toMatchObject({
        cardTs: card?.ts,
      });
    });

    it('re-fetches once for a burst of notifications about one shipment', async () => {
      await watchHere();
      await a.service.runDue();
      const before = world.tracking.reads;
      world.tracking.set(cosco({ second: RELEASED }));
      const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
      try {
        for (let i = 0; i < 10; i += 1)
          expect(await server.post(notificationJson({ containerId: 'box-2' }))).toBe(200);
      } finally {
        await server.close();
      }
      world.clock.advance(6_000);
      await a.service.runDue();
      expect(world.tracking.reads - before).toBe(1);
      expect(world.chat.threadMessages()).toHaveLength(1);
    });

    it('spends no request on notifications whose news the last reading already shows', async () => {
      world.tracking.set(cosco({ first: { podDischargedAt: null }, second: { podDischargedAt: null } }));
      await watchHere();
      await a.service.runDue();
      world.tracking.set(cosco());
      const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
      const discharged = (containerId: string) =>
        notificationJson({ event: 'container.transport.vessel_discharged', containerId });
      try {
        world.clock.advance(6_000);
        expect(await server.post(discharged('box-1'))).toBe(200);
        world.clock.advance(1_000);
        const before = world.tracking.reads;
        await a.service.runDue();
        expect(world.tracking.reads - before).toBe(1);
        world.clock.advance(1_000);
        expect(await server.post(discharged('box-2'))).toBe(200);
        world.clock.advance(6_000);
        await a.service.runDue();
        expect(world.tracking.reads - before).toBe(1);
      } finally {
        await server.close();
      }
      expect(world.chat.threadMessages()).toHaveLength(1);
      expect(JSON.stringify(world.chat.threadMessages()[0]?.blocks)).toContain('2 containers discharged');
    });

    it('posts a change to every channel watching the shipment, once each', async () => {
      await watchHere(a, 'C0WATCH1');
      await watchHere(a, 'C0WATCH2');
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      world.clock.advance(20 * 60_000);
      await a.service.runDue();
      expect(world.chat.threadMessages('C0WATCH1')).toHaveLength(1);
      expect(world.chat.threadMessages('C0WATCH2')).toHaveLength(1);
    });

    it('waits for Retry-After when Slack answers 429, then posts the batch once, with what arrived meanwhile', async () => {
      await watchHere();
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      world.chat.failPosts.push(rateLimited(30));
      world.clock.advance(20 * 60_000);
      await a.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(0);
      world.tracking.set(
        cosco({
          first: { pickupAppointmentAt: { at: '2026-03-11T08:00:00Z', timeZone: 'Europe/Amsterdam' } },
          second: RELEASED,
        }),
      );
      const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
      try {
        expect(await server.post(notificationJson({ containerId: 'box-1' }))).toBe(200);
      } finally {
        await server.close();
      }
      world.clock.advance(6_000);
      await a.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(0);
      world.clock.advance(25_000);
      await a.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(1);
      const text = JSON.stringify(world.chat.threadMessages()[0]?.blocks);
      expect(text).toContain('Customs hold (DOUANE - SCAN ORDERED) released');
      expect(text).toContain('Pickup appointment for CSNU8804120');
    });

    it.each([
      ['not_in_channel', '/invite @Shipwatch'],
      ['channel_not_found', '/invite @Shipwatch'],
      ['is_archived', 'unarchive it'],
      ['message_not_found', 'the card was deleted'],
      ['cant_update_message', 'the card can no longer be edited'],
    ])(
      'pauses the watch and tells its creator privately how to resume when Slack answers %s',
      async (reason, hint) => {
        await watchHere();
        await a.service.runDue();
        world.tracking.set(cosco({ second: RELEASED }));
        world.chat.failUpdates.push(refused(reason));
        world.clock.advance(20 * 60_000);
        await a.service.runDue();
        const watch = await a.service.find(TEAM, CHANNEL, SHIPMENT_ID);
        expect(watch).toMatchObject({ state: 'paused', pausedReason: reason });
        const dm = world.chat.posts.find((post) => post.channel === 'U0ALICE');
        expect(dm?.text).toContain(hint);
        expect(dm?.text).toContain('/shipwatch watch COSU6312345670');
        const resumed = await watchHere();
        expect(resumed.outcome).toBe('resumed');
      },
    );

    it('re-renders the card at midnight in the LFD’s zone, with no new data: "tomorrow" becomes "today"', async () => {
      await watchHere();
      await a.service.runDue();
      const lfdLine = () => {
        const blocks = JSON.stringify(world.chat.updates.at(-1)?.blocks);
        return {
          today: blocks.includes('today in Rotterdam'),
          tomorrow: blocks.includes('tomorrow in Rotterdam'),
        };
      };
      world.clock.set('2026-03-12T22:59:00Z'); // 23:59 in Rotterdam, the day before the LFD (13 March)
      await a.service.wake();
      await a.service.runDue();
      const before = world.chat.updates.length;
      const readsBefore = world.tracking.reads;
      expect(lfdLine()).toMatchObject({ today: false, tomorrow: true });

      world.clock.set('2026-03-12T23:00:00Z'); // midnight in Rotterdam: the LFD is today
      await a.service.wake();
      await a.service.runDue();
      expect(world.chat.updates.length).toBeGreaterThan(before);
      expect(lfdLine()).toMatchObject({ today: true, tomorrow: false });
      // No re-fetch was needed: what changed is the time, not the data.
      expect(world.tracking.reads).toBe(readsBefore);
    });

    it('broadcasts an important update to the channel only when the channel asked for it', async () => {
      await watchHere();
      await a.service.saveSettings(
        TEAM,
        CHANNEL,
        {
          ...DEFAULT_CHANNEL_SETTINGS,
          categories: [...DEFAULT_CHANNEL_SETTINGS.categories],
          broadcastImportant: true,
        },
        'U0ALICE',
      );
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      world.clock.advance(20 * 60_000);
      await a.service.runDue();
      expect(world.chat.threadMessages()).toEqual([expect.objectContaining({ broadcast: true })]);
    });

    it('keeps an update in the thread when the channel did not ask for broadcasts', async () => {
      await watchHere();
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      world.clock.advance(20 * 60_000);
      await a.service.runDue();
      expect(world.chat.threadMessages()).toEqual([expect.objectContaining({ broadcast: false })]);
    });

    it('sends the LFD reminder of the day before at 08:00 in the LFD’s zone, once', async () => {
      await watchHere();
      await a.service.runDue();
      world.clock.set('2026-03-12T06:59:00Z'); // 07:59 in Rotterdam, the day before the LFD
      await a.service.wake();
      await a.service.runDue();
      expect(threadLines().filter((text) => text.includes('Last free day'))).toEqual([]);
      world.clock.set('2026-03-12T07:00:00Z');
      await a.service.wake();
      await a.service.runDue();
      await a.service.wake();
      await a.service.runDue();
      const reminders = world.chat
        .threadMessages()
        .filter((post) => JSON.stringify(post.blocks).includes('Last free day tomorrow'));
      expect(reminders).toHaveLength(1);
      expect(JSON.stringify(reminders[0]?.blocks)).toContain('2 containers not picked up');
    });

    it('sends a Monday LFD’s reminder on each channel’s last working day before it: Friday, or Saturday where Saturday is worked', async () => {
      const monday = [lfd('2026-03-16', 'terminal', AMS)];
      world.tracking.set(cosco({ first: { deadlines: monday }, second: { deadlines: monday } }));
      await watchHere(a, CHANNEL);
      await watchHere(a, 'C0SATURDAYS');
      await a.store.watching.settings.put({
        teamId: TEAM,
        channelId: 'C0SATURDAYS',
        settings: { daysOff: [0] },
        updatedBy: 'U0ALICE',
        updatedAt: 0,
      });
      await a.service.runDue();
      const reminders = (channelId: string) =>
        world.chat
          .threadMessages(channelId)
          .map((post) => JSON.stringify(post.blocks))
          .filter((text) => text.includes('Last free day'));
      const at = async (iso: string) => {
        world.clock.set(iso);
        await a.service.wake();
        await a.service.runDue();
        await a.service.runDue();
      };
      await at('2026-03-13T06:59:00Z'); // Friday 07:59 in Rotterdam
      expect([...reminders(CHANNEL), ...reminders('C0SATURDAYS')]).toEqual([]);
      await at('2026-03-13T07:00:00Z'); // Friday 08:00
      expect(reminders(CHANNEL)).toHaveLength(1);
      expect(reminders(CHANNEL)[0]).toContain('Last free day on the next working day');
      expect(reminders('C0SATURDAYS')).toEqual([]);
      await at('2026-03-14T07:00:00Z'); // Saturday 08:00
      expect(reminders('C0SATURDAYS')).toHaveLength(1);
      expect(reminders('C0SATURDAYS')[0]).toContain('Last free day on the next working day');
      expect(reminders(CHANNEL)).toHaveLength(1);
    });

    it('records a change once when two replicas read it at the same time', async () => {
      const b = await world.replica();
      await watchHere();
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      world.clock.advance(20 * 60_000);
      await Promise.all([a.service.runDue(), b.service.runDue()]);
      await Promise.all([a.service.runDue(), b.service.runDue()]);
      expect(world.chat.threadMessages()).toHaveLength(1);
    });

    it('loses nothing and doubles nothing when the replica holding a refresh dies: another takes it over after the lease', async () => {
      await watchHere();
      await a.service.runDue();
      const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
      world.tracking.set(cosco({ second: RELEASED }));
      try {
        expect(await server.post(notificationJson({}))).toBe(200);
      } finally {
        await server.close();
      }
      world.clock.advance(6_000);
      // Replica A takes the refresh and dies holding it (nothing after the claim happens).
      const taken = await a.store.jobs.claim({
        kinds: ['watch.refresh'],
        owner: 'dead-replica',
        leaseMs: 30_000,
        now: world.clock.now().getTime(),
        limit: 10,
      });
      expect(taken).toHaveLength(1);
      const b = await world.replica();
      await b.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(0);
      world.clock.advance(31_000);
      await b.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(1);
      await b.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(1);
    });

    it('loses nothing when a replica dies after recording a change and before telling Slack', async () => {
      await watchHere();
      await a.service.runDue();
      world.tracking.set(cosco({ second: RELEASED }));
      world.clock.advance(20 * 60_000);
      // The poll is taken by a replica that fetches, commits and dies before its delivery: done here by hand.
      const polls = await a.store.jobs.claim({
        kinds: ['watch.poll'],
        owner: 'dying',
        leaseMs: 30_000,
        now: world.clock.now().getTime(),
        limit: 10,
      });
      expect(polls).toHaveLength(1);
      const { createChangeEngine } = await import('../../../src/watch/engine.js');
      const { createWatchJobs } = await import('../../../src/watch/job-factory.js');
      const { createPollPlanner } = await import('../../../src/watch/poll-planner.js');
      const { silentLogger } = await import('../../../src/logger.js');
      const { defaultWatchConfig } = await import('../../../src/watch/index.js');
      const clocks = { clock: world.clock, wall: world.clock };
      const { budget, accountId } = a.service;
      const dying = createChangeEngine({
        store: a.store,
        clocks,
        config: defaultWatchConfig(100),
        logger: silentLogger,
        jobs: createWatchJobs({ accountId, lane: budget.lane }),
        planner: createPollPlanner({ store: a.store, budget, accountId, clocks, logger: silentLogger }),
      });
      const ingested = await dying.ingest({ detail: await world.tracking.getShipment(SHIPMENT_ID) });
      expect(ingested.changes.map((change) => change.kind).sort()).toEqual(['available', 'hold_released']);
      const b = await world.replica();
      await b.service.runDue();
      world.clock.advance(31_000);
      await b.service.runDue();
      expect(world.chat.threadMessages()).toHaveLength(1);
    });

    it('posts only the kinds of update the channel asked for, and lets small ETA moves add up to its threshold', async () => {
      world.tracking.set(cosco({}));
      const atSea = (eta: string) => {
        const detail = cosco();
        detail.shipment.podAtaAt = null;
        detail.shipment.podEtaAt = { at: eta, timeZone: 'Europe/Amsterdam' };
        for (const container of detail.containers) {
          container.podArrivedAt = null;
          container.podDischargedAt = null;
          container.currentStatus = 'on_ship';
          container.availableForPickup = null;
          container.holds = [];
        }
        return detail;
      };
      world.tracking.set(atSea('2026-03-14T10:00:00Z'));
      await watchHere();
      await a.service.saveSettings(
        TEAM,
        CHANNEL,
        { categories: ['eta'], etaThresholdHours: 6, broadcastImportant: false, format: 'condensed' },
        'U0ALICE',
      );
      await a.service.runDue();
      for (const eta of ['2026-03-14T13:00:00Z', '2026-03-14T15:00:00Z', '2026-03-14T17:00:00Z']) {
        world.tracking.set(atSea(eta));
        world.clock.advance(7 * 3_600_000);
        await a.service.runDue();
      }
      const etaLines = threadLines();
      expect(etaLines).toHaveLength(1);
      expect(etaLines[0]).toContain('ETA Rotterdam moved from');
      expect(JSON.stringify(world.chat.threadMessages()[0]?.blocks)).toContain('7 hours later');
    });

    it('keeps the custom fields a person set on a watched card through the polls that follow', async () => {
      await watchHere();
      await a.service.runDue();
      const detail = await world.tracking.getShipment(SHIPMENT_ID);
      await a.service.ingest({
        ...detail,
        customFields: { 'box-1': [{ slug: 'po_number', label: 'PO number', value: '4500123' }] },
      });
      await a.service.runDue();
      expect(JSON.stringify(world.chat.updates.at(-1)?.blocks)).toContain('PO number: 4500123');
      // A poll reads the shipment alone (no custom fields) and finds a box released: the card keeps the field.
      world.tracking.set(cosco({ second: RELEASED }));
      world.clock.advance(20 * 60_000);
      await a.service.runDue();
      expect(threadLines()).toHaveLength(1);
      expect(JSON.stringify(world.chat.updates.at(-1)?.blocks)).toContain('PO number: 4500123');
    });

    it('re-renders the card and tells the thread when only the inland ETA moves, small moves adding up', async () => {
      const inland = (eta: string) => {
        const detail = cosco();
        detail.shipment.destination = { locode: 'DEDUI', name: 'Duisburg', timeZone: 'Europe/Berlin' };
        detail.shipment.destinationEtaAt = { at: eta, timeZone: 'Europe/Berlin' };
        return detail;
      };
      world.tracking.set(inland('2026-03-16T10:00:00Z'));
      await watchHere();
      await a.service.runDue();
      const updates = world.chat.updates.length;
      // 4 h later: the card shows the new inland ETA at once, but the channel's 6 h threshold is not reached yet.
      world.tracking.set(inland('2026-03-16T14:00:00Z'));
      // A minute at a time, as time passes: the poll comes at its cadence, before the card could fall behind it.
      for (let minute = 0; minute < 20; minute += 1) {
        world.clock.advance(60_000);
        await a.service.runDue();
      }
      expect(world.chat.updates.length).toBe(updates + 1);
      expect(JSON.stringify(world.chat.updates.at(-1)?.blocks)).toContain('Mon 16 Mar 15:00');
      expect(threadLines()).toEqual([]);
      // 4 h more: 8 h from what the channel last heard, told as one move.
      world.tracking.set(inland('2026-03-16T18:00:00Z'));
      // A minute at a time, as time passes: the poll comes at its cadence, before the card could fall behind it.
      for (let minute = 0; minute < 20; minute += 1) {
        world.clock.advance(60_000);
        await a.service.runDue();
      }
      expect(threadLines()).toHaveLength(1);
      const told = JSON.stringify(world.chat.threadMessages()[0]?.blocks);
      expect(told).toContain('Inland ETA Duisburg moved from Mon 16 Mar 11:00');
      expect(told).toContain('8 hours later');
    });
  });
}
