/**
 * The store contract, as one suite run against every backend (embedded.test.ts, postgres.test.ts). Each test opens
 * the harness's store once per file and uses keys of its own, so tests do not depend on each other's rows. Time is
 * epoch milliseconds from a fixed origin: the store never reads a clock of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION, type Store } from '../../../src/store/index.js';
import type { Card, Job } from '../../../src/store/types.js';
import type { StoreHarness } from './helpers/stores.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const MINUTE = 60_000;
let counter = 0;
/** A key no other test uses. */
const fresh = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

export function describeStoreContract(name: string, makeHarness: () => StoreHarness): void {
  describe(`store contract: ${name}`, () => {
    let harness: StoreHarness;
    let store: Store;

    beforeAll(async () => {
      harness = makeHarness();
      store = await harness.open();
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    describe('opening', () => {
      it(`says which backend it is and that its schema is at the latest version (${LATEST_VERSION})`, async () => {
        expect(store.backend).toBe(harness.backend);
        const status = await store.status();
        expect(status).toMatchObject({
          backend: harness.backend,
          reachable: true,
          schemaVersion: LATEST_VERSION,
          latestVersion: LATEST_VERSION,
          error: null,
        });
        await expect(store.ping()).resolves.toBeUndefined();
      });

      it('finds nothing left to apply when migrated again', async () => {
        await expect(store.migrate()).resolves.toEqual({ from: LATEST_VERSION, to: LATEST_VERSION });
      });
    });

    describe('claims', () => {
      it('grants a key once within its TTL and again once the TTL has passed', async () => {
        const key = fresh('claim');
        expect(await store.claims.claim(key, MINUTE, T0)).toBe(true);
        expect(await store.claims.claim(key, MINUTE, T0 + 1)).toBe(false);
        expect(await store.claims.claim(key, MINUTE, T0 + MINUTE - 1)).toBe(false);
        expect(await store.claims.claim(key, MINUTE, T0 + MINUTE)).toBe(true);
        expect(await store.claims.claim(key, MINUTE, T0 + MINUTE + 1)).toBe(false);
      });

      it('lets a released key be claimed again at once', async () => {
        const key = fresh('claim');
        expect(await store.claims.claim(key, MINUTE, T0)).toBe(true);
        await store.claims.release(key);
        expect(await store.claims.claim(key, MINUTE, T0 + 1)).toBe(true);
      });

      it('keeps keys independent of each other', async () => {
        const [a, b] = [fresh('claim'), fresh('claim')];
        expect(await store.claims.claim(a, MINUTE, T0)).toBe(true);
        expect(await store.claims.claim(b, MINUTE, T0)).toBe(true);
      });

      it('grants each of many keys claimed at once, and one key claimed many times at once to exactly one caller', async () => {
        const keys = Array.from({ length: 30 }, () => fresh('claim'));
        const contested = fresh('claim');
        const [distinct, same] = await Promise.all([
          Promise.all(keys.map((key) => store.claims.claim(key, MINUTE, T0))),
          Promise.all(Array.from({ length: 20 }, (_, i) => store.claims.claim(contested, MINUTE, T0 + i))),
        ]);
        expect(distinct.every(Boolean)).toBe(true);
        expect(same.filter(Boolean)).toHaveLength(1);
        expect(same[0]).toBe(true);
      });

      it('decides calls made together as it would one after the other: a claim that expires at once is taken again', async () => {
        const key = fresh('claim');
        const held = fresh('claim');
        expect(await store.claims.claim(held, MINUTE, T0)).toBe(true);
        const answers = await Promise.all([
          store.claims.claim(key, 0, T0),
          store.claims.claim(key, 0, T0),
          store.claims.claim(held, MINUTE, T0 + MINUTE - 1),
          store.claims.claim(held, MINUTE, T0 + MINUTE),
        ]);
        expect(answers).toEqual([true, true, false, true]);
      });
    });

    describe('intents', () => {
      const options = (owner: string, now: number) => ({
        owner,
        leaseMs: 30_000,
        now,
        duplicateWindowMs: 10 * MINUTE,
      });
      const input = (key: string) => ({
        key,
        kind: 'custom_field.set',
        payload: {
          team: 'T1',
          user: 'U1',
          channel: 'C1',
          thread: '1.2',
          value: { slug: 'po', text: 'ü 42' },
        },
      });

      /** Leases every intent other tests left expired at `now` far into the future, so a test sees only its own. */
      const parkExpiredIntents = (now: number) =>
        store.intents.claimExpired({ owner: 'parked', leaseMs: 1e12, now, limit: 1_000_000 });

      it('starts a new intent, and a second begin sees it running without taking it', async () => {
        const key = fresh('intent');
        expect(await store.intents.begin(input(key), options('p1', T0))).toEqual({ started: true });
        const second = await store.intents.begin(input(key), options('p2', T0 + 1));
        expect(second.started).toBe(false);
        if (second.started) return;
        expect(second.state).toBe('running');
        expect(second.intent).toMatchObject({ key, owner: 'p1', leaseUntil: T0 + 30_000, attempts: 1 });
        expect(second.intent.payload).toEqual(input(key).payload);
      });

      it('keeps a written and then finished intent from starting again within the duplicate window', async () => {
        const key = fresh('intent');
        await store.intents.begin(input(key), options('p1', T0));
        expect(await store.intents.markWritten(key, 'p1', { ok: true, value: 'ü 42' }, T0 + 100)).toBe(true);
        const whileWritten = await store.intents.begin(input(key), options('p2', T0 + 200));
        expect(whileWritten).toMatchObject({ started: false, state: 'written' });
        expect(await store.intents.finish(key, 'p1', T0 + 300)).toBe(true);
        const finished = await store.intents.get(key);
        expect(finished).toMatchObject({
          state: 'finished',
          result: { ok: true, value: 'ü 42' },
          updatedAt: T0 + 300,
        });
        expect(await store.intents.begin(input(key), options('p2', T0 + 300 + 10 * MINUTE))).toMatchObject({
          started: false,
          state: 'finished',
        });
        expect(await store.intents.begin(input(key), options('p2', T0 + 301 + 10 * MINUTE))).toEqual({
          started: true,
        });
        expect(await store.intents.get(key)).toMatchObject({
          state: 'running',
          owner: 'p2',
          attempts: 2,
          result: null,
        });
      });

      it('starts a failed intent again and counts the attempt', async () => {
        const key = fresh('intent');
        await store.intents.begin(input(key), options('p1', T0));
        expect(await store.intents.fail(key, 'p1', { error: 'upstream' }, T0 + 10)).toBe(true);
        expect(await store.intents.get(key)).toMatchObject({
          state: 'failed',
          result: { error: 'upstream' },
        });
        expect(await store.intents.begin(input(key), options('p2', T0 + 20))).toEqual({ started: true });
        expect(await store.intents.get(key)).toMatchObject({ state: 'running', owner: 'p2', attempts: 2 });
      });

      it('changes nothing when someone other than the owner marks, finishes or fails an intent', async () => {
        const key = fresh('intent');
        await store.intents.begin(input(key), options('p1', T0));
        expect(await store.intents.markWritten(key, 'p2', { ok: true }, T0 + 1)).toBe(false);
        expect(await store.intents.finish(key, 'p2', T0 + 1)).toBe(false);
        expect(await store.intents.fail(key, 'p2', null, T0 + 1)).toBe(false);
        expect(await store.intents.get(key)).toMatchObject({ state: 'running', owner: 'p1' });
        expect(await store.intents.markWritten(fresh('missing'), 'p1', null, T0)).toBe(false);
      });

      it('hands expired running and written intents to one recoverer, and fences the owner it replaced', async () => {
        const running = fresh('intent');
        const written = fresh('intent');
        const live = fresh('intent');
        const done = fresh('intent');
        const now = T0 + 1_000 * MINUTE;
        await parkExpiredIntents(now + 30_000);
        await store.intents.begin(input(running), options('dead', now));
        await store.intents.begin(input(written), options('dead', now));
        await store.intents.markWritten(written, 'dead', { ok: true }, now + 1);
        await store.intents.begin(input(done), options('dead', now));
        await store.intents.finish(done, 'dead', now + 1);
        await store.intents.begin(input(live), options('alive', now + 20_000));

        const later = now + 30_000;
        const taken = await store.intents.claimExpired({
          owner: 'rescuer',
          leaseMs: 30_000,
          now: later,
          limit: 100,
        });
        const mine = taken.filter((intent) => [running, written, live, done].includes(intent.key));
        expect(mine.map((intent) => [intent.key, intent.state, intent.owner]).sort()).toEqual(
          [
            [running, 'running', 'rescuer'],
            [written, 'written', 'rescuer'],
          ].sort(),
        );
        expect(mine.find((intent) => intent.key === written)?.result).toEqual({ ok: true });
        expect(
          await store.intents.claimExpired({ owner: 'second', leaseMs: 30_000, now: later, limit: 100 }),
        ).toEqual([]);
        expect(await store.intents.finish(running, 'dead', later)).toBe(false);
        expect(await store.intents.finish(running, 'rescuer', later)).toBe(true);
      });

      it('takes over at most `limit` expired intents per call', async () => {
        const now = T0 + 2_000 * MINUTE;
        await parkExpiredIntents(now + MINUTE);
        for (let i = 0; i < 3; i++) await store.intents.begin(input(fresh('intent')), options('dead', now));
        const first = await store.intents.claimExpired({
          owner: 'r',
          leaseMs: 1,
          now: now + MINUTE,
          limit: 2,
        });
        expect(first).toHaveLength(2);
        const second = await store.intents.claimExpired({
          owner: 'r',
          leaseMs: MINUTE,
          now: now + MINUTE,
          limit: 2,
        });
        expect(second).toHaveLength(1);
      });

      it('answers null for an intent it never saw', async () => {
        expect(await store.intents.get(fresh('intent'))).toBeNull();
      });
    });

    describe('quota', () => {
      const opts = (now: number) => ({ limit: 3, windowMs: MINUTE, now, inFlightHoldMs: 30_000 });

      it('grants `limit` slots, then answers when the earliest one frees', async () => {
        const account = fresh('acct');
        const slots = [];
        for (let i = 0; i < 3; i++) slots.push(await store.quota.acquire(account, opts(T0 + i)));
        expect(slots.every((slot) => slot.ok)).toBe(true);
        expect(await store.quota.acquire(account, opts(T0 + 10))).toEqual({
          ok: false,
          nextFreeAt: T0 + 30_000,
          paused: false,
        });
        expect((await store.quota.acquire(account, opts(T0 + 30_000))).ok).toBe(true);
      });

      it('frees a settled slot at the time it was settled to, not before', async () => {
        const account = fresh('acct');
        const granted = [];
        for (let i = 0; i < 3; i++) granted.push(await store.quota.acquire(account, opts(T0)));
        for (const slot of granted) {
          if (slot.ok) await store.quota.settle(slot.slotId, T0 + MINUTE + 500);
        }
        expect(await store.quota.acquire(account, opts(T0 + 40_000))).toEqual({
          ok: false,
          nextFreeAt: T0 + MINUTE + 500,
          paused: false,
        });
        expect((await store.quota.acquire(account, opts(T0 + MINUTE + 500))).ok).toBe(true);
      });

      it('answers paused until a pause ends, and a shorter pause never shortens it', async () => {
        const account = fresh('acct');
        await store.quota.pause(account, T0 + 20_000);
        await store.quota.pause(account, T0 + 5_000);
        expect(await store.quota.acquire(account, opts(T0))).toEqual({
          ok: false,
          nextFreeAt: T0 + 20_000,
          paused: true,
        });
        expect((await store.quota.acquire(account, opts(T0 + 20_000))).ok).toBe(true);
      });

      it('counts each account on its own', async () => {
        const [a, b] = [fresh('acct'), fresh('acct')];
        for (let i = 0; i < 3; i++) await store.quota.acquire(a, opts(T0));
        expect((await store.quota.acquire(a, opts(T0))).ok).toBe(false);
        expect((await store.quota.acquire(b, opts(T0))).ok).toBe(true);
        expect(await store.quota.usage(a, T0)).toEqual({ held: 3, pausedUntil: null });
        await store.quota.pause(b, T0 + 9_000);
        expect(await store.quota.usage(b, T0)).toEqual({ held: 1, pausedUntil: T0 + 9_000 });
      });
    });

    describe('shared reads', () => {
      const lease = (owner: string, now: number, notBefore = now - 30_000) => ({
        owner,
        now,
        leaseMs: 10_000,
        notBefore,
      });
      const answer = (body: string, at: number) => ({ body, receivedAt: at - 5, fetchedAt: at });

      it('gives the lease on a key to one replica, stores its answer for the others, and ends the lease', async () => {
        const [account, key] = [fresh('acct'), fresh('/shipments/1')];
        expect(await store.reads.get(account, key)).toBeNull();
        const claims = await Promise.all(
          ['A', 'B', 'C'].map((owner) => store.reads.claim(account, key, lease(owner, T0))),
        );
        expect(claims.filter(Boolean)).toHaveLength(1);
        const owner = ['A', 'B', 'C'][claims.indexOf(true)] ?? '';
        expect(await store.reads.get(account, key)).toMatchObject({
          body: null,
          leaseOwner: owner,
          leaseUntil: T0 + 10_000,
        });
        expect(await store.reads.put(account, key, 'not-the-owner', answer('{"x":0}', T0 + 100))).toBe(false);
        expect(await store.reads.put(account, key, owner, answer('{"x":1}', T0 + 100))).toBe(true);
        expect(await store.reads.get(account, key)).toEqual({
          body: '{"x":1}',
          receivedAt: T0 + 95,
          fetchedAt: T0 + 100,
          leaseOwner: null,
          leaseUntil: 0,
        });
        // An answer recent enough is not fetched again; an older one is, once.
        expect(await store.reads.claim(account, key, lease('B', T0 + 200))).toBe(false);
        expect(await store.reads.claim(account, key, lease('B', T0 + 200, T0 + 150))).toBe(true);
        expect(await store.reads.get(account, key)).toMatchObject({ body: '{"x":1}', leaseOwner: 'B' });
      });

      it('lets the next reader fetch once a lease is released or has run out', async () => {
        const [account, key] = [fresh('acct'), fresh('/shipments/2')];
        expect(await store.reads.claim(account, key, lease('A', T0))).toBe(true);
        expect(await store.reads.claim(account, key, lease('B', T0 + 9_999))).toBe(false);
        expect(await store.reads.claim(account, key, lease('B', T0 + 10_000))).toBe(true);
        await store.reads.release(account, key, 'A');
        expect(await store.reads.get(account, key)).toMatchObject({ leaseOwner: 'B' });
        await store.reads.release(account, key, 'B');
        expect(await store.reads.claim(account, key, lease('C', T0 + 10_001))).toBe(true);
      });

      it('forgets an account’s answers after a write, so a fetch begun before it stores nothing', async () => {
        const [account, other, key] = [fresh('acct'), fresh('acct'), fresh('/shipments/3')];
        await store.reads.claim(other, key, lease('A', T0));
        await store.reads.put(other, key, 'A', answer('{}', T0));
        expect(await store.reads.claim(account, key, lease('A', T0))).toBe(true);
        expect(await store.reads.forget(account)).toBe(1);
        expect(await store.reads.put(account, key, 'A', answer('{"old":true}', T0 + 1))).toBe(false);
        expect(await store.reads.get(account, key)).toBeNull();
        expect(await store.reads.get(other, key)).toMatchObject({ body: '{}' });
      });

      it('sweeps answers nobody read for ten minutes', async () => {
        const [account, key] = [fresh('acct'), fresh('/shipments/4')];
        const at = T0 + 50_000 * MINUTE;
        await store.reads.claim(account, key, lease('A', at - 11 * MINUTE));
        await store.reads.put(account, key, 'A', answer('{}', at - 11 * MINUTE));
        expect((await store.sweep(at)).sharedReads).toBeGreaterThanOrEqual(1);
        expect(await store.reads.get(account, key)).toBeNull();
      });
    });

    describe('cards', () => {
      const card = (overrides: Partial<Card> = {}): Card => ({
        teamId: 'T1',
        channelId: fresh('C'),
        messageTs: '1767225600.000100',
        threadTs: null,
        kind: 'shipment',
        subjectId: fresh('shp'),
        isPrivate: false,
        renderedVersion: 'v1',
        postedAt: T0,
        updatedAt: T0,
        ...overrides,
      });

      it('records a card and reads it back as it was given', async () => {
        const posted = card({ threadTs: '1767225600.000050', isPrivate: true });
        await store.cards.record(posted);
        expect(await store.cards.get(posted.teamId, posted.channelId, posted.messageTs)).toEqual(posted);
        expect(await store.cards.get('T2', posted.channelId, posted.messageTs)).toBeNull();
      });

      it('replaces the card at the same team, channel and ts when recorded again', async () => {
        const posted = card();
        await store.cards.record(posted);
        const again = { ...posted, renderedVersion: 'v2', updatedAt: T0 + 5 };
        await store.cards.record(again);
        expect(await store.cards.get(posted.teamId, posted.channelId, posted.messageTs)).toEqual(again);
      });

      it('remembers who a card was posted for, even when it is recorded again without saying', async () => {
        const posted = card({ kind: 'tracking_follow', requestedBy: 'U0ALICE' });
        await store.cards.record(posted);
        expect(await store.cards.get(posted.teamId, posted.channelId, posted.messageTs)).toEqual(posted);
        const { requestedBy: _, ...withoutRequester } = posted;
        await store.cards.record({ ...withoutRequester, kind: 'shipment', updatedAt: T0 + 5 });
        expect(await store.cards.get(posted.teamId, posted.channelId, posted.messageTs)).toMatchObject({
          kind: 'shipment',
          requestedBy: 'U0ALICE',
        });
      });

      it('keeps who a card was posted for when a record without it follows in the same batch', async () => {
        const posted = card({ kind: 'tracking_follow', requestedBy: 'U0BOB' });
        const { requestedBy: _, ...withoutRequester } = posted;
        await Promise.all([
          store.cards.record(posted),
          store.cards.record({ ...withoutRequester, kind: 'shipment' }),
        ]);
        expect(await store.cards.get(posted.teamId, posted.channelId, posted.messageTs)).toMatchObject({
          kind: 'shipment',
          requestedBy: 'U0BOB',
        });
      });

      it('records many cards at once, and the last of several records of one card wins', async () => {
        const cards = Array.from({ length: 25 }, () => card());
        const versions = ['v1', 'v2', 'v3'].map(
          (renderedVersion) => ({ ...cards[0], renderedVersion }) as Card,
        );
        await Promise.all([
          ...cards.map((each) => store.cards.record(each)),
          ...versions.map((each) => store.cards.record(each)),
        ]);
        for (const each of cards.slice(1)) {
          expect(await store.cards.get(each.teamId, each.channelId, each.messageTs)).toEqual(each);
        }
        const first = cards[0] as Card;
        expect((await store.cards.get(first.teamId, first.channelId, first.messageTs))?.renderedVersion).toBe(
          'v3',
        );
      });

      it('reads and writes a card whose record is still gathering as if it were written already', async () => {
        const posted = card();
        const recorded = store.cards.record(posted);
        expect(await store.cards.get(posted.teamId, posted.channelId, posted.messageTs)).toEqual(posted);
        const next = card();
        void store.cards.record(next);
        expect(
          await store.cards.setRenderedVersion(next.teamId, next.channelId, next.messageTs, 'v9', T0),
        ).toBe(true);
        await recorded;
      });

      it('finds every card of a subject in one workspace, most recently posted first', async () => {
        const subjectId = fresh('shp');
        const older = card({ subjectId, postedAt: T0 });
        const newer = card({ subjectId, postedAt: T0 + 1000 });
        const otherTeam = card({ subjectId, teamId: 'T2' });
        const otherKind = card({ subjectId, kind: 'vessel' });
        for (const c of [older, newer, otherTeam, otherKind]) await store.cards.record(c);
        expect(await store.cards.findBySubject('T1', 'shipment', subjectId)).toEqual([newer, older]);
        expect(await store.cards.findBySubjectEverywhere('shipment', subjectId)).toEqual([
          newer,
          older,
          otherTeam,
        ]);
      });

      it('sets the rendered version and removes a card', async () => {
        const posted = card();
        await store.cards.record(posted);
        expect(
          await store.cards.setRenderedVersion('T1', posted.channelId, posted.messageTs, 'v9', T0 + 7),
        ).toBe(true);
        expect(await store.cards.get('T1', posted.channelId, posted.messageTs)).toMatchObject({
          renderedVersion: 'v9',
          updatedAt: T0 + 7,
          postedAt: T0,
        });
        expect(await store.cards.remove('T1', posted.channelId, posted.messageTs)).toBe(true);
        expect(await store.cards.remove('T1', posted.channelId, posted.messageTs)).toBe(false);
        expect(await store.cards.get('T1', posted.channelId, posted.messageTs)).toBeNull();
        expect(
          await store.cards.setRenderedVersion('T1', posted.channelId, posted.messageTs, 'v10', T0),
        ).toBe(false);
      });
    });

    describe('members', () => {
      it('serves a cached member until it expires, per workspace', async () => {
        const user = fresh('U');
        const value = { id: user, tz: 'America/Chicago', is_restricted: false, name: 'Zoë' };
        await store.members.put('T1', user, value, T0 + MINUTE);
        expect(await store.members.get('T1', user, T0)).toEqual(value);
        expect(await store.members.get('T2', user, T0)).toBeNull();
        expect(await store.members.get('T1', user, T0 + MINUTE)).toBeNull();
        await store.members.put('T1', user, { ...value, tz: 'UTC' }, T0 + 2 * MINUTE);
        expect(await store.members.get('T1', user, T0 + MINUTE)).toEqual({ ...value, tz: 'UTC' });
      });
    });

    describe('jobs', () => {
      const job = (kind: string, runAt: number, payload: unknown = { n: 1 }, key: string | null = null) => ({
        kind,
        key,
        runAt,
        payload,
      });

      it('hands out only due jobs of the asked kinds, earliest first, up to the limit', async () => {
        const kind = fresh('poll');
        const other = fresh('outbox');
        const late = await store.jobs.enqueue(job(kind, T0 + 2000));
        const early = await store.jobs.enqueue(job(kind, T0 + 1000, { n: 2 }));
        await store.jobs.enqueue(job(kind, T0 + 10_000));
        await store.jobs.enqueue(job(other, T0));
        const claim = (now: number, limit = 10) =>
          store.jobs.claim({ kinds: [kind], owner: 'w1', leaseMs: 30_000, now, limit });
        expect(await claim(T0 + 999)).toEqual([]);
        const [first, ...rest] = await claim(T0 + 5000, 1);
        expect(rest).toEqual([]);
        expect(first).toMatchObject({ id: early, kind, payload: { n: 2 }, attempts: 1, owner: 'w1' });
        expect(first?.leaseUntil).toBe(T0 + 35_000);
        expect((await claim(T0 + 5000)).map((j) => j.id)).toEqual([late]);
        expect(await claim(T0 + 5000)).toEqual([]);
        expect(
          await store.jobs.claim({ kinds: [], owner: 'w1', leaseMs: 1, now: T0 + 99_999, limit: 9 }),
        ).toEqual([]);
      });

      it('runs one job per kind and key at a time: a pending one waits until the running one is done', async () => {
        const kind = fresh('kind');
        const key = fresh('key');
        const owner = fresh('owner');
        await store.jobs.enqueue({ kind, key, runAt: T0, payload: { n: 1 } });
        const [first] = await store.jobs.claim({ kinds: [kind], owner, leaseMs: MINUTE, now: T0, limit: 5 });
        expect(first).toBeDefined();
        await store.jobs.enqueue({ kind, key, runAt: T0, payload: { n: 2 } });
        await store.jobs.enqueue({ kind, key: fresh('key'), runAt: T0, payload: { n: 3 } });
        const meanwhile = await store.jobs.claim({
          kinds: [kind],
          owner,
          leaseMs: MINUTE,
          now: T0 + 1,
          limit: 5,
        });
        expect(meanwhile.map((job) => job.payload)).toEqual([{ n: 3 }]);
        await store.jobs.complete((first as Job).id, owner);
        const after = await store.jobs.claim({
          kinds: [kind],
          owner,
          leaseMs: MINUTE,
          now: T0 + 2,
          limit: 5,
        });
        expect(after.map((job) => job.payload)).toEqual([{ n: 2 }]);
      });

      it('keeps one pending job per key, at the earlier run time with the newer payload', async () => {
        const kind = fresh('poll');
        const key = fresh('shipment');
        const id = await store.jobs.enqueue(job(kind, T0 + 5000, { v: 1 }, key));
        expect(await store.jobs.enqueue(job(kind, T0 + 1000, { v: 2 }, key))).toBe(id);
        expect(await store.jobs.enqueue(job(kind, T0 + 9000, { v: 3 }, key))).toBe(id);
        const claimed = await store.jobs.claim({
          kinds: [kind],
          owner: 'w',
          leaseMs: 1000,
          now: T0 + 1000,
          limit: 9,
        });
        expect(claimed).toMatchObject([{ id, key, runAt: T0 + 1000, payload: { v: 3 } }]);
        // While that one runs, the same key makes a new pending job: work arriving meanwhile is not lost.
        const next = await store.jobs.enqueue(job(kind, T0 + 2000, { v: 4 }, key));
        expect(next).not.toBe(id);
      });

      it('brings a pending job forward without touching its payload when told to keep it, and inserts one when none is pending', async () => {
        const kind = fresh('follow');
        const key = fresh('request');
        const id = await store.jobs.enqueue(job(kind, T0 + 5000, { userId: 'U1' }, key));
        const hastened = { ...job(kind, T0 + 1000, { userId: null }, key), keepPayload: true };
        expect(await store.jobs.enqueue(hastened)).toBe(id);
        const claim = () =>
          store.jobs.claim({ kinds: [kind], owner: 'w', leaseMs: 1000, now: T0 + 1000, limit: 9 });
        expect(await claim()).toMatchObject([{ id, runAt: T0 + 1000, payload: { userId: 'U1' } }]);
        // While it runs there is nothing pending to keep: the hasten stands as a job of its own.
        const alone = await store.jobs.enqueue(hastened);
        expect(alone).not.toBe(id);
        await store.jobs.complete(id, 'w');
        expect(await claim()).toMatchObject([{ id: alone, payload: { userId: null } }]);
      });

      it('lets only the owner complete a job, and deletes it', async () => {
        const kind = fresh('poll');
        const id = await store.jobs.enqueue(job(kind, T0));
        await store.jobs.claim({ kinds: [kind], owner: 'w1', leaseMs: 1000, now: T0, limit: 1 });
        expect(await store.jobs.complete(id, 'w2')).toBe(false);
        expect(await store.jobs.complete(id, 'w1')).toBe(true);
        expect(await store.jobs.complete(id, 'w1')).toBe(false);
        expect(
          await store.jobs.claim({ kinds: [kind], owner: 'w3', leaseMs: 1000, now: T0 + 99_999, limit: 9 }),
        ).toEqual([]);
      });

      it('gives a job whose lease expired to another owner, and the stale owner can no longer touch it', async () => {
        const kind = fresh('poll');
        const id = await store.jobs.enqueue(job(kind, T0));
        await store.jobs.claim({ kinds: [kind], owner: 'dead', leaseMs: 1000, now: T0, limit: 1 });
        expect(
          await store.jobs.claim({ kinds: [kind], owner: 'w2', leaseMs: 1000, now: T0 + 999, limit: 1 }),
        ).toEqual([]);
        const [taken] = await store.jobs.claim({
          kinds: [kind],
          owner: 'w2',
          leaseMs: 1000,
          now: T0 + 1000,
          limit: 1,
        });
        expect(taken).toMatchObject({ id, owner: 'w2', attempts: 2 });
        expect(await store.jobs.complete(id, 'dead')).toBe(false);
        expect(await store.jobs.retry(id, 'dead', T0, 'late')).toBe(false);
        expect(await store.jobs.extend(id, 'dead', 1000, T0 + 1000)).toBe(false);
        expect(await store.jobs.complete(id, 'w2')).toBe(true);
      });

      it('extends a lease so nobody else takes the job meanwhile', async () => {
        const kind = fresh('poll');
        const id = await store.jobs.enqueue(job(kind, T0));
        await store.jobs.claim({ kinds: [kind], owner: 'w1', leaseMs: 1000, now: T0, limit: 1 });
        expect(await store.jobs.extend(id, 'w1', 5000, T0 + 900)).toBe(true);
        expect(
          await store.jobs.claim({ kinds: [kind], owner: 'w2', leaseMs: 1000, now: T0 + 5000, limit: 1 }),
        ).toEqual([]);
        expect(
          await store.jobs.claim({ kinds: [kind], owner: 'w2', leaseMs: 1000, now: T0 + 5900, limit: 1 }),
        ).toMatchObject([{ id, owner: 'w2' }]);
      });

      it('puts a retried job back at its new run time with the error, merging into a pending job of its key', async () => {
        const kind = fresh('poll');
        const key = fresh('shipment');
        const id = await store.jobs.enqueue(job(kind, T0, { v: 1 }, key));
        await store.jobs.claim({ kinds: [kind], owner: 'w1', leaseMs: 1000, now: T0, limit: 1 });
        expect(await store.jobs.retry(id, 'w1', T0 + 3000, 'HTTP 503')).toBe(true);
        expect(
          await store.jobs.claim({ kinds: [kind], owner: 'w1', leaseMs: 1000, now: T0 + 2999, limit: 1 }),
        ).toEqual([]);
        const [again] = await store.jobs.claim({
          kinds: [kind],
          owner: 'w1',
          leaseMs: 1000,
          now: T0 + 3000,
          limit: 1,
        });
        expect(again).toMatchObject({ id, attempts: 2, lastError: 'HTTP 503', payload: { v: 1 } });

        const newer = await store.jobs.enqueue(job(kind, T0 + 9000, { v: 2 }, key));
        expect(await store.jobs.retry(id, 'w1', T0 + 4000, 'HTTP 502')).toBe(true);
        const merged = await store.jobs.claim({
          kinds: [kind],
          owner: 'w1',
          leaseMs: 1000,
          now: T0 + 4000,
          limit: 9,
        });
        expect(merged).toMatchObject([
          { id: newer, runAt: T0 + 4000, payload: { v: 2 }, lastError: 'HTTP 502' },
        ]);
      });
    });

    describe('jobs in line and in lanes', () => {
      const claimAll = (kinds: string[], now: number, skipLanes: string[] = []) =>
        store.jobs.claim({ kinds, owner: 'w1', leaseMs: 30_000, now, limit: 50, skipLanes });

      it('hands out due jobs lowest place in line first, whatever their run times', async () => {
        const kind = fresh('line');
        const routine = await store.jobs.enqueue({ kind, runAt: T0, payload: {}, order: 3e13 + T0 });
        const webhook = await store.jobs.enqueue({
          kind,
          runAt: T0 + 500,
          payload: {},
          order: 1e13 + T0 + 500,
        });
        const plain = await store.jobs.enqueue({ kind, runAt: T0 + 100, payload: {} });
        expect((await claimAll([kind], T0 + 1000)).map((job) => job.id)).toEqual([plain, webhook, routine]);
      });

      it('skips the lanes it is told to, and leaves their jobs for later', async () => {
        const kind = fresh('lanes');
        const polled = await store.jobs.enqueue({ kind, runAt: T0, payload: {}, lane: 'api:acct:poll' });
        const delivered = await store.jobs.enqueue({ kind, runAt: T0, payload: {}, lane: 'slack-update:T1' });
        const free = await store.jobs.enqueue({ kind, runAt: T0, payload: {} });
        expect(
          (await claimAll([kind], T0, ['api:acct:poll', 'slack-update:T1'])).map((job) => job.id),
        ).toEqual([free]);
        expect((await claimAll([kind], T0)).map((job) => job.id).sort()).toEqual([polled, delivered].sort());
      });

      it('merges a second enqueue into the pending job, the lane going with whichever place in line is ahead', async () => {
        const kind = fresh('merge-lane');
        const id = await store.jobs.enqueue({
          kind,
          key: 'k',
          runAt: T0,
          payload: {},
          order: T0,
          lane: 'render',
        });
        await store.jobs.enqueue({
          kind,
          key: 'k',
          runAt: T0 + 10,
          payload: {},
          order: T0 - 600_000,
          lane: 'news',
        });
        await store.jobs.enqueue({
          kind,
          key: 'k',
          runAt: T0 + 20,
          payload: {},
          order: T0 + 20,
          lane: 'render',
        });
        expect(await claimAll([kind], T0)).toMatchObject([
          { id, runAt: T0, order: T0 - 600_000, lane: 'news' },
        ]);
      });

      it('releases a job it did not run back to its place, with the attempt given back', async () => {
        const kind = fresh('release');
        const id = await store.jobs.enqueue({
          kind,
          key: 'k',
          runAt: T0,
          payload: { v: 1 },
          order: 42,
          lane: 'l',
        });
        await claimAll([kind], T0 + 5);
        expect(await store.jobs.release(id, 'someone-else')).toBe(false);
        expect(await store.jobs.release(id, 'w1')).toBe(true);
        expect(await claimAll([kind], T0 + 10)).toMatchObject([
          { id, runAt: T0, order: 42, lane: 'l', attempts: 1, payload: { v: 1 } },
        ]);
      });

      it('keeps a retried job’s distance from its run time, so a retried urgent job stays ahead', async () => {
        const kind = fresh('retry-order');
        const id = await store.jobs.enqueue({ kind, runAt: T0, payload: {}, order: T0 - 60_000 });
        await claimAll([kind], T0);
        await store.jobs.retry(id, 'w1', T0 + 5_000, 'later');
        expect(await claimAll([kind], T0 + 5_000)).toMatchObject([
          { id, runAt: T0 + 5_000, order: T0 - 55_000 },
        ]);
      });

      it('counts pending jobs per kind, those due, and how long the oldest has waited', async () => {
        const kind = fresh('depth');
        await store.jobs.enqueue({ kind, runAt: T0 - 5_000, payload: {} });
        await store.jobs.enqueue({ kind, runAt: T0 - 1_000, payload: {} });
        await store.jobs.enqueue({ kind, runAt: T0 + 60_000, payload: {} });
        const depth = (await store.jobs.depth(T0)).find((row) => row.kind === kind);
        expect(depth).toEqual({ kind, pending: 3, due: 2, oldestDueAt: T0 - 5_000 });
      });
    });

    describe('sightings of signed requests', () => {
      const signature = () => `v0=${fresh('sig')}`;
      const signedAt = Math.floor(T0 / 1000);

      it('answers true for the first sighting of a request and false for every replay of it', async () => {
        const sig = signature();
        expect(await store.sightings.first(signedAt, sig)).toBe(true);
        expect(await store.sightings.first(signedAt, sig)).toBe(false);
        expect(await store.sightings.first(signedAt + 1, sig)).toBe(true);
      });

      it('lets exactly one of many sightings of one request win when they arrive at once, beside others', async () => {
        const contested = signature();
        const others = Array.from({ length: 20 }, () => signature());
        const answers = await Promise.all([
          ...others.map((sig) => store.sightings.first(signedAt, sig)),
          ...Array.from({ length: 5 }, () => store.sightings.first(signedAt, contested)),
        ]);
        expect(answers.slice(0, 20)).toEqual(others.map(() => true));
        expect(answers.slice(20).filter(Boolean)).toHaveLength(1);
        expect(await store.sightings.first(signedAt, contested)).toBe(false);
      });
    });

    describe('accounts', () => {
      const fingerprint = () =>
        fresh('fp')
          .replace(/[^a-z0-9]/g, '')
          .padEnd(24, '0')
          .slice(0, 24);

      it("gives the first account of a key the key's fingerprint as its id, and binds the tenant to it", async () => {
        const tenant = fresh('T');
        const fp = fingerprint();
        const account = await store.accounts.bind(tenant, { fingerprint: fp, keyCiphertext: null }, T0);
        expect(account).toMatchObject({ id: fp, fingerprint: fp, keyCiphertext: null });
        expect((await store.accounts.forTenant(tenant))?.id).toBe(fp);
        expect(await store.accounts.tenantsOf(fp)).toEqual([tenant]);
      });

      it('keeps the account (and its id) when the tenant replaces its key', async () => {
        const tenant = fresh('T');
        const first = await store.accounts.bind(
          tenant,
          { fingerprint: fingerprint(), keyCiphertext: 'c1' },
          T0,
        );
        const replaced = await store.accounts.bind(
          tenant,
          { fingerprint: fingerprint(), keyCiphertext: 'c2' },
          T0 + 1,
        );
        expect(replaced.id).toBe(first.id);
        expect(replaced.keyCiphertext).toBe('c2');
        expect((await store.accounts.get(first.id))?.fingerprint).toBe(replaced.fingerprint);
      });

      it('makes two tenants connecting the same key one account, and different keys different accounts', async () => {
        const [a, b, c] = [fresh('T'), fresh('T'), fresh('T')];
        const shared = fingerprint();
        const first = await store.accounts.bind(a, { fingerprint: shared, keyCiphertext: null }, T0);
        const second = await store.accounts.bind(b, { fingerprint: shared, keyCiphertext: null }, T0);
        const other = await store.accounts.bind(c, { fingerprint: fingerprint(), keyCiphertext: null }, T0);
        expect(second.id).toBe(first.id);
        expect(other.id).not.toBe(first.id);
        expect(await store.accounts.tenantsOf(first.id)).toEqual([a, b].sort());
      });

      it('moves a tenant to the account that holds a key it connects, and forgets it on unbind', async () => {
        const [holder, mover] = [fresh('T'), fresh('T')];
        const held = fingerprint();
        const target = await store.accounts.bind(holder, { fingerprint: held, keyCiphertext: null }, T0);
        await store.accounts.bind(mover, { fingerprint: fingerprint(), keyCiphertext: null }, T0);
        expect((await store.accounts.bind(mover, { fingerprint: held, keyCiphertext: null }, T0)).id).toBe(
          target.id,
        );
        await store.accounts.unbind(mover);
        expect(await store.accounts.forTenant(mover)).toBeNull();
        expect(await store.accounts.tenantsOf(target.id)).toEqual([holder]);
      });

      it("records the account's webhook with its secret as given (encrypted by the caller)", async () => {
        const account = await store.accounts.bind(
          fresh('T'),
          { fingerprint: fingerprint(), keyCiphertext: null },
          T0,
        );
        await store.accounts.setWebhook(account.id, { id: 'wh-1', secretCiphertext: 'sealed' }, T0 + 5);
        expect(await store.accounts.get(account.id)).toMatchObject({
          webhookId: 'wh-1',
          webhookSecretCiphertext: 'sealed',
          updatedAt: T0 + 5,
        });
      });
    });

    describe('sweep', () => {
      it('deletes what expired everywhere and keeps what is live', async () => {
        const at = T0 + 100_000 * MINUTE;
        const liveClaim = fresh('claim');
        const deadClaim = fresh('claim');
        await store.claims.claim(deadClaim, MINUTE, at - 2 * MINUTE);
        await store.claims.claim(liveClaim, MINUTE, at);
        const user = fresh('U');
        await store.members.put('T1', user, { ok: 1 }, at - 1);
        const account = fresh('acct');
        await store.quota.acquire(account, {
          limit: 1,
          windowMs: MINUTE,
          now: at - MINUTE,
          inFlightHoldMs: 1000,
        });
        await store.quota.pause(account, at - 1);
        const oldIntent = fresh('intent');
        const intentOptions = {
          owner: 'p',
          leaseMs: 1,
          now: at - 8 * 24 * 60 * MINUTE,
          duplicateWindowMs: 1,
        };
        await store.intents.begin({ key: oldIntent, kind: 'k', payload: null }, intentOptions);
        await store.intents.finish(oldIntent, 'p', at - 8 * 24 * 60 * MINUTE);
        const stuck = fresh('intent');
        await store.intents.begin({ key: stuck, kind: 'k', payload: null }, intentOptions);
        const oldCard = fresh('C');
        await store.cards.record({
          teamId: 'T1',
          channelId: oldCard,
          messageTs: '1.1',
          threadTs: null,
          kind: 'shipment',
          subjectId: 's',
          isPrivate: false,
          renderedVersion: null,
          postedAt: 0,
          updatedAt: at - 91 * 24 * 60 * MINUTE,
        });

        const oldSighting = `v0=${fresh('sig')}`;
        const liveSighting = `v0=${fresh('sig')}`;
        await store.sightings.first(Math.floor((at - 20 * MINUTE) / 1000), oldSighting);
        await store.sightings.first(Math.floor(at / 1000), liveSighting);

        const swept = await store.sweep(at);
        expect(swept.claims).toBeGreaterThanOrEqual(1);
        expect(swept.sightings).toBeGreaterThanOrEqual(1);
        expect(swept.members).toBeGreaterThanOrEqual(1);
        expect(swept.quotaSlots).toBeGreaterThanOrEqual(1);
        expect(swept.quotaPauses).toBeGreaterThanOrEqual(1);
        expect(swept.intents).toBeGreaterThanOrEqual(1);
        expect(swept.cards).toBeGreaterThanOrEqual(1);

        expect(await store.claims.claim(deadClaim, MINUTE, at - 2 * MINUTE)).toBe(true);
        expect(await store.claims.claim(liveClaim, MINUTE, at)).toBe(false);
        expect(await store.sightings.first(Math.floor(at / 1000), liveSighting)).toBe(false);
        expect(await store.sightings.first(Math.floor((at - 20 * MINUTE) / 1000), oldSighting)).toBe(true);
        expect(await store.intents.get(oldIntent)).toBeNull();
        expect(await store.intents.get(stuck)).toMatchObject({ state: 'running' });
        expect(await store.cards.get('T1', oldCard, '1.1')).toBeNull();
        expect((await store.sweep(at)).members).toBe(0);
      });
    });
  });
}
