/**
 * Bot-side time per command: what Shipwatch itself costs between receiving `/shipment <BL>` and posting the card,
 * with the time spent waiting on the tracking API taken out.
 *
 * Method. Concurrency 1 (one command in flight, so every event in the bot process belongs to it), load generator and
 * simulator in a forked process. Inside the bot process (lib/bot-probe.ts): start = Node parsed the request line of
 * `POST /slack/events`; end = the bot started the chat.postMessage request that carries the card; API wait = union of
 * the [start, end] intervals of every request through the tracking client's transport (timing wrapper). Bot time =
 * end − start − API wait: body parsing, signature check, Bolt routing, ack, resolution logic, rendering, building the
 * Web API call. The baseline app goes through the same probe (it has no API wait), which gives the framework's own
 * floor for comparison. Cache off so every command does its API round trip; 0 ms and 50 ms API latency.
 */
import { startBaselineBot } from '../lib/baseline-bot.js';
import { startBotProbe } from '../lib/bot-probe.js';
import { baselineCommandPlans, shipmentCommandPlans } from '../lib/demo-plans.js';
import type { LoadSpec } from '../lib/load-plan.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { round, type Summary, summarize } from '../lib/stats.js';
import { forkWorld } from '../lib/world-client.js';

const WARMUP_MS = 1500;
const MEASURE_MS = 3000;

interface Measured {
  variant: string;
  latencyMs: number;
  bot: Summary;
  total: Summary;
  apiWait: Summary;
  apiCallsPerCommand: number;
  overlapping: number;
}

export const botTimeScenario: Scenario = {
  id: 'bot-time',
  title: 'Bot-side time per command (request → card posted, minus API wait), c=1',
  method:
    'c=1; in the bot process, diagnostics channels time request arrival (http.server.request.start) to the card ' +
    'post (http.client.request.start of chat.postMessage); a timing wrapper around the tracking transport gives the ' +
    'API wait (union of intervals), which is subtracted. Baseline app through the same probe as the floor. Cache off; ' +
    `0 and 50 ms API latency; ${WARMUP_MS} ms warm-up discarded, ${MEASURE_MS} ms measured.`,
  async run(ctx) {
    const world = await forkWorld();
    const probe = startBotProbe(['/api/chat.postMessage']);
    const measured: Measured[] = [];
    try {
      const variants = [
        { variant: 'baseline', latencyMs: 0 },
        { variant: 'shipwatch', latencyMs: 0 },
        { variant: 'shipwatch', latencyMs: 50 },
      ];
      for (const { variant, latencyMs } of variants) {
        const trackingUrl = await world.startSimulator({ latencyMs });
        const bot =
          variant === 'baseline'
            ? await startBaselineBot({
                signingSecret: ctx.signingSecret,
                slackApiUrl: world.slackApiUrl,
                command: '/shipment',
              })
            : await startShipwatchBot({
                signingSecret: ctx.signingSecret,
                slackApiUrl: world.slackApiUrl,
                trackingUrl,
                cacheTtlMs: 0,
                rateLimitPerMinute: 0,
                onApiInterval: (start, end) => probe.recordApiInterval(start, end),
              });
        try {
          const spec: LoadSpec = {
            botUrl: bot.url,
            signingSecret: ctx.signingSecret,
            concurrency: 1,
            maxIntents: 20_000,
            durationMs: WARMUP_MS,
            warmupMs: 0,
            completionTimeoutMs: 10_000,
            plans: variant === 'baseline' ? baselineCommandPlans() : shipmentCommandPlans(),
            runId: `B${measured.length}W`,
          };
          await world.runLoad(spec);
          probe.take();
          const result = await world.runLoad({
            ...spec,
            durationMs: MEASURE_MS,
            runId: `B${measured.length}M`,
          });
          const { timings, overlapping } = probe.take();
          measured.push({
            variant,
            latencyMs,
            bot: summarize(timings.map((t) => t.botMs)),
            total: summarize(timings.map((t) => t.totalMs)),
            apiWait: summarize(timings.map((t) => t.apiWaitMs)),
            apiCallsPerCommand: timings.reduce((sum, t) => sum + t.apiCalls, 0) / Math.max(1, timings.length),
            overlapping,
          });
          ctx.log(`  ${variant} ${latencyMs} ms: ${timings.length} commands (${result.completed} cards)`);
        } finally {
          await bot.stop();
        }
      }
    } finally {
      probe.stop();
      await world.close();
    }
    const base = measured.find((m) => m.variant === 'baseline');
    const checks = measured
      .filter((m) => m.variant === 'shipwatch')
      .flatMap((m) => [
        check(`bot time p50, ${m.latencyMs} ms API`, round(m.bot.p50, 3), 'ms', '< 2', (v) => v < 2),
        check(`bot time p99, ${m.latencyMs} ms API`, round(m.bot.p99, 3), 'ms', '< 10', (v) => v < 10),
      ]);
    return {
      table: {
        headers: [
          'variant',
          'api ms',
          'n',
          'bot p50',
          'bot p90',
          'bot p99',
          'p50 ×base',
          'total p50',
          'api wait p50',
          'api calls',
        ],
        rows: measured.map((m) => [
          m.variant,
          m.latencyMs,
          m.bot.count,
          round(m.bot.p50, 3),
          round(m.bot.p90, 3),
          round(m.bot.p99, 3),
          base ? round(m.bot.p50 / base.bot.p50, 2) : null,
          round(m.total.p50, 3),
          round(m.apiWait.p50, 3),
          round(m.apiCallsPerCommand, 2),
        ]),
      },
      figures: { measured },
      checks,
      notes: measured.some((m) => m.overlapping > 0)
        ? ['some requests overlapped; their timings were not attributed']
        : [],
    };
  },
};
