/**
 * Where Shipwatch's time per command goes, as a ladder of bots that each change one thing from the one before:
 * the baseline (static message through Bolt's WebClient) → the baseline posting Shipwatch's pre-rendered card for the
 * BL (what a card costs through the WebClient) → the same through Shipwatch's chat client (JSON over undici, what
 * Shipwatch posts with) → rendering the card on each command → Shipwatch as shipped, its card from the 30 s cache
 * (Shipwatch's own listener, routing, policies) → Shipwatch with the cache off (the API request and its parsing).
 *
 * Method. Same harness as the throughput scenario (bots in this process, load + fakes forked, simulator in its own process, closed
 * loop),
 * at concurrency 16, all six bots interleaved for two rounds, best round per bot. The figure is the bot process's CPU
 * time per command (user + system, warm-up included), which other load on the machine disturbs far less than
 * throughput; the step between two rungs is what the added piece costs.
 */
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { ShipmentDetail } from '../../src/tracking/models.js';
import { BASELINE_TEXT, type BaselineReply, startBaselineBot } from '../lib/baseline-bot.js';
import { shipmentCommandPlans } from '../lib/demo-plans.js';
import type { RequestPlan } from '../lib/load-plan.js';
import { measureRun, type RunFigures } from '../lib/measure-run.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { round } from '../lib/stats.js';
import { forkWorld } from '../lib/world-client.js';

const CONCURRENCY = 16;
const ROUNDS = 2;

interface Rung {
  name: string;
  url: string;
  plans: RequestPlan[];
  stop(): Promise<void>;
}

export const costLadderScenario: Scenario = {
  id: 'cost-ladder',
  title: 'Cost ladder: bot CPU per command, one piece of work added per rung (c=16)',
  method:
    'Six bots interleaved at c=16, two rounds, best round: baseline static → baseline posting the pre-rendered card ' +
    "(Bolt's WebClient) → the same through Shipwatch's chat client → rendering the card per command → Shipwatch " +
    'cached → Shipwatch cache off. Figure: bot-process CPU ms per command.',
  async run(ctx) {
    const { renderShipmentCard } = await import('../../src/cards/index.js');
    const world = await forkWorld();
    const rungs: Rung[] = [];
    const results = new Map<string, RunFigures>();
    try {
      const trackingUrl = await world.startSimulator({ latencyMs: 0 });
      const details = await fetchDemoDetails(trackingUrl);
      const now = new Date();
      const cards = new Map([...details].map(([bl, detail]) => [bl, renderShipmentCard(detail, { now })]));
      const cardPlans = shipmentCommandPlans();
      const baseline = async (name: string, reply?: (text: string) => BaselineReply, chatApi = false) => {
        const bot = await startBaselineBot({
          signingSecret: ctx.signingSecret,
          slackApiUrl: world.slackApiUrl,
          command: '/shipment',
          chatApi,
          ...(reply ? { reply } : {}),
        });
        return { name, url: bot.url, stop: bot.stop };
      };
      const staticPlans = cardPlans.map((plan) => ({
        ...plan,
        expect: { methods: ['chat.postMessage'], contains: [BASELINE_TEXT] },
      }));
      rungs.push({ ...(await baseline('baseline: static message')), plans: staticPlans });
      rungs.push({
        ...(await baseline('+ post the card (pre-rendered), WebClient', (bl) => cardFor(cards, bl))),
        plans: cardPlans,
      });
      rungs.push({
        ...(await baseline("  … through Shipwatch's chat client", (bl) => cardFor(cards, bl), true)),
        plans: cardPlans,
      });
      rungs.push({
        ...(await baseline(
          '+ render the card per command',
          (bl) => renderFor(details, bl, renderShipmentCard),
          true,
        )),
        plans: cardPlans,
      });
      for (const [name, cacheTtlMs] of [
        ['Shipwatch, card from cache', 30_000],
        ['Shipwatch, cache off (API call)', 0],
      ] as const) {
        const bot = await startShipwatchBot({
          signingSecret: ctx.signingSecret,
          slackApiUrl: world.slackApiUrl,
          trackingUrl,
          cacheTtlMs,
          rateLimitPerMinute: 0,
        });
        rungs.push({ name, url: bot.url, plans: cardPlans, stop: bot.stop });
      }
      for (let r = 0; r < ROUNDS; r++) {
        for (const [index, rung] of rungs.entries()) {
          const figures = await measureRun(world, {
            botUrl: rung.url,
            signingSecret: ctx.signingSecret,
            concurrency: CONCURRENCY,
            warmupMs: 500,
            measureMs: 2000,
            plans: rung.plans,
            runId: `L${r}R${index}`,
          });
          const best = results.get(rung.name);
          if (!best || figures.cpuMsPerCommand < best.cpuMsPerCommand) results.set(rung.name, figures);
        }
      }
    } finally {
      for (const rung of rungs) await rung.stop();
      await world.close();
    }
    const ordered = rungs.map((rung) => [rung.name, results.get(rung.name)] as const);
    const base = ordered[0]?.[1]?.cpuMsPerCommand ?? Number.NaN;
    let previous = Number.NaN;
    const rows = ordered.map(([name, figures]) => {
      const cpu = figures?.cpuMsPerCommand ?? Number.NaN;
      const row = [
        name,
        round(cpu, 3),
        Number.isNaN(previous) ? null : round(cpu - previous, 3),
        round(cpu / base, 2),
        round(figures?.result.throughput ?? Number.NaN, 0),
        figures?.result.completed ?? 0,
      ];
      previous = cpu;
      ctx.log(`  ${name}: ${cpu.toFixed(3)} ms/cmd`);
      return row;
    });
    const shipwatchCached = results.get('Shipwatch, card from cache')?.cpuMsPerCommand ?? null;
    return {
      table: { headers: ['rung', 'cpu ms/cmd', 'step', '×base', 'cmds/s', 'cards'], rows },
      figures: Object.fromEntries(results),
      checks: [
        // Throughput at saturation is the inverse of CPU per command, so ≥ 0.8× throughput means ≤ 1.25× CPU.
        check(
          'CPU per command ×baseline, as shipped (c=16)',
          shipwatchCached === null ? null : round(shipwatchCached / base, 2),
          '×',
          '≤ 1.25',
          (v) => v <= 1.25,
        ),
      ],
    };
  },
};

function cardFor(cards: Map<string, BaselineReply>, bl: string): BaselineReply {
  return cards.get(bl) ?? { text: BASELINE_TEXT };
}

function renderFor(
  details: Map<string, ShipmentDetail>,
  bl: string,
  render: (detail: ShipmentDetail, ctx: { now: Date }) => BaselineReply,
): BaselineReply {
  const detail = details.get(bl);
  return detail ? render(detail, { now: new Date() }) : { text: BASELINE_TEXT };
}

async function fetchDemoDetails(trackingUrl: string): Promise<Map<string, ShipmentDetail>> {
  const { createTrackingClient } = await import('../../src/tracking/index.js');
  const client = createTrackingClient({
    baseUrl: trackingUrl,
    apiKey: DEMO.apiKeys.full,
    rateLimitPerMinute: 0,
  });
  try {
    const entries = await Promise.all(
      Object.values(DEMO.shipments).map(async (shipment) => {
        const [detail] = await client.findShipmentsByNumber(shipment.bl);
        if (!detail) throw new Error(`demo shipment ${shipment.bl} not found`);
        return [shipment.bl, detail] as const;
      }),
    );
    return new Map(entries);
  } finally {
    await client.close();
  }
}
