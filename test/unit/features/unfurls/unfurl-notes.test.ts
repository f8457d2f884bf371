/**
 * What link previews remember per workspace lives in the store, on both backends: a replica that heard Slack refuse
 * Work Objects tells every other replica on the same store, for a day, and only for that workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdjustableClock, fixedClock } from '../../../../src/clock.js';
import { CLASSIC_FOR_MS, createUnfurlNotes } from '../../../../src/features/unfurls/unfurl-notes.js';
import type { Store } from '../../../../src/store/index.js';
import { embeddedHarness, postgresHarness, type StoreHarness } from '../../store/helpers/stores.js';

const T0 = new Date('2026-03-01T09:00:00Z');

for (const [name, makeHarness] of [
  ['embedded', embeddedHarness],
  ['PostgreSQL', postgresHarness],
] as const) {
  describe(`link previews' notes in the store: ${name}`, () => {
    let harness: StoreHarness;
    let one: Store;
    let other: Store;

    beforeAll(async () => {
      harness = makeHarness();
      [one, other] = [await harness.open(), await harness.open()];
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    it('tells another replica that a workspace refused Work Objects, for a day, and no other workspace', async () => {
      const clock = createAdjustableClock(fixedClock(T0));
      const here = createUnfurlNotes(one.members, clock);
      const replica = createUnfurlNotes(other.members, clock);
      expect(await replica.classic('T0REFUSED')).toBe(false);

      await here.refuseWorkObjects('T0REFUSED');

      expect(await replica.classic('T0REFUSED')).toBe(true);
      expect(await replica.classic('T0OTHER')).toBe(false);
      clock.advance(CLASSIC_FOR_MS - 1);
      expect(await replica.classic('T0REFUSED')).toBe(true);
      clock.advance(1);
      expect(await replica.classic('T0REFUSED')).toBe(false);
    });
  });
}
