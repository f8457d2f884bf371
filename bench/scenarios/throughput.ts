/**
 * Baseline vs Shipwatch: throughput and acknowledgement latency of `/shipment <BL>`.
 *
 * Method. The bots under test run in this process; the load generator and the fake Slack Web API run in one forked
 * process (lib/world-*.ts) and the tracking API simulator in another (lib/simulator-process.ts), so neither the load
 * nor the simulator's work shares the bots' event loop or the loop in which acks are timed; on this 2-core machine the
 * bot gets a core and the rest the other. Load is closed-loop at a fixed concurrency: each worker sends a signed
 * slash command, waits for the HTTP acknowledgement (ack latency = time to the full HTTP response), then for the card
 * at the fake Slack (a chat.postMessage carrying the BL), then sends the next. Throughput = cards posted per second
 * over the measured phase, after a discarded warm-up. The baseline is a bare Bolt app on the same HTTPReceiver, same
 * signing and same fake Web API, posting a static message. Shipwatch runs with its read cache off (every command goes
 * upstream; concurrent identical reads still coalesce) and its quota guard off (the quota is measured on its own), and
 * as shipped (30 s cache). Commands rotate over the 9 demo BLs. The machine is shared, so the three bots are run
 * interleaved at each concurrency (their ratios see the same background load) for three rounds, and each figure comes
 * from the round with the higher throughput, except ack p99: the tail of a 2.5 s run on a shared VM moves by 2× from
 * one round to the next with the same code (one stall of the machine is the worst 1 %), so the table shows every
 * round's p99 and the check reads their median. Shipwatch at 50 ms API latency runs afterwards, two rounds.
 */
import { startBaselineBot } from '../lib/baseline-bot.js';
import { baselineCommandPlans, shipmentCommandPlans } from '../lib/demo-plans.js';
import { measureRun, type RunFigures } from '../lib/measure-run.js';
import { type Check, check, type Scenario, type ScenarioOutput } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { median, round } from '../lib/stats.js';
import type { World } from '../lib/world.js';
import { forkWorld } from '../lib/world-client.js';

const CONCURRENCY = [1, 16, 64] as const;
const ROUNDS = 3;
const SLOW_ROUNDS = 2;
const WARMUP_MS = 750;
const MEASURE_MS = 2500;

interface Row extends RunFigures {
  variant: string;
  latencyMs: number;
  concurrency: number;
  /** Ack p99 of every round of this variant and concurrency, in round order. */
  ackP99Rounds: number[];
}

interface Bench {
  variant: string;
  latencyMs: number;
  url: string;
  baseline: boolean;
  stop(): Promise<void>;
}

export const throughputScenario: Scenario = {
  id: 'throughput',
  title: 'Baseline vs Shipwatch: /shipment throughput and ack latency',
  method:
    'Bots in the bench process; load generator + fake Slack in one forked process, the simulator in another. Closed loop at fixed ' +
    'concurrency (1/16/64): signed slash command → HTTP ack → card at the fake Slack → next. Throughput = cards/s ' +
    `after a ${WARMUP_MS} ms warm-up over ${MEASURE_MS} ms. Baseline = bare Bolt HTTPReceiver app posting a static ` +
    'chat.postMessage. Shipwatch with cache off and quota guard off, and as shipped (30 s cache), at 0 ms API latency, ' +
    `interleaved with the baseline per concurrency, ${ROUNDS} rounds, figures from the round with the higher ` +
    `throughput except ack p99 (every round shown, median checked); Shipwatch at 50 ms API latency after, ` +
    `${SLOW_ROUNDS} rounds. Commands rotate over the 9 demo BLs.`,
  async run(ctx) {
    const world = await forkWorld();
    const rows: Row[] = [];
    const start = async (
      variant: string,
      latencyMs: number,
      cacheTtlMs: number | null,
      trackingUrl: string,
    ) => {
      const bot =
        cacheTtlMs === null
          ? await startBaselineBot({
              signingSecret: ctx.signingSecret,
              slackApiUrl: world.slackApiUrl,
              command: '/shipment',
            })
          : await startShipwatchBot({
              signingSecret: ctx.signingSecret,
              slackApiUrl: world.slackApiUrl,
              trackingUrl,
              cacheTtlMs,
              rateLimitPerMinute: 0,
            });
      return {
        variant,
        latencyMs,
        url: bot.url,
        baseline: cacheTtlMs === null,
        stop: bot.stop,
      } satisfies Bench;
    };
    try {
      const fast = await world.startSimulator({ latencyMs: 0 });
      const interleaved = [
        await start('baseline', 0, null, fast),
        await start('shipwatch', 0, 0, fast),
        await start('shipwatch cached', 0, 30_000, fast),
      ];
      try {
        for (let r = 0; r < ROUNDS; r++) {
          for (const concurrency of CONCURRENCY) {
            for (const bench of interleaved)
              rows.push(await runOne(world, bench, concurrency, rows.length, ctx));
          }
        }
      } finally {
        for (const bench of interleaved) await bench.stop();
      }
      const slow = await world.startSimulator({ latencyMs: 50 });
      const bench = await start('shipwatch', 50, 0, slow);
      try {
        for (let r = 0; r < SLOW_ROUNDS; r++) {
          for (const concurrency of CONCURRENCY)
            rows.push(await runOne(world, bench, concurrency, rows.length, ctx));
        }
      } finally {
        await bench.stop();
      }
    } finally {
      await world.close();
    }
    return summarize(bestRounds(rows));
  },
};

async function runOne(
  world: World,
  bench: Bench,
  concurrency: number,
  serial: number,
  ctx: { signingSecret: string; log(line: string): void },
): Promise<Row> {
  const figures = await measureRun(world, {
    botUrl: bench.url,
    signingSecret: ctx.signingSecret,
    concurrency,
    warmupMs: WARMUP_MS,
    measureMs: MEASURE_MS,
    plans: bench.baseline ? baselineCommandPlans() : shipmentCommandPlans(),
    runId: `T${serial}`,
  });
  ctx.log(
    `  ${bench.variant} ${bench.latencyMs} ms c=${concurrency}: ${figures.result.throughput.toFixed(0)}/s, ` +
      `ack p99 ${figures.result.ackMs.p99.toFixed(1)} ms`,
  );
  return {
    variant: bench.variant,
    latencyMs: bench.latencyMs,
    concurrency,
    ...figures,
    ackP99Rounds: [figures.result.ackMs.p99],
  };
}

/**
 * For each variant and concurrency, the round with the higher throughput (the one least disturbed by other load),
 * carrying every round's ack p99.
 */
function bestRounds(rows: Row[]): Row[] {
  const best = new Map<string, Row>();
  const p99s = new Map<string, number[]>();
  for (const row of rows) {
    const key = `${row.variant}|${row.latencyMs}|${row.concurrency}`;
    p99s.set(key, [...(p99s.get(key) ?? []), ...row.ackP99Rounds]);
    const current = best.get(key);
    if (!current || row.result.throughput > current.result.throughput) best.set(key, row);
  }
  return [...best].map(([key, row]) => ({ ...row, ackP99Rounds: p99s.get(key) ?? row.ackP99Rounds }));
}

function summarize(rows: Row[]): ScenarioOutput {
  const find = (variant: string, latencyMs: number, concurrency: number) =>
    rows.find(
      (row) => row.variant === variant && row.latencyMs === latencyMs && row.concurrency === concurrency,
    );
  const ratio = (value: number | undefined, base: number | undefined) =>
    value !== undefined && base ? value / base : Number.NaN;
  const tableRows = rows.map((row) => {
    const base = find('baseline', 0, row.concurrency);
    const r = row.result;
    return [
      row.variant,
      row.latencyMs,
      row.concurrency,
      round(r.throughput, 0),
      round(ratio(r.throughput, base?.result.throughput), 2),
      round(r.ackMs.p50, 2),
      round(median(row.ackP99Rounds), 2),
      row.ackP99Rounds.map((ms) => ms.toFixed(1)).join(' / '),
      round(ratio(median(row.ackP99Rounds), base ? median(base.ackP99Rounds) : undefined), 2),
      round(r.completionMs.p50, 1),
      round(r.completionMs.p99, 1),
      round(row.cpuMsPerCommand, 2),
      round(ratio(row.cpuMsPerCommand, base?.cpuMsPerCommand), 2),
      `${Math.round(row.botCpu * 100)}/${Math.round(row.worldCpu * 100)}`,
      row.variant === 'baseline' ? null : round(row.upstreamPerCommand, 2),
      r.timedOut + r.otherReplies + Object.values(r.ackErrors).reduce((sum, n) => sum + n, 0),
    ];
  });
  const throughputCheck = (variant: string, label: string, concurrency: number): Check => {
    const value = ratio(
      find(variant, 0, concurrency)?.result.throughput,
      find('baseline', 0, concurrency)?.result.throughput,
    );
    return check(
      `throughput ×baseline, ${label}, c=${concurrency}`,
      Number.isNaN(value) ? null : round(value, 2),
      '×',
      '≥ 0.8',
      (v) => v >= 0.8,
    );
  };
  const ackCheck = (variant: string, latencyMs: number, label: string): Check => {
    const row = find(variant, latencyMs, 64);
    return check(
      `ack p99 (median of rounds), ${label}, c=64`,
      row ? round(median(row.ackP99Rounds), 1) : null,
      'ms',
      '< 20',
      (v) => v < 20,
    );
  };
  return {
    table: {
      headers: [
        'variant',
        'api ms',
        'c',
        'cmds/s',
        '×base',
        'ack p50',
        'ack p99 (median)',
        'ack p99 by round',
        'p99 ×base',
        'card p50',
        'card p99',
        'cpu ms/cmd',
        'cpu ×base',
        'cpu% bot/world',
        'up/cmd',
        'errors',
      ],
      rows: tableRows,
    },
    figures: { runs: rows },
    checks: [
      ...CONCURRENCY.map((c) => throughputCheck('shipwatch', 'cache off, 0 ms API', c)),
      ...CONCURRENCY.map((c) => throughputCheck('shipwatch cached', 'as shipped (30 s cache)', c)),
      ackCheck('shipwatch', 0, 'cache off, 0 ms API'),
      ackCheck('shipwatch', 50, 'cache off, 50 ms API'),
      ackCheck('shipwatch cached', 0, 'as shipped'),
      ackCheck('baseline', 0, 'baseline (reference)'),
    ],
  };
}
