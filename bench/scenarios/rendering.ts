/**
 * Rendering cost of the shipment card for 1, 10 and 100 containers.
 *
 * Method. The fixture is a real demo shipment (the 60-container one) fetched from the simulator in-process through
 * the tracking client and its parser, with its containers cycled (fresh ids and check-digit-valid numbers) to reach
 * each size. Warm: a discarded warm-up, then 31 timed batches of enough renders to last ≥ 10 ms each; the figure is
 * the median of per-batch µs per render (p90 of batches alongside). The 100-container card is then checked against
 * the Block Kit limits with the one validator the tests and the local workspace use (src/workspace/web-api).
 */
import { performance } from 'node:perf_hooks';
import { blockTextLength } from '../../src/cards/format/clamp-message.js';
import { fixedClock } from '../../src/clock.js';
import { containerCheckDigit } from '../../src/domain/container-number.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { Container, ShipmentDetail } from '../../src/tracking/models.js';
import { findBlockKitViolations } from '../../src/workspace/web-api/block-kit-check.js';
import { type Check, check, type Scenario } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';

const SIZES = [1, 10, 100] as const;
const BATCHES = 31;
const BATCH_MIN_MS = 10;

export const renderingScenario: Scenario = {
  id: 'rendering',
  title: 'Rendering: µs per shipment card',
  method:
    'Demo shipment (60 containers) fetched in-process from the simulator through the tracking client; containers ' +
    `cycled to 1/10/100. Warm-up, then ${BATCHES} batches of ≥ ${BATCH_MIN_MS} ms; median µs per render ` +
    '(p90 of batches). 100-container card checked against the Block Kit limits (the shared validator).',
  async run(ctx) {
    const { renderShipmentCard } = await import('../../src/cards/index.js');
    const base = await fetchDemoShipment();
    const now = new Date(base.fetchedAt);
    const rows = [];
    const checks: Check[] = [];
    let card100: ReturnType<typeof renderShipmentCard> | null = null;
    for (const size of SIZES) {
      const detail = withContainers(base, size);
      const render = () => renderShipmentCard(detail, { now });
      const card = render();
      if (size === 100) card100 = card;
      const perRender = timePerCall(render);
      rows.push([
        size,
        round(perRender.median, 1),
        round(perRender.p90, 1),
        card.blocks.length,
        JSON.stringify(card).length,
      ]);
      ctx.log(`  ${size} containers: ${perRender.median.toFixed(1)} µs`);
      if (size === 100)
        checks.push(
          check(
            'render 100 containers (median)',
            round(perRender.median / 1000, 3),
            'ms',
            '< 1',
            (v) => v < 1,
          ),
        );
    }
    const limits = card100 ? cardLimits(card100) : null;
    checks.push(
      check(
        '100-container card: Block Kit violations',
        limits ? limits.violations.length : null,
        '',
        '= 0',
        (v) => v === 0,
      ),
    );
    return {
      table: { headers: ['containers', 'µs median', 'µs p90', 'blocks', 'JSON bytes'], rows },
      figures: { limits100: limits },
      checks,
      notes: limits && limits.violations.length > 0 ? limits.violations : [],
    };
  },
};

function timePerCall(fn: () => unknown): { median: number; p90: number } {
  const warmUntil = performance.now() + 200;
  let calls = 0;
  while (performance.now() < warmUntil) {
    fn();
    calls += 1;
  }
  // Size a batch from the warm-up rate so each batch is long enough for the timer's resolution.
  const perBatch = Math.max(1, Math.ceil((calls / 200) * BATCH_MIN_MS));
  const samples: number[] = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) fn();
    samples.push(((performance.now() - start) * 1000) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p90: percentile(samples, 90) };
}

async function fetchDemoShipment(): Promise<ShipmentDetail> {
  const { createSimulator } = await import('../../src/simulator/index.js');
  const { createTrackingClient, fromFetchHandler } = await import('../../src/tracking/index.js');
  const clock = fixedClock('2026-03-10T15:00:00Z');
  const sim = createSimulator({ clock });
  const client = createTrackingClient({
    baseUrl: 'http://sim/v2',
    apiKey: DEMO.apiKeys.full,
    clock,
    transport: fromFetchHandler((request) => sim.handle(request)),
  });
  try {
    return await client.getShipment(DEMO.shipments.manyContainers.id);
  } finally {
    await client.close();
  }
}

/** The shipment with exactly `count` containers, cycling the real ones with fresh identities. */
function withContainers(detail: ShipmentDetail, count: number): ShipmentDetail {
  const source = detail.containers;
  if (source.length === 0) throw new Error('demo shipment has no containers');
  const containers: Container[] = Array.from({ length: count }, (_, index) => {
    const original = source[index % source.length] as Container;
    return index < source.length
      ? original
      : { ...original, id: `${original.id}-copy-${index}`, number: containerNumber(index) };
  });
  return {
    ...detail,
    containers,
    shipment: { ...detail.shipment, containerIds: containers.map((container) => container.id) },
  };
}

/** `BNCU` + 6 digits + its ISO 6346 check digit. */
function containerNumber(serial: number): string {
  const body = `BNCU${String(serial).padStart(6, '0')}`;
  return `${body}${containerCheckDigit(body) ?? 0}`;
}

/** The card's size against Slack's limits, and every limit it breaks (the shared validator's words). */
function cardLimits(card: { blocks: readonly unknown[] }) {
  return {
    blocks: card.blocks.length,
    blockTextChars: blockTextLength(card.blocks),
    violations: findBlockKitViolations(card).map((violation) => `${violation.path}: ${violation.problem}`),
  };
}
