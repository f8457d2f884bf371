/**
 * Horizontal scaling on PostgreSQL: cached `/shipment` lookups spread round-robin over one replica, then over two,
 * of the real `shipwatch start` sharing one PostgreSQL schema.
 *
 * Method. Two `node bin/shipwatch.js start` processes (HTTP mode, configured by the environment only; DATABASE_URL
 * points at the test server with `options=-c search_path=<a schema of this run>`, dropped afterwards), started at
 * once (the migrations run once, under the advisory lock). The load generator spreads its requests round-robin over
 * the replicas' origins itself (undici's BalancedPool), as a load balancer would: a proxy process would take a share
 * of the two cores the replicas need, and measure itself. The load generator and the fake Slack run in a forked
 * process, the simulator in another, as in the throughput scenario. Closed loop at c=CONCURRENCY, commands rotating
 * over the 9 demo BLs (30 s cache as shipped, so after the warm-up every lookup is a cache hit in each replica: no
 * API time). After a warm-up over both, one replica and two replicas alternate for ROUNDS rounds; the ratio is taken
 * per pair of adjacent rounds (both under the same load from the rest of the machine) and the check reads their
 * median; the best rounds are shown too. Everything shares the 2 cores: the load generator and fake Slack,
 * PostgreSQL and the replicas; the CPU each used is reported next to the figures.
 */
import { DEMO } from '../../src/simulator/demo/catalog.js';
import {
  killEveryProcess,
  type ShipwatchProcess,
  startShipwatchProcess,
} from '../../test/helpers/replicas/shipwatch-process.js';
import { shipmentCommandPlans } from '../lib/demo-plans.js';
import { measureRun, type RunFigures } from '../lib/measure-run.js';
import { DATABASE_URL, urlWithSearchPath, withPostgresSchema } from '../lib/postgres-schema.js';
import { readCpuMs } from '../lib/proc.js';
import { check, type Scenario } from '../lib/scenario.js';
import { median, round } from '../lib/stats.js';
import { forkWorld } from '../lib/world-client.js';

const ROUNDS = 5;
const CONCURRENCY = 32;
const WARMUP_MS = 750;
const MEASURE_MS = 2_500;
const JIT_WARMUP_MS = 4_000;

interface Round {
  replicas: 1 | 2;
  figures: RunFigures;
  /** Share of one core each replica used over the run. */
  replicaCpu: number[];
}

export const replicasScenario: Scenario = {
  id: 'replicas',
  title: 'PostgreSQL: one vs two shipwatch start replicas, requests spread round-robin, cached /shipment',
  method:
    'Two `shipwatch start` processes on one PostgreSQL schema (DATABASE_URL …?options=-c search_path=…), a ' +
    'the load generator spreading requests round-robin over one and over both; load generator + fake Slack forked, ' +
    `simulator forked. Closed loop at c=${CONCURRENCY}, 9 demo BLs rotating, 30 s cache (cache hits after warm-up); ` +
    `after ${JIT_WARMUP_MS} ms over both, one and two replicas alternated for ${ROUNDS} rounds (${WARMUP_MS} ms ` +
    `warm-up, ${MEASURE_MS} ms measured); the check is the median of the paired rounds' ratios. All processes, ` +
    'PostgreSQL included, share the 2 cores.',
  async run(ctx) {
    return withPostgresSchema(
      async (schema) => {
        const world = await forkWorld();
        try {
          const trackingUrl = await world.startSimulator({});
          const env = {
            SLACK_BOT_TOKEN: 'xoxb-fake-bench-replicas',
            SLACK_SIGNING_SECRET: ctx.signingSecret,
            SLACK_API_URL: world.slackApiUrl,
            TRACKING_API_URL: trackingUrl,
            TRACKING_API_KEY: DEMO.apiKeys.full,
            DATABASE_URL: urlWithSearchPath(DATABASE_URL, schema),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
          };
          const replicas: ShipwatchProcess[] = await Promise.all(
            ['A', 'B'].map((name) => startShipwatchProcess({ name, env })),
          );
          const [a, b] = replicas as [ShipwatchProcess, ShipwatchProcess];

          // Both replicas' JIT and connection pools warmed before any round counts: otherwise the first rounds
          // measure warm-up (one replica's throughput rose 426 → 676 → 981/s over three rounds without it).
          await measureRun(world, {
            botUrl: a.url,
            spreadOver: [a.url, b.url],
            signingSecret: ctx.signingSecret,
            concurrency: CONCURRENCY,
            warmupMs: 0,
            measureMs: JIT_WARMUP_MS,
            plans: shipmentCommandPlans(),
            runId: 'RW',
          });
          const rounds: Round[] = [];
          for (let r = 0; r < ROUNDS; r++) {
            for (const [count, origins] of [
              [1, [a.url]],
              [2, [a.url, b.url]],
            ] as const) {
              const cpuBefore = replicas.map((replica) => readCpuMs(replica.pid));
              const started = performance.now();
              const figures = await measureRun(world, {
                botUrl: a.url,
                spreadOver: [...origins],
                signingSecret: ctx.signingSecret,
                concurrency: CONCURRENCY,
                warmupMs: WARMUP_MS,
                measureMs: MEASURE_MS,
                plans: shipmentCommandPlans(),
                runId: `R${rounds.length}`,
              });
              const wallMs = performance.now() - started;
              rounds.push({
                replicas: count,
                figures,
                replicaCpu: replicas.map(
                  (replica, index) => (readCpuMs(replica.pid) - (cpuBefore[index] ?? 0)) / wallMs,
                ),
              });
              ctx.log(
                `  ${count} replica${count === 1 ? '' : 's'}: ${figures.result.throughput.toFixed(0)}/s, ack p99 ` +
                  `${figures.result.ackMs.p99.toFixed(1)} ms`,
              );
            }
          }
          return summarize(rounds);
        } finally {
          await killEveryProcess();
          await world.close();
        }
      },
      { create: true },
    );
  },
};

function summarize(rounds: Round[]) {
  const of = (count: 1 | 2) => rounds.filter((round) => round.replicas === count);
  const best = (count: 1 | 2) =>
    of(count).reduce<Round | null>(
      (top, round) =>
        top === null || round.figures.result.throughput > top.figures.result.throughput ? round : top,
      null,
    );
  const oneBest = best(1);
  const twoBest = best(2);
  const ratio =
    oneBest && twoBest ? twoBest.figures.result.throughput / oneBest.figures.result.throughput : Number.NaN;
  const perRound = of(2).map((round, index) => {
    const single = of(1)[index];
    return single ? round.figures.result.throughput / single.figures.result.throughput : Number.NaN;
  });
  const cpu = (round: Round | null) =>
    round
      ? `${round.replicaCpu.map((share) => Math.round(share * 100)).join('+')} / ${Math.round(round.figures.worldCpu * 100)}`
      : null;
  const row = (label: string, round: Round | null) => [
    label,
    round ? round.figures.result.throughput : null,
    round ? round.figures.result.ackMs.p50 : null,
    round ? round.figures.result.ackMs.p99 : null,
    round ? round.figures.result.completionMs.p50 : null,
    cpu(round),
    round
      ? round.figures.result.timedOut +
        round.figures.result.otherReplies +
        Object.values(round.figures.result.ackErrors).reduce((sum, n) => sum + n, 0)
      : null,
  ];
  return {
    table: {
      headers: [
        'setup',
        'cmds/s',
        'ack p50 ms',
        'ack p99 ms',
        'card p50 ms',
        'cpu % replicas / world',
        'errors',
      ],
      rows: [
        ...[row('one replica (best round)', oneBest), row('two replicas (best round)', twoBest)].map(
          (cells) => cells.map((cell) => (typeof cell === 'number' ? round(cell, 1) : cell)),
        ),
        ['two ÷ one, best rounds', round(ratio, 2), null, null, null, null, null],
        [
          'two ÷ one, by round',
          perRound.map((value) => value.toFixed(2)).join(' / '),
          null,
          null,
          null,
          null,
          null,
        ],
        [
          'throughput by round (one / two)',
          of(1)
            .map(
              (r, index) =>
                `${r.figures.result.throughput.toFixed(0)}/${of(2)[index]?.figures.result.throughput.toFixed(0) ?? '-'}`,
            )
            .join(', '),
          null,
          null,
          null,
          null,
          null,
        ],
      ],
    },
    figures: { rounds, ratio, perRound },
    notes: [
      'The load generator, the fake Slack, the simulator and PostgreSQL share the same 2 cores as the ' +
        'replicas; the CPU column shows how much of a core each used (a share over 100 is more than one core).',
      `Median per-round ratio: ${round(median(perRound), 2)} (the check); best rounds: ${round(ratio, 2)}.`,
    ],
    checks: [
      // The paired ratio: each two-replica round against the one-replica round just before it, so both ran under the
      // same load from the rest of the machine; best-of-rounds compares rounds minutes apart.
      check(
        'two replicas ÷ one, cached /shipment, median of paired rounds (PostgreSQL, 2 cores shared with the load)',
        round(median(perRound), 2),
        '×',
        '≥ 1.3',
        (v) => v >= 1.3,
      ),
    ],
  };
}
