/**
 * Upstream requests per user action, counted where they land: the simulator's own request log (`sim.requests`).
 *
 * Method. Shipwatch in this process, simulator and fake Slack in a forked process, a fresh bot (empty cache) for each
 * case. Each case sends its commands or clicks, waits for the card (or the updated card) at the fake Slack, then reads
 * how many requests the simulator served since the case began. Cases: `/shipment <BL>` of a shipment with containers;
 * `/shipment <container number>`; 50 identical `/shipment <BL>` sent at once, as shipped (30 s cache, 0 ms API) and
 * with the cache off and 50 ms of API latency so that only request coalescing can merge them; one Refresh click on a
 * card that was just posted.
 */
import { ACTION } from '../../src/cards/ids.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { LoadSpec, RequestPlan } from '../lib/load-plan.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import type { World } from '../lib/world.js';
import { forkWorld } from '../lib/world-client.js';

interface Case {
  name: string;
  target: string;
  pass: (count: number) => boolean;
  latencyMs: number;
  cacheTtlMs: number;
  /** Sent first and not counted (e.g. the command that posts the card a Refresh then acts on). */
  prepare?: RequestPlan;
  plan: RequestPlan;
  concurrency: number;
}

const slipped = DEMO.shipments.slippedEta;
const arrived = DEMO.shipments.arrived;
const slash = (text: string, bl: string): RequestPlan => ({
  kind: 'slash',
  command: '/shipment',
  text,
  expect: { methods: ['chat.postMessage'], contains: [bl] },
});

const CASES: Case[] = [
  {
    name: 'BL lookup (shipment with containers)',
    target: '= 1',
    pass: (n) => n === 1,
    latencyMs: 0,
    cacheTtlMs: 30_000,
    plan: slash(slipped.bl, slipped.bl),
    concurrency: 1,
  },
  {
    name: 'container-number lookup',
    target: '≤ 2',
    pass: (n) => n <= 2,
    latencyMs: 0,
    cacheTtlMs: 30_000,
    plan: slash(DEMO.containers.ready, slipped.bl),
    concurrency: 1,
  },
  {
    name: '50 concurrent identical lookups (as shipped)',
    target: '= 1',
    pass: (n) => n === 1,
    latencyMs: 0,
    cacheTtlMs: 30_000,
    plan: slash(arrived.bl, arrived.bl),
    concurrency: 50,
  },
  {
    name: '50 concurrent identical lookups (cache off, 50 ms API)',
    target: '= 1',
    pass: (n) => n === 1,
    latencyMs: 50,
    cacheTtlMs: 0,
    plan: slash(arrived.bl, arrived.bl),
    concurrency: 50,
  },
  {
    name: 'Refresh click',
    target: '= 1',
    pass: (n) => n === 1,
    latencyMs: 0,
    cacheTtlMs: 30_000,
    prepare: slash(slipped.bl, slipped.bl),
    plan: {
      kind: 'click',
      actionId: ACTION.shipmentRefresh,
      value: slipped.id,
      expect: { methods: ['chat.update'], contains: [slipped.bl] },
    },
    concurrency: 1,
  },
];

export const upstreamScenario: Scenario = {
  id: 'upstream',
  title: 'Upstream requests per action (counted at the simulator)',
  method:
    'Fresh bot per case; requests counted in the simulator request log from the start of the case until the card ' +
    '(or updated card) reached the fake Slack. 50 identical lookups are 50 commands sent at once; measured as ' +
    'shipped and with cache off + 50 ms API latency (coalescing alone).',
  async run(ctx) {
    const world = await forkWorld();
    const rows: Array<{
      name: string;
      upstream: number;
      completed: number;
      intents: number;
      routes: string;
    }> = [];
    const checks = [];
    try {
      for (const [index, testCase] of CASES.entries()) {
        const outcome = await runCase(world, testCase, ctx.signingSecret, `U${index}`);
        rows.push({ name: testCase.name, ...outcome });
        checks.push(
          check(
            testCase.name,
            outcome.completed === outcome.intents ? outcome.upstream : null,
            'requests',
            testCase.target,
            testCase.pass,
          ),
        );
        ctx.log(
          `  ${testCase.name}: ${outcome.upstream} upstream (${outcome.routes}); ${outcome.completed}/${outcome.intents} replies`,
        );
      }
    } finally {
      await world.close();
    }
    return {
      table: {
        headers: ['case', 'upstream requests', 'cards', 'intents', 'routes'],
        rows: rows.map((row) => [row.name, row.upstream, row.completed, row.intents, row.routes]),
      },
      figures: { cases: rows },
      checks,
    };
  },
};

async function runCase(world: World, testCase: Case, signingSecret: string, runId: string) {
  const trackingUrl = await world.startSimulator({ latencyMs: testCase.latencyMs });
  const bot = await startShipwatchBot({
    signingSecret,
    slackApiUrl: world.slackApiUrl,
    trackingUrl,
    cacheTtlMs: testCase.cacheTtlMs,
  });
  try {
    const base: Omit<LoadSpec, 'plans' | 'runId' | 'concurrency' | 'maxIntents'> = {
      botUrl: bot.url,
      signingSecret,
      durationMs: 10_000,
      warmupMs: 0,
      completionTimeoutMs: 10_000,
    };
    if (testCase.prepare) {
      await world.runLoad({
        ...base,
        plans: [testCase.prepare],
        concurrency: 1,
        maxIntents: 1,
        runId: `${runId}P`,
      });
    }
    await world.resetUpstream();
    const result = await world.runLoad({
      ...base,
      plans: [testCase.plan],
      concurrency: testCase.concurrency,
      maxIntents: testCase.concurrency,
      runId,
    });
    const counts = await world.upstreamCounts();
    return {
      upstream: counts.total,
      completed: result.completed,
      intents: result.intents,
      routes: Object.entries(counts.byRoute)
        .map(([route, n]) => `${route} ×${n}`)
        .join(', '),
    };
  } finally {
    await bot.stop();
  }
}
