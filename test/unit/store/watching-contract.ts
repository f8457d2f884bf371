/**
 * The watching part of the store contract (migration 002), as one suite run against both backends
 * (watching-embedded.test.ts, watching-postgres.test.ts): watches, settings, the snapshot compare-and-set with its
 * changes and jobs in one transaction, the webhook inbox's dedupe, and the sweep of what has expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store, SubscriptionRecord } from '../../../src/store/index.js';
import type { ShipmentAttention, Watch } from '../../../src/store/watching-types.js';
import type { StoreHarness } from './helpers/stores.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const DAY = 86_400_000;
let counter = 0;
const fresh = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

function watchOf(shipmentId: string, overrides: Partial<Watch> = {}): Watch {
  return {
    teamId: 'T1',
    channelId: fresh('C'),
    shipmentId,
    shipmentNumber: 'COSU6312345670',
    cardTs: '1767225600.000100',
    threadTs: '1767225600.000100',
    createdBy: 'U1',
    createdAt: T0,
    state: 'active',
    pausedReason: null,
    etaTold: null,
    updatedAt: T0,
    tier: null,
    tierUntil: null,
    ...overrides,
  };
}

export function describeWatchingContract(name: string, makeHarness: () => StoreHarness): void {
  describe(`watching store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: Store;

    beforeAll(async () => {
      harness = makeHarness();
      store = await harness.open();
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    describe('watches', () => {
      it('creates a watch once per channel and shipment, and gives the existing one to a second watch', async () => {
        const first = watchOf(fresh('shp'));
        expect(await store.watching.watches.create(first)).toEqual({ created: true, watch: first });
        const second = { ...first, cardTs: '1767225699.000200', createdBy: 'U2' };
        expect(await store.watching.watches.create(second)).toEqual({ created: false, watch: first });
      });

      it('pauses and resumes a watch, with the reason', async () => {
        const watch = watchOf(fresh('shp'));
        await store.watching.watches.create(watch);
        expect(await store.watching.watches.setState(watch, 'paused', 'is_archived', T0 + 1)).toBe(true);
        expect(
          await store.watching.watches.get(watch.teamId, watch.channelId, watch.shipmentId),
        ).toMatchObject({
          state: 'paused',
          pausedReason: 'is_archived',
          updatedAt: T0 + 1,
        });
      });

      it('lists a channel’s watches and a shipment’s watches', async () => {
        const shipmentId = fresh('shp');
        const a = watchOf(shipmentId);
        const b = watchOf(shipmentId, { createdAt: T0 + 1 });
        const other = watchOf(fresh('shp'), { channelId: a.channelId, createdAt: T0 + 2 });
        for (const watch of [a, b, other]) await store.watching.watches.create(watch);
        expect((await store.watching.watches.listByShipment(shipmentId)).map((w) => w.channelId)).toEqual([
          a.channelId,
          b.channelId,
        ]);
        expect(
          (await store.watching.watches.listByChannel('T1', a.channelId)).map((w) => w.shipmentId),
        ).toEqual([shipmentId, other.shipmentId]);
      });

      it("finds a workspace's watches by the shipment's number or by a container's number in its snapshot", async () => {
        const shipmentId = fresh('shp');
        const number = `BL${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
        const container = `MSKU${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
        const here = watchOf(shipmentId, { shipmentNumber: number });
        const elsewhere = watchOf(shipmentId, { teamId: 'T2', shipmentNumber: number });
        for (const watch of [here, elsewhere]) await store.watching.watches.create(watch);
        await store.watching.snapshots.commit({
          shipmentId,
          expectedVersion: 0,
          snapshot: { shipmentId, number, containers: [{ id: 'c1', number: container }] },
          detail: {},
          fetchedAt: T0,
          now: T0,
          changes: [],
        });
        const channels = async (n: string) =>
          (await store.watching.watches.findByNumber('T1', n)).map((w) => w.channelId);
        expect(await channels(number)).toEqual([here.channelId]);
        expect(await channels(container)).toEqual([here.channelId]);
        expect(await channels('MSKU%')).toEqual([]);
        expect(await channels('NOTWATCHED1')).toEqual([]);
      });

      it('keeps a card-less watch, gives it its card once, and releases it only while it is card-less', async () => {
        const cardless = watchOf(fresh('shp'), { cardTs: null, threadTs: null });
        expect(await store.watching.watches.create(cardless)).toEqual({ created: true, watch: cardless });
        expect(await store.watching.watches.listByChannel('T1', cardless.channelId)).toEqual([cardless]);
        const card = { cardTs: '1767225700.000300', threadTs: '1767225700.000300' };
        expect(await store.watching.watches.setCard(cardless, card, T0 + 5)).toBe(true);
        // A second poster of the same card loses: the first card stays the watch's.
        expect(
          await store.watching.watches.setCard(cardless, { cardTs: '9.9', threadTs: '9.9' }, T0 + 6),
        ).toBe(false);
        expect(
          await store.watching.watches.get(cardless.teamId, cardless.channelId, cardless.shipmentId),
        ).toEqual({ ...cardless, ...card, updatedAt: T0 + 5 });
        expect(await store.watching.watches.removeCardless(cardless)).toBe(false);

        const reserved = watchOf(fresh('shp'), { cardTs: null, threadTs: null });
        await store.watching.watches.create(reserved);
        expect(await store.watching.watches.removeCardless(reserved)).toBe(true);
        expect(
          await store.watching.watches.get(reserved.teamId, reserved.channelId, reserved.shipmentId),
        ).toBeNull();
      });

      it('removes a watch with its changes, and the snapshot once no watch is left', async () => {
        const shipmentId = fresh('shp');
        const [a, b] = [watchOf(shipmentId), watchOf(shipmentId)];
        await store.watching.watches.create(a);
        await store.watching.watches.create(b);
        await store.watching.snapshots.commit({
          shipmentId,
          expectedVersion: 0,
          snapshot: { s: 1 },
          detail: {},
          fetchedAt: T0,
          now: T0,
          changes: [],
        });
        await store.watching.changes.record(a, [{ key: 'k1', change: {} }], T0);
        expect(await store.watching.watches.remove(a)).toBe(true);
        expect(await store.watching.changes.pending(a)).toEqual([]);
        expect(await store.watching.snapshots.get(shipmentId)).not.toBeNull();
        expect(await store.watching.watches.remove(b)).toBe(true);
        expect(await store.watching.snapshots.get(shipmentId)).toBeNull();
        expect(await store.watching.watches.remove(b)).toBe(false);
      });

      it('removes the channel’s snoozed and done boxes with its watch, and the owner once the workspace watches it nowhere', async () => {
        const shipmentId = fresh('shp');
        const [here, there] = [watchOf(shipmentId), watchOf(shipmentId)];
        const elsewhere = watchOf(shipmentId, { teamId: 'T2' });
        for (const watch of [here, there, elsewhere]) await store.watching.watches.create(watch);
        const quiet = (watch: Watch, containerId: string, state: 'snoozed' | 'done') =>
          store.watching.alerts.containers.set({
            teamId: watch.teamId,
            channelId: watch.channelId,
            shipmentId,
            containerId,
            state,
            until: state === 'done' ? null : T0 + DAY,
            setBy: 'U1',
            setAt: T0,
          });
        await quiet(here, 'box-1', 'done');
        await quiet(here, 'box-2', 'snoozed');
        await quiet(there, 'box-1', 'done');
        for (const teamId of ['T1', 'T2'])
          await store.watching.alerts.owners.set({ teamId, shipmentId, userId: 'U1', setAt: T0 });

        expect(await store.watching.watches.remove(here)).toBe(true);
        expect(await store.watching.alerts.containers.list(here)).toEqual([]);
        // Another channel's marks are its own, and the workspace still watches the shipment there: its owner stays.
        expect((await store.watching.alerts.containers.list(there)).map((a) => a.containerId)).toEqual([
          'box-1',
        ]);
        expect(await store.watching.alerts.owners.get('T1', shipmentId)).not.toBeNull();

        expect(await store.watching.watches.remove(there)).toBe(true);
        expect(await store.watching.alerts.containers.list(there)).toEqual([]);
        expect(await store.watching.alerts.owners.get('T1', shipmentId)).toBeNull();
        // Another workspace that still watches it keeps its owner.
        expect((await store.watching.alerts.owners.get('T2', shipmentId))?.userId).toBe('U1');

        // Watched again in the channel: every box starts loud.
        await store.watching.watches.create(here);
        expect(await store.watching.alerts.containers.list(here)).toEqual([]);
      });
    });

    describe('subscriptions', () => {
      const subscriptionOf = (overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
        id: fresh('sub'),
        teamId: 'T1',
        channelId: fresh('C'),
        accountId: fresh('acct'),
        filter: 'tag:acme',
        terms: [{ kind: 'tag', value: 'acme' }],
        createdBy: 'U1',
        createdAt: T0,
        matched: null,
        sweptAt: null,
        ...overrides,
      });
      const joining = (subscription: SubscriptionRecord, shipmentId: string) => ({
        ...watchOf(shipmentId, { channelId: subscription.channelId, cardTs: null, threadTs: null }),
        subscriptionId: subscription.id,
      });

      it('keeps a channel’s filter once, lists a channel’s and an account’s subscriptions, and stores the count of a sweep', async () => {
        const first = subscriptionOf();
        expect(await store.subscriptions.create(first)).toEqual({ created: true, subscription: first });
        const again = { ...first, id: fresh('sub'), createdBy: 'U2' };
        expect(await store.subscriptions.create(again)).toEqual({ created: false, subscription: first });
        const second = subscriptionOf({
          channelId: first.channelId,
          accountId: first.accountId,
          filter: 'pod:USLAX',
          createdAt: T0 + 1,
        });
        await store.subscriptions.create(second);
        expect((await store.subscriptions.listByChannel('T1', first.channelId)).map((s) => s.id)).toEqual([
          first.id,
          second.id,
        ]);
        expect((await store.subscriptions.listByAccount(first.accountId)).map((s) => s.filter)).toEqual([
          'tag:acme',
          'pod:USLAX',
        ]);
        await store.subscriptions.setMatched(first.id, 2000, T0 + 5);
        expect(await store.subscriptions.get(first.id)).toMatchObject({ matched: 2000, sweptAt: T0 + 5 });
        expect(await store.subscriptions.remove(first.id)).toBe(true);
        expect(await store.subscriptions.remove(first.id)).toBe(false);
      });

      it('joins a matching shipment card-less once per channel, sees it again, and never takes over a person’s watch', async () => {
        const subscription = subscriptionOf();
        await store.subscriptions.create(subscription);
        const shipmentId = fresh('shp');
        expect(await store.subscriptions.join(joining(subscription, shipmentId), T0)).toBe('joined');
        expect(await store.subscriptions.join(joining(subscription, shipmentId), T0 + 10)).toBe('seen');
        expect(await store.watching.watches.get('T1', subscription.channelId, shipmentId)).toMatchObject({
          cardTs: null,
          subscriptionId: subscription.id,
          subscriptionSeenAt: T0 + 10,
        });

        const personal = watchOf(fresh('shp'), { channelId: subscription.channelId });
        await store.watching.watches.create(personal);
        expect(await store.subscriptions.join(joining(subscription, personal.shipmentId), T0)).toBe('kept');
        expect(await store.watching.watches.get('T1', subscription.channelId, personal.shipmentId)).toEqual(
          personal,
        );
      });

      it('finds the watches no sweep saw since a time, and moves a watch whose subscription ended to one that still matches', async () => {
        const ended = subscriptionOf();
        const kept = subscriptionOf({ channelId: ended.channelId, filter: 'pod:USLAX' });
        await store.subscriptions.create(ended);
        await store.subscriptions.create(kept);
        const [stale, fresher] = [fresh('shp'), fresh('shp')];
        await store.subscriptions.join(joining(ended, stale), T0);
        await store.subscriptions.join(joining(ended, fresher), T0 + 100);
        expect((await store.subscriptions.unseen([ended.id], T0 + 50)).map((w) => w.shipmentId)).toEqual([
          stale,
        ]);
        expect((await store.subscriptions.watches(ended.id)).map((w) => w.shipmentId).sort()).toEqual(
          [stale, fresher].sort(),
        );
        await store.subscriptions.remove(ended.id);
        expect(await store.subscriptions.join(joining(kept, fresher), T0 + 200)).toBe('seen');
        expect(await store.watching.watches.get('T1', ended.channelId, fresher)).toMatchObject({
          subscriptionId: kept.id,
          subscriptionSeenAt: T0 + 200,
        });
        const orphans = (await store.subscriptions.orphans(1000)).map((w) => w.shipmentId);
        expect(orphans).toContain(stale);
        expect(orphans).not.toContain(fresher);
        expect(
          await store.subscriptions.move(
            { teamId: 'T1', channelId: ended.channelId, shipmentId: stale },
            kept.id,
            T0 + 300,
          ),
        ).toBe(true);
        expect((await store.subscriptions.watches(kept.id)).map((w) => w.shipmentId).sort()).toEqual(
          [stale, fresher].sort(),
        );
      });

      it('keeps a shipment a person unwatched out of the channel’s subscriptions until that subscription is removed', async () => {
        const subscription = subscriptionOf();
        const other = subscriptionOf({ channelId: subscription.channelId, filter: 'pod:USLAX' });
        await store.subscriptions.create(subscription);
        await store.subscriptions.create(other);
        const shipmentId = fresh('shp');
        const key = { teamId: 'T1', channelId: subscription.channelId, shipmentId };
        expect(await store.subscriptions.join(joining(subscription, shipmentId), T0)).toBe('joined');
        await store.subscriptions.exclude(key, {
          subscriptionId: subscription.id,
          excludedBy: 'U2',
          excludedAt: T0 + 1,
        });
        await store.watching.watches.remove(key);
        expect(await store.subscriptions.exclusion(key)).toEqual({
          subscriptionId: subscription.id,
          excludedBy: 'U2',
          excludedAt: T0 + 1,
        });
        // No subscription of the channel brings it back, and another channel is not affected.
        expect(await store.subscriptions.join(joining(subscription, shipmentId), T0 + 10)).toBe('excluded');
        expect(await store.subscriptions.join(joining(other, shipmentId), T0 + 10)).toBe('excluded');
        expect(await store.watching.watches.get('T1', subscription.channelId, shipmentId)).toBeNull();
        const elsewhere = subscriptionOf();
        await store.subscriptions.create(elsewhere);
        expect(await store.subscriptions.join(joining(elsewhere, shipmentId), T0 + 10)).toBe('joined');

        // Removing the subscription that matched ends the exclusion: subscribing again starts afresh.
        await store.subscriptions.remove(subscription.id);
        expect(await store.subscriptions.exclusion(key)).toBeNull();
        expect(await store.subscriptions.join(joining(other, shipmentId), T0 + 20)).toBe('joined');
      });

      it('lets a person’s watch end the exclusion, once', async () => {
        const subscription = subscriptionOf();
        await store.subscriptions.create(subscription);
        const key = { teamId: 'T1', channelId: subscription.channelId, shipmentId: fresh('shp') };
        await store.subscriptions.exclude(key, {
          subscriptionId: subscription.id,
          excludedBy: 'U2',
          excludedAt: T0,
        });
        expect(await store.subscriptions.include(key)).toBe(true);
        expect(await store.subscriptions.include(key)).toBe(false);
        expect(await store.subscriptions.join(joining(subscription, key.shipmentId), T0)).toBe('joined');
      });
    });

    describe('finding a channel’s watch by its number', () => {
      it('reads the one watch of the channel with that number (any case) or shipment id, and no other channel’s', async () => {
        const channelId = fresh('C');
        const mine = watchOf(fresh('shp'), { channelId, shipmentNumber: 'MAEU123456789' });
        const neighbour = watchOf(fresh('shp'), { channelId, shipmentNumber: 'MAEU999999999' });
        const elsewhere = watchOf(fresh('shp'), { shipmentNumber: 'MAEU555555555' });
        for (const watch of [mine, neighbour, elsewhere]) await store.watching.watches.create(watch);
        expect(await store.watching.watches.findInChannel('T1', channelId, 'maeu123456789')).toEqual(mine);
        expect(await store.watching.watches.findInChannel('T1', channelId, mine.shipmentId)).toEqual(mine);
        expect(await store.watching.watches.findInChannel('T1', channelId, 'MAEU555555555')).toBeNull();
        expect(await store.watching.watches.findInChannel('T2', channelId, 'MAEU123456789')).toBeNull();
      });
    });

    describe('attention', () => {
      const commitWith = (shipmentId: string, attention: ShipmentAttention) =>
        store.watching.snapshots.commit({
          shipmentId,
          expectedVersion: 0,
          snapshot: {},
          detail: {},
          fetchedAt: T0,
          now: T0,
          changes: [],
          attention,
        });

      it('stores a reading’s tier on every watch of the shipment, and finds those whose tier is due to change', async () => {
        const shipmentId = fresh('shp');
        const a = watchOf(shipmentId);
        const b = watchOf(shipmentId, { state: 'paused', pausedReason: 'is_archived' });
        await store.watching.watches.create(a);
        await store.watching.watches.create(b);
        expect(await store.watching.watches.attentionDue(T0, 10_000)).toContain(shipmentId);
        await commitWith(shipmentId, {
          tier: 'lfd_today',
          tierUntil: T0 + DAY,
          urgent: true,
          pollEveryMs: 900_000,
        });
        for (const watch of [a, b]) {
          expect(await store.watching.watches.get(watch.teamId, watch.channelId, shipmentId)).toMatchObject({
            tier: 'lfd_today',
            tierUntil: T0 + DAY,
          });
        }
        expect(await store.watching.watches.attentionDue(T0 + DAY - 1, 10_000)).not.toContain(shipmentId);
        expect(await store.watching.watches.attentionDue(T0 + DAY, 10_000)).toContain(shipmentId);
        const kind = fresh('poll');
        const moved = await store.watching.snapshots.setAttention(
          shipmentId,
          { tier: 'lfd_passed', tierUntil: null, urgent: true, pollEveryMs: 900_000 },
          [{ kind, key: shipmentId, runAt: T0, payload: {} }],
        );
        expect(moved).toBe(true);
        expect((await store.watching.watches.get(a.teamId, a.channelId, shipmentId))?.tier).toBe(
          'lfd_passed',
        );
        expect(await store.watching.watches.attentionDue(T0 + 10 * DAY, 10_000)).not.toContain(shipmentId);
        expect(
          await store.jobs.claim({ kinds: [kind], owner: 'o', leaseMs: 1, now: T0, limit: 1 }),
        ).toHaveLength(1);
        expect(
          await store.watching.snapshots.setAttention(fresh('gone'), {
            tier: 'none',
            tierUntil: null,
            urgent: false,
            pollEveryMs: null,
          }),
        ).toBe(false);
      });

      it('sums the polls per minute the watched shipments need, urgent apart from routine, active watches only', async () => {
        const before = await store.watching.snapshots.demand();
        const urgent = fresh('shp');
        const routine = fresh('shp');
        const unwatched = fresh('shp');
        const pausedOnly = fresh('shp');
        await store.watching.watches.create(watchOf(urgent));
        await store.watching.watches.create(watchOf(routine));
        await store.watching.watches.create(
          watchOf(pausedOnly, { state: 'paused', pausedReason: 'is_archived' }),
        );
        const every = (ms: number, urgentPolls: boolean) => ({
          tier: 'none',
          tierUntil: null,
          urgent: urgentPolls,
          pollEveryMs: ms,
        });
        await commitWith(urgent, every(15 * 60_000, true));
        await commitWith(routine, every(6 * 3_600_000, false));
        await commitWith(unwatched, every(60_000, false));
        await commitWith(pausedOnly, every(60_000, true));
        const after = await store.watching.snapshots.demand();
        expect(after.urgent.shipments - before.urgent.shipments).toBe(1);
        expect(after.urgent.perMinute - before.urgent.perMinute).toBeCloseTo(1 / 15, 6);
        expect(after.routine.shipments - before.routine.shipments).toBe(1);
        expect(after.routine.perMinute - before.routine.perMinute).toBeCloseTo(1 / 360, 6);
      });

      it('counts active and paused watches per workspace', async () => {
        const teamId = fresh('T');
        await store.watching.watches.create(watchOf(fresh('shp'), { teamId }));
        await store.watching.watches.create(watchOf(fresh('shp'), { teamId }));
        await store.watching.watches.create(
          watchOf(fresh('shp'), { teamId, state: 'paused', pausedReason: 'is_archived' }),
        );
        expect((await store.watching.watches.counts()).find((row) => row.teamId === teamId)).toEqual({
          teamId,
          active: 2,
          paused: 1,
        });
      });
    });

    describe('a channel at a glance', () => {
      const ORDER = ['lfd_passed', 'lfd_today', 'held_after_discharge', 'none'];
      const ATTENTION = ['lfd_passed', 'lfd_today', 'held_after_discharge'];

      it('counts the channel’s watches and those needing attention, and reads only the most urgent few', async () => {
        const channelId = fresh('C');
        const inChannel = (shipmentNumber: string, overrides: Partial<Watch>) =>
          watchOf(fresh('shp'), { channelId, shipmentNumber, ...overrides });
        const watches = [
          inChannel('B-NONE', { tier: 'none' }),
          inChannel('A-NONE', { tier: 'none' }),
          inChannel('Z-PASSED', { tier: 'lfd_passed' }),
          inChannel('UNKNOWN', { tier: null }),
          inChannel('HELD', { tier: 'held_after_discharge' }),
          inChannel('PAUSED', { tier: 'lfd_passed', state: 'paused', pausedReason: 'is_archived' }),
          inChannel('A-PASSED', { tier: 'lfd_passed' }),
          // Another channel's watch counts for nothing here.
          watchOf(fresh('shp'), { shipmentNumber: 'ELSEWHERE', tier: 'lfd_passed' }),
        ];
        for (const watch of watches) await store.watching.watches.create(watch);
        const query = { teamId: 'T1', channelId, tierOrder: ORDER, attention: ATTENTION };
        const top = await store.watching.watches.overview({ ...query, limit: 4 });
        expect({ ...top, first: top.first.map((w) => w.shipmentNumber) }).toEqual({
          watched: 7,
          paused: 1,
          needAttention: 3,
          first: ['A-PASSED', 'Z-PASSED', 'HELD', 'A-NONE'],
        });
        const all = await store.watching.watches.overview({ ...query, limit: 100 });
        expect(all.first.map((w) => w.shipmentNumber)).toEqual([
          'A-PASSED',
          'Z-PASSED',
          'HELD',
          'A-NONE',
          'B-NONE',
          'UNKNOWN',
          'PAUSED',
        ]);
        expect(all.first[0]).toEqual(watches[6]);
      });

      it('answers an empty channel with zeros', async () => {
        expect(
          await store.watching.watches.overview({
            teamId: 'T1',
            channelId: fresh('C'),
            tierOrder: ORDER,
            attention: ATTENTION,
            limit: 40,
          }),
        ).toEqual({ watched: 0, paused: 0, needAttention: 0, first: [] });
      });

      it('reads the snapshots of several shipments at once, leaving out those without one', async () => {
        const [a, b] = [fresh('shp'), fresh('shp')];
        for (const shipmentId of [a, b]) {
          await store.watching.watches.create(watchOf(shipmentId));
          await store.watching.snapshots.commit({
            shipmentId,
            expectedVersion: 0,
            snapshot: { id: shipmentId },
            detail: { id: shipmentId },
            fetchedAt: T0,
            now: T0,
            changes: [],
          });
        }
        const found = await store.watching.snapshots.getMany([a, fresh('shp'), b]);
        expect(
          found
            .map((record) => record.detail)
            .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
        ).toEqual([{ id: a }, { id: b }].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))));
        expect(await store.watching.snapshots.getMany([])).toEqual([]);
      });
    });

    describe('channel settings', () => {
      it('stores a channel’s settings and replaces them', async () => {
        const channelId = fresh('C');
        expect(await store.watching.settings.get('T1', channelId)).toBeNull();
        const record = {
          teamId: 'T1',
          channelId,
          settings: { format: 'detailed' },
          updatedBy: 'U1',
          updatedAt: T0,
        };
        await store.watching.settings.put(record);
        await store.watching.settings.put({
          ...record,
          settings: { format: 'condensed' },
          updatedAt: T0 + 1,
        });
        expect(await store.watching.settings.get('T1', channelId)).toEqual({
          ...record,
          settings: { format: 'condensed' },
          updatedAt: T0 + 1,
        });
      });
    });

    describe('snapshots', () => {
      it('stores the first snapshot at version 1 and the next by compare-and-set', async () => {
        const shipmentId = fresh('shp');
        const base = { shipmentId, detail: { d: 1 }, fetchedAt: T0, now: T0, changes: [] };
        expect(
          await store.watching.snapshots.commit({ ...base, expectedVersion: 0, snapshot: { v: 1 } }),
        ).toEqual({
          ok: true,
          version: 1,
          watches: 0,
        });
        expect(
          await store.watching.snapshots.commit({ ...base, expectedVersion: 1, snapshot: { v: 2 } }),
        ).toMatchObject({
          ok: true,
          version: 2,
        });
        const stale = await store.watching.snapshots.commit({
          ...base,
          expectedVersion: 1,
          snapshot: { v: 'late' },
        });
        expect(stale).toMatchObject({ ok: false, current: { version: 2, snapshot: { v: 2 } } });
        const twice = await store.watching.snapshots.commit({
          ...base,
          expectedVersion: 0,
          snapshot: { v: 'dup' },
        });
        expect(twice).toMatchObject({ ok: false, current: { version: 2 } });
      });

      it('records the changes for every active watch and enqueues their jobs in the same commit', async () => {
        const shipmentId = fresh('shp');
        const active = watchOf(shipmentId);
        const paused = watchOf(shipmentId, { state: 'paused', pausedReason: 'channel_not_found' });
        await store.watching.watches.create(active);
        await store.watching.watches.create(paused);
        const jobKind = fresh('deliver');
        const result = await store.watching.snapshots.commit({
          shipmentId,
          expectedVersion: 0,
          snapshot: {},
          detail: {},
          fetchedAt: T0,
          now: T0,
          changes: [
            { key: 'available:box-1', change: { kind: 'available' } },
            { key: 'hold_released:box-1:customs', change: { kind: 'hold_released' } },
          ],
          jobsFor: (watch) => [
            { kind: jobKind, key: watch.channelId, runAt: T0, payload: { channel: watch.channelId } },
          ],
        });
        expect(result).toMatchObject({ ok: true, watches: 1 });
        expect((await store.watching.changes.pending(active)).map((c) => c.key)).toEqual([
          'available:box-1',
          'hold_released:box-1:customs',
        ]);
        expect(await store.watching.changes.pending(paused)).toEqual([]);
        const jobs = await store.jobs.claim({
          kinds: [jobKind],
          owner: 'o',
          leaseMs: 1000,
          now: T0,
          limit: 10,
        });
        expect(jobs.map((job) => job.payload)).toEqual([{ channel: active.channelId }]);
      });

      it('leaves nothing behind when the compare-and-set fails: no changes, no jobs', async () => {
        const shipmentId = fresh('shp');
        const watch = watchOf(shipmentId);
        await store.watching.watches.create(watch);
        const base = { shipmentId, snapshot: {}, detail: {}, fetchedAt: T0, now: T0 };
        await store.watching.snapshots.commit({ ...base, expectedVersion: 0, changes: [] });
        const jobKind = fresh('deliver');
        const lost = await store.watching.snapshots.commit({
          ...base,
          expectedVersion: 0,
          changes: [{ key: 'k', change: {} }],
          jobsFor: () => [{ kind: jobKind, runAt: T0, payload: null }],
        });
        expect(lost.ok).toBe(false);
        expect(await store.watching.changes.pending(watch)).toEqual([]);
        expect(
          await store.jobs.claim({ kinds: [jobKind], owner: 'o', leaseMs: 1, now: T0, limit: 1 }),
        ).toEqual([]);
      });
    });

    describe('changes', () => {
      it('records a key once per watch, and marks changes posted', async () => {
        const watch = watchOf(fresh('shp'));
        const first = await store.watching.changes.record(
          watch,
          [
            { key: 'reminder:box-1:today:2026-03-30', change: { n: 1 } },
            { key: 'discharged:box-1', change: { n: 2 } },
          ],
          T0,
        );
        expect(first).toEqual(['reminder:box-1:today:2026-03-30', 'discharged:box-1']);
        expect(
          await store.watching.changes.record(
            watch,
            [{ key: 'reminder:box-1:today:2026-03-30', change: {} }],
            T0 + 1,
          ),
        ).toEqual([]);
        expect(await store.watching.changes.keys(watch, 'reminder:')).toEqual([
          'reminder:box-1:today:2026-03-30',
        ]);
        expect(
          await store.watching.changes.markPosted(watch, ['discharged:box-1'], '1767225700.000300', T0 + 2),
        ).toBe(1);
        expect(
          await store.watching.changes.markPosted(watch, ['discharged:box-1'], '1767225700.000400', T0 + 3),
        ).toBe(0);
        expect((await store.watching.changes.pending(watch)).map((c) => c.change)).toEqual([{ n: 1 }]);
      });
    });

    describe('webhook inbox', () => {
      const notification = (shipmentId: string | null, id = fresh('ntf')) => ({
        id,
        event: 'container.transport.vessel_discharged',
        shipmentId,
        facts: { berthedAt: null },
        body: '{"data":{}}',
        now: T0,
      });

      it('stores a notification once by its id and enqueues a refresh only for a watched shipment', async () => {
        const shipmentId = fresh('shp');
        await store.watching.watches.create(watchOf(shipmentId));
        const kind = fresh('refresh');
        const seen: Array<number | null> = [];
        const jobFor = (fetchedAt: number | null) => {
          seen.push(fetchedAt);
          return { kind, key: shipmentId, runAt: T0 + 500, payload: { shipmentId } };
        };
        const first = notification(shipmentId);
        expect(await store.watching.inbox.accept(first, jobFor)).toEqual({ duplicate: false, watched: true });
        expect(await store.watching.inbox.accept(first, jobFor)).toEqual({ duplicate: true, watched: false });
        expect(await store.watching.inbox.accept(notification(shipmentId), jobFor)).toEqual({
          duplicate: false,
          watched: true,
        });
        expect(seen).toEqual([null, null]);
        const jobs = await store.jobs.claim({
          kinds: [kind],
          owner: 'o',
          leaseMs: 1000,
          now: T0 + 500,
          limit: 10,
        });
        expect(jobs).toHaveLength(1);
        expect(await store.watching.inbox.accept(notification(fresh('shp')), jobFor)).toEqual({
          duplicate: false,
          watched: false,
        });
        expect(await store.watching.inbox.accept(notification(null), jobFor)).toEqual({
          duplicate: false,
          watched: false,
        });
      });

      it('hands the open notifications of a shipment to its next commit, which marks them processed', async () => {
        const shipmentId = fresh('shp');
        const a = notification(shipmentId);
        await store.watching.inbox.accept(a, () => null);
        expect(await store.watching.inbox.open(shipmentId, T0)).toEqual([
          { id: a.id, event: a.event, facts: { berthedAt: null }, receivedAt: T0, sentAt: null },
        ]);
        await store.watching.snapshots.commit({
          shipmentId,
          expectedVersion: 0,
          snapshot: {},
          detail: {},
          fetchedAt: T0,
          now: T0,
          changes: [],
          inboxIds: [a.id],
        });
        expect(await store.watching.inbox.open(shipmentId, T0)).toEqual([]);
      });

      it('enqueues the completion of a notification that names no shipment, then its re-fetch once completed', async () => {
        const shipmentId = fresh('shp');
        await store.watching.watches.create(watchOf(shipmentId));
        const completeKind = fresh('complete');
        const refreshKind = fresh('refresh');
        const minimal = notification(null);
        const completion = { kind: completeKind, key: minimal.id, runAt: T0, payload: { id: minimal.id } };
        expect(await store.watching.inbox.accept(minimal, () => null, completion)).toEqual({
          duplicate: false,
          watched: false,
        });
        const claim = (kind: string) =>
          store.jobs.claim({ kinds: [kind], owner: 'o', leaseMs: 1000, now: T0 + 1000, limit: 9 });
        expect((await claim(completeKind)).map((job) => job.key)).toEqual([minimal.id]);
        const refetch = () => ({ kind: refreshKind, key: shipmentId, runAt: T0, payload: { shipmentId } });
        const found = { shipmentId, facts: { containerId: 'box-1' } };
        expect(await store.watching.inbox.complete(minimal.id, found, refetch)).toEqual({
          duplicate: false,
          watched: true,
        });
        expect(await store.watching.inbox.complete(minimal.id, found, refetch)).toMatchObject({
          duplicate: true,
        });
        expect((await claim(refreshKind)).map((job) => job.key)).toEqual([shipmentId]);
        expect(
          (await store.watching.inbox.open(shipmentId, T0)).map((item) => [item.id, item.facts]),
        ).toEqual([[minimal.id, { containerId: 'box-1' }]]);
      });

      it('closes a completed notification about a shipment nobody watches, and remembers the latest one sent', async () => {
        const shipmentId = fresh('shp');
        const latest = Date.parse('2099-01-01T00:00:00Z');
        const minimal = { ...notification(null), sentAt: latest };
        await store.watching.inbox.accept(minimal, () => null);
        expect(
          await store.watching.inbox.complete(minimal.id, { shipmentId, facts: {} }, () => {
            throw new Error('nobody watches it: no re-fetch');
          }),
        ).toEqual({ duplicate: false, watched: false });
        expect(await store.watching.inbox.open(shipmentId, T0)).toEqual([]);
        expect(await store.watching.inbox.lastSentAt()).toBe(latest);
      });

      it('forgets notification ids after their retention, and posted changes after theirs', async () => {
        const old = notification(null);
        await store.watching.inbox.accept({ ...old, now: T0 - 8 * DAY }, () => null);
        const watch = watchOf(fresh('shp'));
        await store.watching.changes.record(
          watch,
          [
            { key: 'old', change: {} },
            { key: 'open', change: {} },
          ],
          T0 - 40 * DAY,
        );
        await store.watching.changes.markPosted(watch, ['old'], 'ts', T0 - 31 * DAY);
        const swept = await store.sweep(T0);
        expect(swept.webhookInbox).toBeGreaterThanOrEqual(1);
        expect(swept.watchChanges).toBeGreaterThanOrEqual(1);
        expect((await store.watching.inbox.accept(old, () => null)).duplicate).toBe(false);
        expect((await store.watching.changes.pending(watch)).map((c) => c.key)).toEqual(['open']);
      });
    });
  });
}
