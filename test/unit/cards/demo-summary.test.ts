/**
 * The 60-container demo booking (SZX0845120 in the embedded simulator), looked up the way `/shipment` does and
 * rendered: the summary's counts must be a partition that adds up to the 60 containers, with the last-free-day
 * counts on a line of their own, and the held and overdue boxes named by number.
 */
import { describe, expect, it } from 'vitest';
import { renderShipmentCard } from '../../../src/cards/shipment-card.js';
import { fixedClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { createSimulator, DEMO } from '../../../src/simulator/index.js';
import { createTrackingClient, fromFetchHandler, resolveShipment } from '../../../src/tracking/index.js';
import { sectionTexts } from '../../fixtures/cards/card-text.js';
import { assertWithinBlockKitLimits } from '../../helpers/block-kit-validator.js';

const NOW = '2026-03-10T15:00:00Z';

async function demoCard() {
  const clock = fixedClock(NOW);
  const sim = createSimulator({ clock, random: () => 0.5 });
  const client = createTrackingClient({
    baseUrl: 'http://sim/v2',
    apiKey: DEMO.apiKeys.full,
    clock,
    logger: silentLogger,
    transport: fromFetchHandler((request) => sim.handle(request)),
    rateLimitPerMinute: 0,
  });
  try {
    const resolution = await resolveShipment(client, DEMO.shipments.manyContainers.booking);
    if (resolution.kind !== 'shipment') throw new Error(`expected a shipment, got ${resolution.kind}`);
    return renderShipmentCard(resolution.detail, { now: new Date(NOW) });
  } finally {
    await client.close();
  }
}

describe('the 60-container demo booking', () => {
  it('is summarised with counts that add up to its 60 containers', async () => {
    const card = await demoCard();
    assertWithinBlockKitLimits(card);
    const summary = sectionTexts(card).find((text) => text.startsWith('*60 containers')) ?? '';
    const partition = summary.split('\n')[0] ?? '';
    const counts = [...partition.replace('*60 containers', '').matchAll(/(\d+) [a-z]/g)].map((m) =>
      Number(m[1]),
    );
    expect(counts.length).toBeGreaterThan(1);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(60);
  });

  it('names the held containers by number on the summary card', async () => {
    const card = await demoCard();
    const summary = sectionTexts(card).find((text) => text.startsWith('*60 containers')) ?? '';
    expect(summary).toMatch(/⛔ On hold: [A-Z]{4}\d{7}/);
  });
});
