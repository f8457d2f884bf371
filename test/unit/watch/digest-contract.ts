/**
 * Daily digests below Slack's HTTP layer, on both backends (digests-embedded.test.ts, digests-postgres.test.ts): a
 * channel's digest goes out at its local time, composed from stored snapshots and the changes recorded since the
 * last one (no Terminal49 request), once per channel per local date however many replicas run its job and however
 * often it is queued again (a restart), and not at all when there is nothing to say. Time is a manual clock; jobs run
 * only when a test calls `runDue`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WatchPhase } from '../../../src/domain/changes/index.js';
import { digestJob } from '../../../src/watch/digest/digests.js';
import type { DigestSetting } from '../../../src/watch/settings.js';
import type { StoreHarness } from '../store/helpers/stores.js';
import { cosco, SHIPMENT_ID } from './helpers/shipments.js';
import { type Replica, type WatchWorld, watchWorld } from './helpers/watch-world.js';

const TEAM = 'T1';
const CHANNEL = 'C0DIGEST1';
/** No polls: every Terminal49 read in these tests would be the digest's. */
const NO_POLLS: Record<WatchPhase, number | null> = { far: null, near: null, detention: null, done: null };
const EIGHT_IN_AMSTERDAM: DigestSetting = {
  hour: 8,
  minute: 0,
  timeZone: 'Europe/Amsterdam',
  workingDaysOnly: false,
  setBy: 'U0ALICE',
  setAt: 0,
};

export function describeDigests(name: string, makeHarness: () => StoreHarness): void {
  describe(`daily digests: ${name}`, () => {
    let world: WatchWorld;
    let a: Replica;

    beforeEach(async () => {
      // Tuesday 10 March 2026, 09:00 UTC (10:00 in Amsterdam).
      world = watchWorld(makeHarness());
      world.tracking.set(cosco());
      a = await world.replica({ config: { cadenceMs: NO_POLLS } });
    });
    afterEach(async () => {
      await world.dispose();
    });

    const watchHere = async (channelId = CHANNEL) => {
      const card = await world.chat.postMessage({ channel: channelId, text: 'card' });
      await a.service.watch({
        teamId: TEAM,
        channelId,
        userId: 'U0ALICE',
        detail: await world.tracking.getShipment(SHIPMENT_ID),
        cardTs: card.ts ?? '',
        threadTs: card.ts ?? null,
      });
    };
    const digests = (channelId = CHANNEL) =>
      world.chat.posts.filter(
        (post) => post.channel === channelId && post.text.startsWith('Shipwatch digest'),
      );
    const runAll = async (...replicas: Replica[]) => {
      await Promise.all(replicas.map((replica) => replica.service.runDue()));
      await Promise.all(replicas.map((replica) => replica.service.runDue()));
    };

    it('posts the digest at 08:00 in its zone, from stored snapshots, with no request to Terminal49', async () => {
      await watchHere();
      await a.service.digests.schedule(TEAM, CHANNEL, EIGHT_IN_AMSTERDAM, 'U0ALICE');
      const reads = world.tracking.reads;
      world.clock.set('2026-03-11T06:59:00Z'); // 07:59 in Amsterdam
      await runAll(a);
      expect(digests()).toEqual([]);
      world.clock.set('2026-03-11T07:00:00Z');
      await runAll(a);
      const [digest] = digests();
      expect(digests()).toHaveLength(1);
      expect(digest?.threadTs).toBeNull();
      const text = JSON.stringify(digest?.blocks);
      expect(text).toContain('Available for pickup');
      expect(text).toContain('CSNU8804120');
      expect(text).toContain('On hold');
      expect(text).toContain('CBHU5120015');
      expect(world.tracking.reads).toBe(reads);
    });

    it('sends one digest per channel per local date across two replicas and a restart, and the next day’s too', async () => {
      await watchHere();
      const b = await world.replica({ config: { cadenceMs: NO_POLLS } });
      await a.service.digests.schedule(TEAM, CHANNEL, EIGHT_IN_AMSTERDAM, 'U0ALICE');
      world.clock.set('2026-03-11T07:00:00Z');
      // Both replicas look for due work at the same moment, twice.
      await runAll(a, b);
      expect(digests()).toHaveLength(1);
      // A restarted replica queues the channel's job again for the same morning: the day's digest is already out.
      const c = await world.replica({ config: { cadenceMs: NO_POLLS } });
      await c.store.jobs.enqueue(
        digestJob({ teamId: TEAM, channelId: CHANNEL }, world.clock.now().getTime()),
      );
      world.clock.advance(30 * 60_000);
      await runAll(a, b, c);
      expect(digests()).toHaveLength(1);
      world.clock.set('2026-03-12T07:00:00Z');
      await runAll(a, b, c);
      expect(digests()).toHaveLength(2);
    });

    it('says what changed since the last digest, and the next working day’s last free day', async () => {
      await watchHere();
      await a.service.digests.schedule(TEAM, CHANNEL, EIGHT_IN_AMSTERDAM, 'U0ALICE');
      world.clock.set('2026-03-11T07:00:00Z');
      await runAll(a);
      expect(digests()).toHaveLength(1);
      // The customs hold is released during Wednesday; Thursday's digest says so, and Friday's LFD is next.
      world.clock.set('2026-03-11T12:00:00Z');
      world.tracking.set(
        cosco({ second: { holds: [], availableForPickup: true, currentStatus: 'available' } }),
      );
      await a.service.ingest(await world.tracking.getShipment(SHIPMENT_ID));
      await runAll(a);
      world.clock.set('2026-03-12T07:00:00Z');
      await runAll(a);
      const thursday = JSON.stringify(digests()[1]?.blocks);
      expect(thursday).toContain('What changed since the digest of Wed 11 Mar 08:00 CET');
      expect(thursday).toContain('COSU6312345670');
      expect(thursday).toContain('LFD next working day');
      expect(thursday).not.toContain('On hold');
    });

    it('skips a day with nothing to say, yet answers when asked now', async () => {
      // A channel that watches nothing.
      await a.service.digests.schedule(TEAM, 'C0QUIET', EIGHT_IN_AMSTERDAM, 'U0ALICE');
      world.clock.set('2026-03-11T07:00:00Z');
      await runAll(a);
      expect(digests('C0QUIET')).toEqual([]);
      const now = await a.service.digests.composeNow(TEAM, 'C0QUIET');
      expect(now.message.text).toContain('Nothing to flag: 0 shipments watched here');
    });

    it('goes out on working days only when asked so, and stops when turned off', async () => {
      await watchHere();
      await a.service.digests.schedule(
        TEAM,
        CHANNEL,
        { ...EIGHT_IN_AMSTERDAM, workingDaysOnly: true },
        'U0ALICE',
      );
      world.clock.set('2026-03-14T07:00:00Z'); // Saturday
      await runAll(a);
      world.clock.set('2026-03-15T07:00:00Z'); // Sunday
      await runAll(a);
      expect(digests()).toEqual([]);
      world.clock.set('2026-03-16T07:00:00Z'); // Monday
      await runAll(a);
      expect(digests()).toHaveLength(1);
      await a.service.digests.schedule(TEAM, CHANNEL, null, 'U0ALICE');
      world.clock.set('2026-03-17T07:00:00Z');
      await runAll(a);
      expect(digests()).toHaveLength(1);
    });
  });
}
