/**
 * Leak check: does Shipwatch keep anything per command? Resident memory cannot tell (see footprint), so this measures
 * the live heap after full GCs with the bot in this process, as shipped (30 s cache, the embedded store `shipwatch
 * start` always opens, quota guard off so the load is not throttled), every command from a new channel and a new
 * response URL as real traffic would be. With the store the replay guard and the card registry live in SQLite; a bot
 * without one keeps up to 10,000 replay signatures in memory (bounded, ~250 bytes each), which this window of 9,000
 * commands would read as a slope.
 *
 * Method. Load generator, fake Slack and simulator forked; 3,000 `/shipment` commands at c=16 to warm up (JIT, lazy
 * modules, caches of bounded size: the heap levels off after about 3,000), then 6 chunks of 1,000, the live heap
 * measured after each. The figure is the least-squares slope over those 7 points, per 1,000 commands: the heap wobbles
 * by about a megabyte between single readings (code space, timers, bounded caches), so one before/after pair cannot
 * resolve small leaks; a slope over 6,000 commands resolves about 0.1 MB per 1,000 (100 bytes per command). A leaked
 * card or request context would be kilobytes per command.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { shipmentCommandPlans } from '../lib/demo-plans.js';
import { liveHeapMb } from '../lib/heap-after-gc.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { round } from '../lib/stats.js';
import { forkWorld } from '../lib/world-client.js';

const WARM = 3000;
const CHUNK = 1000;
const CHUNKS = 6;

export const leakScenario: Scenario = {
  id: 'leak',
  title: 'Leak check: live heap after GC, in-process bot',
  method:
    `Bot in this process as shipped (embedded store, quota guard off); ${WARM} commands at c=16 to warm up, then ${CHUNKS} × ${CHUNK}, ` +
    'live heap after full GCs after each; least-squares slope per 1,000 commands.',
  async run(ctx) {
    const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-leak-'));
    const { openStore } = await import('../../src/store/index.js');
    const store = await openStore({ dataDir, clock: systemClock, logger: silentLogger });
    const world = await forkWorld();
    try {
      const trackingUrl = await world.startSimulator({});
      const bot = await startShipwatchBot({
        signingSecret: ctx.signingSecret,
        slackApiUrl: world.slackApiUrl,
        trackingUrl,
        cacheTtlMs: 30_000,
        rateLimitPerMinute: 0,
        store,
      });
      try {
        const load = (maxIntents: number, runId: string) =>
          world.runLoad({
            botUrl: bot.url,
            signingSecret: ctx.signingSecret,
            concurrency: 16,
            maxIntents,
            durationMs: 60_000,
            warmupMs: 0,
            completionTimeoutMs: 10_000,
            plans: shipmentCommandPlans(),
            runId,
          });
        const start = liveHeapMb();
        const warm = await load(WARM, 'KW');
        const points: Array<[number, number]> = [[0, liveHeapMb()]];
        let served = 0;
        for (let chunk = 0; chunk < CHUNKS; chunk++) {
          served += (await load(CHUNK, `K${chunk}`)).completed;
          points.push([served, liveHeapMb()]);
        }
        const perThousand = slope(points) * 1000;
        ctx.log(`  live heap ${points.map(([, mb]) => mb.toFixed(1)).join(' → ')} MB`);
        return {
          table: {
            headers: ['point', 'live heap MB', 'cards'],
            rows: [
              ['bot started', round(start, 1), 0],
              ...points.map(([n, mb]): [string, number, number] => [
                `after ${WARM + n} commands`,
                round(mb, 1),
                warm.completed + n,
              ]),
            ],
          },
          figures: { start, points, perThousand },
          checks: [
            check(
              'live heap slope per 1,000 commands after warm-up',
              round(perThousand, 3),
              'MB',
              '< 0.25',
              (v) => v < 0.25,
            ),
          ],
        };
      } finally {
        await bot.stop();
      }
    } finally {
      await world.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

/** Least-squares slope of y over x. */
function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
