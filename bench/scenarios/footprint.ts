/**
 * Footprint of the real process: start-up time to ready, resident memory idle and after 10,000 commands.
 *
 * Method. `node bin/shipwatch.js start` is spawned in HTTP mode (fake bot token and signing secret; SLACK_API_URL →
 * the bench's fake Slack; TRACKING_API_URL → a simulator on loopback with the `demo` key), as configured by the
 * environment only, cache and quota as shipped. Ready = spawn() to the first `GET /healthz` answering 200, polled every
 * 5 ms; three starts, median reported (the first may include tsx's cold transpile cache). Memory = VmRSS from
 * /proc/<pid>/status: idle 2 s after ready, then after 1,000 and after 10,000 `/shipment <BL>` commands (closed loop,
 * c=16, each waited for until its card is posted), each read 2 s after the load stops. Growth = (after 10,000 − idle)
 * ÷ idle. The load generator, fake Slack and simulator run in the bench process; the bot has its own.
 */
import { DEMO } from '../../src/simulator/demo/catalog.js';
import { shipmentCommandPlans } from '../lib/demo-plans.js';
import { readMemory } from '../lib/proc.js';
import { check, type Scenario } from '../lib/scenario.js';
import { spawnShipwatch } from '../lib/spawn-shipwatch.js';
import { median, round } from '../lib/stats.js';
import { createWorld } from '../lib/world.js';

const STARTS = 3;
const SETTLE_MS = 2000;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

export const footprintScenario: Scenario = {
  id: 'footprint',
  title: 'Footprint: start-up to ready, resident memory idle and after 10,000 commands',
  method:
    '`node bin/shipwatch.js start` in HTTP mode from the environment only (fake Slack, simulator on loopback); ready = ' +
    `spawn → first GET /healthz 200 (median of ${STARTS}); VmRSS from /proc ${SETTLE_MS / 1000} s after ready, after ` +
    '1,000 and after 10,000 /shipment commands (c=16, card awaited); growth = (10k − idle) / idle.',
  async run(ctx) {
    const world = await createWorld();
    try {
      const trackingUrl = await world.startSimulator({});
      const spawnOptions = {
        signingSecret: ctx.signingSecret,
        slackApiUrl: world.slackApiUrl,
        trackingUrl,
        apiKey: DEMO.apiKeys.full,
      };
      const readyTimes: number[] = [];
      for (let i = 0; i < STARTS - 1; i++) {
        const child = await spawnShipwatch(spawnOptions);
        readyTimes.push(child.readyMs);
        await child.stop();
      }
      const child = await spawnShipwatch(spawnOptions);
      readyTimes.push(child.readyMs);
      ctx.log(`  ready in ${readyTimes.map((ms) => ms.toFixed(0)).join(', ')} ms`);
      try {
        await settle();
        const idle = readMemory(child.pid);
        const load = (maxIntents: number, runId: string) =>
          world.runLoad({
            botUrl: child.url,
            signingSecret: ctx.signingSecret,
            concurrency: 16,
            maxIntents,
            durationMs: 90_000,
            warmupMs: 0,
            completionTimeoutMs: 10_000,
            plans: shipmentCommandPlans(),
            runId,
          });
        const first = await load(1000, 'F1');
        await settle();
        const after1k = readMemory(child.pid);
        const rest = await load(9000, 'F2');
        await settle();
        const after10k = readMemory(child.pid);
        const completed = first.completed + rest.completed;
        ctx.log(
          `  rss idle ${idle.rssMb.toFixed(1)} MB, 1k ${after1k.rssMb.toFixed(1)} MB, 10k ${after10k.rssMb.toFixed(1)} MB`,
        );
        const readyMedian = median(readyTimes);
        const growth = ((after10k.rssMb - idle.rssMb) / idle.rssMb) * 100;
        const growthAfterWarm = ((after10k.rssMb - after1k.rssMb) / after1k.rssMb) * 100;
        return {
          table: {
            headers: ['measure', 'value', 'unit'],
            rows: [
              ['ready (median)', round(readyMedian, 0), 'ms'],
              ['ready (each start)', readyTimes.map((ms) => ms.toFixed(0)).join(' / '), 'ms'],
              ['RSS idle', round(idle.rssMb, 1), 'MB'],
              ['RSS after 1,000 commands', round(after1k.rssMb, 1), 'MB'],
              ['RSS after 10,000 commands', round(after10k.rssMb, 1), 'MB'],
              ['peak RSS', round(after10k.peakRssMb, 1), 'MB'],
              ['growth idle → 10k', round(growth, 1), '%'],
              ['growth 1k → 10k (leak indicator)', round(growthAfterWarm, 1), '%'],
              ['cards posted / commands', `${completed} / ${first.intents + rest.intents}`, ''],
              ['throughput during the 9,000', round(rest.throughput, 0), 'cmds/s'],
              ['stderr lines (LOG_LEVEL=warn)', child.stderrLines(), ''],
            ],
          },
          figures: { readyTimes, idle, after1k, after10k, growth, growthAfterWarm, first, rest },
          notes:
            growth > 20
              ? [
                  'RSS is what an operator sees, but it includes the heap V8 grew during the burst and keeps; the leak ' +
                    'scenario measures the live heap after GC, which is what a leak would move.',
                ]
              : [],
          checks: [
            check('ready (median of 3)', round(readyMedian, 0), 'ms', '< 1500', (v) => v < 1500),
            check('RSS idle', round(idle.rssMb, 1), 'MB', '< 120', (v) => v < 120),
            check('RSS growth after 10,000 commands', round(growth, 1), '%', '≤ 20', (v) => v <= 20),
            check('cards posted of 10,000', completed, '', '= 10000', (v) => v === 10_000),
          ],
        };
      } finally {
        await child.stop();
      }
    } finally {
      await world.close();
    }
  },
};
