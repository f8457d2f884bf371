/**
 * What the embedded store costs the bot on its hottest path, a cached `/shipment <BL>`: the same bot with the store
 * (`shipwatch start` always opens one: the replay guard's claim on every signed request, the card registry after
 * every card) against one without it, in the same run, and both against the bare Bolt baseline.
 *
 * Method. Bots in this process, the load generator and the fake Slack in a forked process, the simulator in another
 * (as in the throughput scenario). Cache on (30 s) and quota guard off, commands rotating over the 9 demo BLs, so
 * after the warm-up every lookup is a cache hit and no API time is involved. Bot time: c=1, measured inside this
 * process by the bot probe (request line parsed → card post started), the two Shipwatch variants alternated for
 * ROUNDS rounds, each round's p50 kept; the check reads the difference of the medians of those p50s. Throughput:
 * closed loop at c=16 and c=64, the baseline and both variants interleaved per concurrency for ROUNDS rounds; the
 * throughput shown is the best round's (the one least disturbed by other load on the shared machine), the ratio to the
 * baseline the median over rounds of each round's variant against that round's baseline.
 * The embedded store lives in a fresh temporary folder, removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import type { Store } from '../../src/store/index.js';
import { startBaselineBot } from '../lib/baseline-bot.js';
import { startBotProbe } from '../lib/bot-probe.js';
import { baselineCommandPlans, shipmentCommandPlans } from '../lib/demo-plans.js';
import { measureRun, type RunFigures } from '../lib/measure-run.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { median, round, summarize } from '../lib/stats.js';
import { forkWorld } from '../lib/world-client.js';

const ROUNDS = 3;
const CONCURRENCY = [16, 64] as const;
const PROBE_WARMUP_MS = 1_000;
const PROBE_MEASURE_MS = 2_500;
const WARMUP_MS = 750;
const MEASURE_MS = 2_500;
const CACHE_TTL_MS = 30_000;

type Variant = 'baseline' | 'no store' | 'embedded store';

interface Running {
  variant: Variant;
  url: string;
  stop(): Promise<void>;
}

export const storeInBotScenario: Scenario = {
  id: 'store-bot',
  title:
    'Embedded store in the bot: bot time and throughput of a cached /shipment, with and without the store',
  method:
    'Bots in the bench process; load generator + fake Slack forked, simulator forked. Cache on (30 s), quota guard ' +
    'off, 9 demo BLs rotating (every lookup a cache hit after warm-up). Bot time at c=1 by the in-process probe ' +
    `(request → card post), no-store and store variants alternated for ${ROUNDS} rounds (${PROBE_WARMUP_MS} ms warm-up, ` +
    `${PROBE_MEASURE_MS} ms measured); the check is the difference of the medians of the rounds' p50s. Throughput: ` +
    `closed loop at c=${CONCURRENCY.join('/')}, baseline and both variants interleaved, ${ROUNDS} rounds; throughput ` +
    'from the best round, ×baseline the median of the rounds (each against its own round). Embedded store in a fresh ' +
    'temporary folder.',
  async run(ctx) {
    const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-store-bot-'));
    const { openStore } = await import('../../src/store/index.js');
    const world = await forkWorld();
    let store: Store | null = null;
    const bots: Running[] = [];
    try {
      store = await openStore({ dataDir, clock: systemClock, logger: silentLogger });
      const trackingUrl = await world.startSimulator({ latencyMs: 0 });
      const probe = startBotProbe(['/api/chat.postMessage']);
      const shipwatch = async (variant: Variant, withStore: Store | null): Promise<Running> => {
        const bot = await startShipwatchBot({
          signingSecret: ctx.signingSecret,
          slackApiUrl: world.slackApiUrl,
          trackingUrl,
          cacheTtlMs: CACHE_TTL_MS,
          rateLimitPerMinute: 0,
          onApiInterval: (start, end) => probe.recordApiInterval(start, end),
          ...(withStore ? { store: withStore } : {}),
        });
        return { variant, url: bot.url, stop: bot.stop };
      };
      const baseline = await startBaselineBot({
        signingSecret: ctx.signingSecret,
        slackApiUrl: world.slackApiUrl,
        command: '/shipment',
      });
      bots.push({ variant: 'baseline', url: baseline.url, stop: baseline.stop });
      bots.push(await shipwatch('no store', null));
      bots.push(await shipwatch('embedded store', store));

      // Bot time at c=1.
      const botP50s = new Map<Variant, number[]>();
      const botP99s = new Map<Variant, number[]>();
      try {
        for (let r = 0; r < ROUNDS; r++) {
          for (const [index, bot] of bots.entries()) {
            if (bot.variant === 'baseline') continue;
            const spec = {
              botUrl: bot.url,
              signingSecret: ctx.signingSecret,
              concurrency: 1,
              maxIntents: 20_000,
              durationMs: PROBE_WARMUP_MS,
              warmupMs: 0,
              completionTimeoutMs: 10_000,
              plans: shipmentCommandPlans(),
              runId: `SBW${r}-${index}`,
            };
            await world.runLoad(spec);
            probe.take();
            await world.runLoad({ ...spec, durationMs: PROBE_MEASURE_MS, runId: `SBM${r}-${index}` });
            const summary = summarize(probe.take().timings.map((timing) => timing.botMs));
            botP50s.set(bot.variant, [...(botP50s.get(bot.variant) ?? []), summary.p50]);
            botP99s.set(bot.variant, [...(botP99s.get(bot.variant) ?? []), summary.p99]);
            ctx.log(
              `  bot time ${bot.variant}: p50 ${summary.p50.toFixed(3)} ms over ${summary.count} commands`,
            );
          }
        }
      } finally {
        probe.stop();
      }

      // Throughput, interleaved per concurrency.
      const runs: Array<{ variant: Variant; concurrency: number; figures: RunFigures }> = [];
      for (let r = 0; r < ROUNDS; r++) {
        for (const concurrency of CONCURRENCY) {
          for (const bot of bots) {
            const figures = await measureRun(world, {
              botUrl: bot.url,
              signingSecret: ctx.signingSecret,
              concurrency,
              warmupMs: WARMUP_MS,
              measureMs: MEASURE_MS,
              plans: bot.variant === 'baseline' ? baselineCommandPlans() : shipmentCommandPlans(),
              runId: `ST${runs.length}`,
            });
            runs.push({ variant: bot.variant, concurrency, figures });
            ctx.log(
              `  ${bot.variant} c=${concurrency}: ${figures.result.throughput.toFixed(0)}/s, ` +
                `ack p99 ${figures.result.ackMs.p99.toFixed(1)} ms`,
            );
          }
        }
      }
      const best = (variant: Variant, concurrency: number) =>
        runs
          .filter((run) => run.variant === variant && run.concurrency === concurrency)
          .reduce<RunFigures | null>(
            (top, run) =>
              top === null || run.figures.result.throughput > top.result.throughput ? run.figures : top,
            null,
          );
      // Each round's variant against the baseline of the same round (same background load), the median of rounds.
      const ratio = (variant: Variant, concurrency: number) => {
        const of = (which: Variant) =>
          runs.filter((run) => run.variant === which && run.concurrency === concurrency);
        const bases = of('baseline');
        const ratios = of(variant).flatMap((run, index) => {
          const base = bases[index]?.figures.result.throughput;
          return base ? [run.figures.result.throughput / base] : [];
        });
        return ratios.length > 0 ? median(ratios) : Number.NaN;
      };
      const p50 = (variant: Variant) => median(botP50s.get(variant) ?? []);
      const added = p50('embedded store') - p50('no store');
      const throughputRows = CONCURRENCY.flatMap((concurrency) =>
        (['baseline', 'no store', 'embedded store'] as const).map((variant) => {
          const figures = best(variant, concurrency);
          return [
            `throughput c=${concurrency}, ${variant}`,
            figures ? round(figures.result.throughput, 0) : null,
            'cmds/s',
            variant === 'baseline' ? null : round(ratio(variant, concurrency), 2),
            figures ? round(figures.cpuMsPerCommand, 3) : null,
          ];
        }),
      );
      return {
        table: {
          headers: ['measure', 'value', 'unit', '×baseline', 'cpu ms/cmd'],
          rows: [
            [
              'bot time p50, cached /shipment, no store (median of rounds)',
              round(p50('no store'), 3),
              'ms',
              null,
              null,
            ],
            [
              'bot time p50, cached /shipment, embedded store (median of rounds)',
              round(p50('embedded store'), 3),
              'ms',
              null,
              null,
            ],
            ['bot time p50 added by the store', round(added, 3), 'ms', null, null],
            [
              'bot time p50 by round (no store / store)',
              `${(botP50s.get('no store') ?? []).map((v) => v.toFixed(3)).join(', ')} / ${(botP50s.get('embedded store') ?? []).map((v) => v.toFixed(3)).join(', ')}`,
              'ms',
              null,
              null,
            ],
            [
              'bot time p99 by round (no store / store)',
              `${(botP99s.get('no store') ?? []).map((v) => v.toFixed(3)).join(', ')} / ${(botP99s.get('embedded store') ?? []).map((v) => v.toFixed(3)).join(', ')}`,
              'ms',
              null,
              null,
            ],
            ...throughputRows,
          ],
        },
        figures: { botP50s: Object.fromEntries(botP50s), botP99s: Object.fromEntries(botP99s), runs },
        checks: [
          check(
            'bot time p50 added by the embedded store (cached /shipment)',
            round(added, 3),
            'ms',
            '≤ 0.3',
            (v) => v <= 0.3,
          ),
          ...CONCURRENCY.map((concurrency) =>
            check(
              `throughput ×baseline with the embedded store, cached, c=${concurrency}`,
              round(ratio('embedded store', concurrency), 2),
              '×',
              '≥ 0.8',
              (v) => v >= 0.8,
            ),
          ),
        ],
      };
    } finally {
      for (const bot of bots) await bot.stop();
      await world.close();
      await store?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
