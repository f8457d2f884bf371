/**
 * Baseline vs Shipwatch: throughput and acknowledgement latency of `/shipment <BL>`.
 *
 * Method. The bot under test runs in this process; the load generator, the fake Slack Web API and the tracking API
 * simulator run together in one forked process (lib/world-*.ts), so the load does not share the bot's event loop and on
 * this 2-core machine each side gets a core. Load is closed-loop at a fixed concurrency: each worker sends a signed
 * slash command, waits for the HTTP acknowledgement (ack latency = time to the full HTTP response), then waits for the
 * card at the fake Slack (a chat.postMessage carrying the BL), then sends the next. Throughput = cards posted per second
 * over the measured phase (after a discarded warm-up). The baseline is a bare Bolt app on the same HTTPReceiver, same
 * signing and same fake Web API, posting a static message. Shipwatch runs with its read cache off (every command goes
 * upstream; concurrent identical reads still coalesce) and its quota guard off (the quota is measured on its own), at
 * 0 ms and 50 ms of API latency, plus once as shipped (30 s cache) at 0 ms. Commands rotate over the 9 demo BLs.
 */

import { startBaselineBot } from '../lib/baseline-bot.js';
import { baselineCommandPlans, shipmentCommandPlans } from '../lib/demo-plans.js';
import type { LoadResult } from '../lib/load-plan.js';
import { check, type Scenario, type ScenarioContext, type ScenarioOutput } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { round } from '../lib/stats.js';
import type { Cell } from '../lib/table.js';
import { forkWorld } from '../lib/world-client.js';

const CONCURRENCY = [1, 16, 64] as const;
const WARMUP_MS = 1000;
const MEASURE_MS = 3000;

interface Variant {
  name: string;
  latencyMs: number;
  cacheTtlMs: number | null;
}

const VARIANTS: Variant[] = [
  { name: 'baseline', latencyMs: 0, cacheTtlMs: null },
  { name: 'shipwatch', latencyMs: 0, cacheTtlMs: 0 },
  { name: 'shipwatch', latencyMs: 50, cacheTtlMs: 0 },
  { name: 'shipwatch cached', latencyMs: 0, cacheTtlMs: 30_000 },
];

interface Row {
  variant: string;
  latencyMs: number;
  concurrency: number;
  result: LoadResult;
  upstreamPerCommand: number | null;
  /** CPU time of the bot's process per command served (warm-up included): robust to other load on the machine. */
  cpuMsPerCommand: number;
}

export const throughputScenario: Scenario = {
  id: 'throughput',
  title: 'Baseline vs Shipwatch: /shipment throughput and ack latency',
  method:
    'Bot in the bench process; load generator + fake Slack + simulator in one forked process. Closed loop at fixed ' +
    'concurrency (1/16/64): signed slash command → HTTP ack → card at the fake Slack → next. Throughput = cards/s ' +
    `after a ${WARMUP_MS} ms warm-up over ${MEASURE_MS} ms. Baseline = bare Bolt HTTPReceiver app posting a static ` +
    'chat.postMessage. Shipwatch with cache off and quota guard off at 0 and 50 ms API latency, and as shipped ' +
    '(30 s cache) at 0 ms. Commands rotate over the 9 demo BLs.',
  async run(ctx) {
    const world = await forkWorld();
    const rows: Row[] = [];
    try {
      for (const variant of VARIANTS) {
        const trackingUrl = await world.startSimulator({ latencyMs: variant.latencyMs });
        const bot =
          variant.cacheTtlMs === null
            ? await startBaselineBot({
                signingSecret: ctx.signingSecret,
                slackApiUrl: world.slackApiUrl,
                command: '/shipment',
              })
            : await startShipwatchBot({
                signingSecret: ctx.signingSecret,
                slackApiUrl: world.slackApiUrl,
                trackingUrl,
                cacheTtlMs: variant.cacheTtlMs,
                rateLimitPerMinute: 0,
              });
        try {
          for (const concurrency of CONCURRENCY) {
            await world.resetUpstream();
            const cpuBefore = process.cpuUsage();
            const result = await world.runLoad({
              botUrl: bot.url,
              signingSecret: ctx.signingSecret,
              concurrency,
              maxIntents: 50_000,
              durationMs: MEASURE_MS,
              warmupMs: WARMUP_MS,
              completionTimeoutMs: 10_000,
              plans: variant.cacheTtlMs === null ? baselineCommandPlans() : shipmentCommandPlans(),
              runId: `T${rows.length}`,
            });
            const cpu = process.cpuUsage(cpuBefore);
            const upstream = await world.upstreamCounts();
            rows.push({
              variant: variant.name,
              latencyMs: variant.latencyMs,
              concurrency,
              result,
              // Warm-up requests are included upstream, so divide by every intent sent, not only measured ones.
              upstreamPerCommand:
                variant.cacheTtlMs === null
                  ? null
                  : upstream.total / Math.max(1, result.intents + result.warmupIntents),
              cpuMsPerCommand:
                (cpu.user + cpu.system) / 1000 / Math.max(1, result.intents + result.warmupIntents),
            });
            ctx.log(
              `  ${variant.name} ${variant.latencyMs} ms c=${concurrency}: ${result.throughput.toFixed(0)}/s, ` +
                `ack p99 ${result.ackMs.p99.toFixed(1)} ms`,
            );
          }
        } finally {
          await bot.stop();
        }
      }
    } finally {
      await world.close();
    }
    return summarizeRows(rows, ctx);
  },
};

function summarizeRows(rows: Row[], _ctx: ScenarioContext): ScenarioOutput {
  const baseline = (concurrency: number) =>
    rows.find((row) => row.variant === 'baseline' && row.concurrency === concurrency)?.result;
  const ratio = (value: number, base: number | undefined) => (base ? value / base : Number.NaN);
  const baselineRow = (concurrency: number) =>
    rows.find((row) => row.variant === 'baseline' && row.concurrency === concurrency);
  const tableRows: Cell[][] = rows.map((row) => {
    const base = baseline(row.concurrency);
    const r = row.result;
    return [
      row.variant,
      row.latencyMs,
      row.concurrency,
      round(r.throughput, 0),
      round(ratio(r.throughput, base?.throughput), 2),
      round(r.ackMs.p50, 2),
      round(r.ackMs.p99, 2),
      round(ratio(r.ackMs.p99, base?.ackMs.p99), 2),
      round(r.completionMs.p50, 1),
      round(r.completionMs.p99, 1),
      round(row.cpuMsPerCommand, 2),
      round(row.cpuMsPerCommand / (baselineRow(row.concurrency)?.cpuMsPerCommand ?? Number.NaN), 2),
      row.upstreamPerCommand === null ? null : round(row.upstreamPerCommand, 2),
      r.timedOut + r.otherReplies + Object.values(r.ackErrors).reduce((sum, n) => sum + n, 0),
    ];
  });
  const shipwatch0 = (concurrency: number) =>
    rows.find((row) => row.variant === 'shipwatch' && row.latencyMs === 0 && row.concurrency === concurrency);
  const checks = CONCURRENCY.map((concurrency) => {
    const row = shipwatch0(concurrency);
    const value = row ? ratio(row.result.throughput, baseline(concurrency)?.throughput) : null;
    return check(
      `throughput ×baseline, 0 ms, c=${concurrency}`,
      value === null ? null : round(value, 2),
      '×',
      '≥ 0.8',
      (v) => v >= 0.8,
    );
  });
  for (const concurrency of CONCURRENCY) {
    const row = rows.find((r) => r.variant === 'shipwatch cached' && r.concurrency === concurrency);
    const value = row ? ratio(row.result.throughput, baseline(concurrency)?.throughput) : null;
    checks.push(
      check(
        `throughput ×baseline, as shipped (30 s cache), c=${concurrency}`,
        value === null ? null : round(value, 2),
        '×',
        '≥ 0.8',
        (v) => v >= 0.8,
      ),
    );
  }
  for (const latencyMs of [0, 50]) {
    const row = rows.find(
      (r) => r.variant === 'shipwatch' && r.latencyMs === latencyMs && r.concurrency === 64,
    );
    checks.push(
      check(
        `ack p99, ${latencyMs} ms, c=64`,
        row ? round(row.result.ackMs.p99, 1) : null,
        'ms',
        '< 20',
        (v) => v < 20,
      ),
    );
  }
  const base64 = baseline(64);
  checks.push(
    check(
      'baseline ack p99, c=64 (reference)',
      base64 ? round(base64.ackMs.p99, 1) : null,
      'ms',
      '< 20',
      (v) => v < 20,
    ),
  );
  return {
    table: {
      headers: [
        'variant',
        'api ms',
        'c',
        'cmds/s',
        '×base',
        'ack p50',
        'ack p99',
        'p99 ×base',
        'card p50',
        'card p99',
        'cpu ms/cmd',
        'cpu ×base',
        'up/cmd',
        'errors',
      ],
      rows: tableRows,
    },
    figures: { runs: rows },
    checks,
  };
}
