/**
 * A watched card whose data is older than its cadence says so in its footer ("checked 47 min ago · behind
 * schedule"), and stops saying it once a poll brings it up to date. Here thirty shipments near arrival share a
 * budget that leaves polls one a minute: each is read every half hour, not every 15 minutes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco, RELEASED } from './helpers/shipments.js';
import { type WatchWorld, watchWorld } from './helpers/watch-world.js';

const MINUTE = 60_000;

describe('a card behind schedule', () => {
  let world: WatchWorld;
  beforeEach(() => {
    world = watchWorld(embeddedHarness());
  });
  afterEach(async () => {
    await world.dispose();
  });

  it('says "checked … · behind schedule" once its data outlives its cadence, and drops it when polled', async () => {
    const replica = await world.replica({ config: { budgetPerMinute: 2 } });
    const cards: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      const detail = cosco({ second: RELEASED });
      detail.shipment.id = `s${i}`;
      world.tracking.set(detail);
      const card = await world.chat.postMessage({ channel: `C${i}`, text: 'card' });
      cards.push(card.ts ?? '');
      await replica.service.watch({
        teamId: 'T1',
        channelId: `C${i}`,
        userId: 'U1',
        detail: await world.tracking.getShipment(`s${i}`),
        cardTs: card.ts ?? '',
        threadTs: card.ts ?? null,
      });
    }
    const footers = (ts: string) =>
      world.chat.updates
        .filter((update) => update.ts === ts)
        .map((update) => JSON.stringify(update.blocks.at(-1)));
    for (let minute = 0; minute < 75; minute += 1) {
      await replica.service.runDue();
      world.clock.advance(MINUTE);
    }
    const told = cards.filter((ts) => footers(ts).some((footer) => footer.includes('behind schedule')));
    expect(told.length).toBeGreaterThan(10);
    // A card told it was behind was later polled, and its footer went back to "updated".
    const recovered = told.filter((ts) => {
      const list = footers(ts);
      const first = list.findIndex((footer) => footer.includes('behind schedule'));
      return list.slice(first + 1).some((footer) => !footer.includes('behind schedule'));
    });
    expect(recovered.length).toBeGreaterThan(0);
    expect(footers(told[0] ?? '').find((footer) => footer.includes('behind'))).toContain('checked {ago}');
  });
});
