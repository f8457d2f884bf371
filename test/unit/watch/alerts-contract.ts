/**
 * Owning an alert below Slack's HTTP layer, on both backends (alerts-embedded.test.ts, alerts-postgres.test.ts): the
 * owner is stored per workspace and replaced by the next to take it; a box marked done gets no more LFD reminders in
 * its channel, a snoozed one none until 08:00 in its LFD's zone and then the one due; the watched card, re-rendered,
 * shows both. Time is a manual clock; jobs run only when a test calls `runDue`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreHarness } from '../store/helpers/stores.js';
import { cosco, SHIPMENT_ID } from './helpers/shipments.js';
import { type Replica, type WatchWorld, watchWorld } from './helpers/watch-world.js';

const TEAM = 'T1';
const CHANNEL = 'C0ALERTS1';
const KEY = { teamId: TEAM, channelId: CHANNEL, shipmentId: SHIPMENT_ID };

export function describeAlerts(name: string, makeHarness: () => StoreHarness): void {
  describe(`owning an alert: ${name}`, () => {
    let world: WatchWorld;
    let a: Replica;

    beforeEach(async () => {
      world = watchWorld(makeHarness());
      world.tracking.set(cosco());
      a = await world.replica();
      const card = await world.chat.postMessage({ channel: CHANNEL, text: 'card' });
      await a.service.watch({
        teamId: TEAM,
        channelId: CHANNEL,
        userId: 'U0ALICE',
        detail: await world.tracking.getShipment(SHIPMENT_ID),
        cardTs: card.ts ?? '',
        threadTs: card.ts ?? null,
      });
    });
    afterEach(async () => {
      await world.dispose();
    });

    it('keeps one owner per shipment and workspace: the next to take it replaces the last, and Home can list theirs', async () => {
      expect(await a.service.alerts.take(TEAM, SHIPMENT_ID, 'U0ALICE')).toEqual({ before: null });
      const second = await a.service.alerts.take(TEAM, SHIPMENT_ID, 'U0BOB');
      expect(second.before?.userId).toBe('U0ALICE');
      expect((await a.store.watching.alerts.owners.get(TEAM, SHIPMENT_ID))?.userId).toBe('U0BOB');
      expect(
        (await a.store.watching.alerts.owners.listByUser(TEAM, 'U0BOB')).map((o) => o.shipmentId),
      ).toEqual([SHIPMENT_ID]);
      expect(await a.store.watching.alerts.owners.listByUser(TEAM, 'U0ALICE')).toEqual([]);
      expect(await a.store.watching.alerts.owners.get('T2', SHIPMENT_ID)).toBeNull();
    });

    it("lists the watches of many channels with their readings and their shipments' owners, in a few reads (Home)", async () => {
      await a.service.alerts.take(TEAM, SHIPMENT_ID, 'U0BOB');
      // Over the 500 values an `IN (…)` list holds: channels with no watch cost nothing but their place in the list.
      const channels = [...Array.from({ length: 700 }, (_, i) => `C0EMPTY${i}`), CHANNEL];
      const listed = await a.service.listIn(TEAM, channels);
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ channelId: CHANNEL, shipmentId: SHIPMENT_ID, owner: 'U0BOB' });
      expect(listed[0]?.detail?.shipment.id).toBe(SHIPMENT_ID);
      expect(listed[0]?.snapshot).not.toBeNull();
      expect(await a.service.listIn('T2', channels)).toEqual([]);
      const many = [...Array.from({ length: 600 }, (_, i) => `shp-none-${i}`), SHIPMENT_ID];
      expect((await a.store.watching.alerts.owners.getMany(TEAM, many)).map((o) => o.userId)).toEqual([
        'U0BOB',
      ]);
      expect(await a.store.watching.alerts.owners.getMany('T2', many)).toEqual([]);
      expect((await a.store.watching.snapshots.getMany(many)).map((s) => s.shipmentId)).toEqual([
        SHIPMENT_ID,
      ]);
    });

    it('sends no reminder for a box marked done, and none for a snoozed box until 08:00 in its LFD’s zone', async () => {
      // Thursday 12 March, 07:00 in Amsterdam: the LFD is Friday 13 March.
      world.clock.set('2026-03-12T06:00:00Z');
      await a.service.alerts.done(KEY, 'box-1', 'U0ALICE');
      const snoozed = await a.service.alerts.snooze(KEY, 'box-2', 'tomorrow', 'U0ALICE');
      expect(new Date(snoozed.until).toISOString()).toBe('2026-03-13T07:00:00.000Z');
      await a.service.runDue();
      // 08:00 the day before the LFD: both reminders would be due now.
      world.clock.set('2026-03-12T07:00:00Z');
      await a.service.runDue();
      await a.service.runDue();
      const reminders = () =>
        world.chat.threadMessages(CHANNEL).filter((post) => /LFD|last free day/i.test(post.text));
      expect(reminders()).toEqual([]);
      // Friday 08:00 in Amsterdam: the snooze ended, and the box's reminder of the day comes; the done box stays quiet.
      world.clock.set('2026-03-13T07:00:00Z');
      await a.service.runDue();
      await a.service.runDue();
      const lines = reminders().map((post) => post.text);
      expect(lines.join('\n')).toContain('CBHU5120015');
      expect(lines.join('\n')).not.toContain('CSNU8804120');
      const state = await a.service.alerts.cardState(KEY);
      expect(state.containers).toEqual({ 'box-1': { state: 'done', until: null } });
    });

    it('shows the owner and the quiet boxes when the card is next re-rendered', async () => {
      await a.service.alerts.take(TEAM, SHIPMENT_ID, 'U0BOB');
      await a.service.alerts.done(KEY, 'box-1', 'U0BOB');
      // A change on the shipment: the card is updated, and keeps showing who owns it.
      world.tracking.set(
        cosco({ second: { holds: [], availableForPickup: true, currentStatus: 'available' } }),
      );
      await a.service.ingest(await world.tracking.getShipment(SHIPMENT_ID));
      await a.service.runDue();
      const update = JSON.stringify(world.chat.updates.at(-1)?.blocks);
      expect(update).toContain('Taken by <@U0BOB>');
      expect(update).toContain('Done: no more reminders for this box here');
      // The thread message of an alert carries Take it.
      const alert = world.chat.threadMessages(CHANNEL).at(-1);
      expect(JSON.stringify(alert?.blocks)).toContain('"action_id":"shipment_take_it"');
    });
  });
}
