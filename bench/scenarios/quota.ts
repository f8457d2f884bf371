/**
 * Quota: the API allows 100 requests per rolling minute per key and answers 429 beyond it. The client must stay
 * under the limit on its own, queueing what fits its time budget and answering the rest with "try again in N s".
 *
 * Method. Measurements against a simulator with `rateLimitPerMinute: 100`, counting 429s where they happen (the
 * simulator's request log):
 * 1. Burst: 150 distinct lookups through the tracking client (guard 100/min, cache off) at once, in real time.
 * 2. Sustained: 200 distinct lookups per minute for 5 minutes on discrete-event virtual time (lib/virtual-time.ts)
 *    shared by the client (clock and sleep) and the simulator (clock), so five minutes take well under a second and
 *    machine load cannot distort the timeline. Once with no network latency (the guard's own logic: the busiest
 *    rolling minute of sends must hold ≤ 100), once with a one-way latency of 20–300 ms per request (seeded), as
 *    over the internet, where the API counts a request when it arrives, not when it was sent.
 * 3. Through the bot: 150 distinct `/shipment` commands (c=16) at Shipwatch as shipped; every command must get a
 *    reply (card, not-found or "try again") and no request may be refused upstream.
 */
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { HttpTransport } from '../../src/tracking/http/transport.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { maxInWindow, round } from '../lib/stats.js';
import { virtualTime } from '../lib/virtual-time.js';
import { countUpstream } from '../lib/world.js';
import { forkWorld } from '../lib/world-client.js';

const LIMIT = 100;
const BURST = 150;
const SUSTAINED_PER_MINUTE = 200;
const SUSTAINED_MINUTES = 5;
const JITTER_MS = [20, 300] as const;

interface Outcomes {
  ok: number;
  rateLimited: number;
  retryAfterSeconds: number[];
  otherErrors: Record<string, number>;
}

type Counts = ReturnType<typeof countUpstream>;

export const quotaScenario: Scenario = {
  id: 'quota',
  title: 'Quota: bursts beyond the API rate limit (100/min)',
  method:
    `Simulator at ${LIMIT}/min. (1) ${BURST} distinct lookups at once through the client (guard ${LIMIT}/min). ` +
    `(2) ${SUSTAINED_PER_MINUTE}/min for ${SUSTAINED_MINUTES} min on virtual time shared by client and simulator, ` +
    `without and with ${JITTER_MS[0]}–${JITTER_MS[1]} ms one-way latency; busiest rolling minute of sends counted. ` +
    `(3) ${BURST} distinct /shipment commands at the bot as shipped. 429s counted in the simulator request log.`,
  async run(ctx) {
    const tooMany = (counts: Counts) => counts.byStatus[429] ?? 0;
    const burst = await clientBurst();
    ctx.log(`  burst: ${burst.upstream.total} upstream, ${burst.outcomes.rateLimited} answered "try again"`);
    const sustained = await clientSustained([0, 0]);
    const jittered = await clientSustained(JITTER_MS);
    for (const [name, run] of [
      ['sustained', sustained],
      ['sustained with latency', jittered],
    ] as const) {
      ctx.log(`  ${name}: busiest minute ${run.busiestMinute}, ${tooMany(run.upstream)} × 429`);
    }
    const bot = await botBurst(ctx.signingSecret);
    ctx.log(`  bot: ${bot.replies}/${BURST} replies, ${tooMany(bot.upstream)} × 429`);
    const row = (name: string, upstream: Counts, o: Outcomes | null, extra: string) => [
      name,
      upstream.total,
      tooMany(upstream),
      o ? o.ok : null,
      o ? o.rateLimited : null,
      o && o.retryAfterSeconds.length > 0
        ? `${Math.min(...o.retryAfterSeconds)}–${Math.max(...o.retryAfterSeconds)}`
        : '-',
      extra,
    ];
    const sustainedName = `${SUSTAINED_PER_MINUTE}/min × ${SUSTAINED_MINUTES} min`;
    return {
      table: {
        headers: ['run', 'upstream', 'upstream 429', 'answered', '"try again"', 'retry after s', 'notes'],
        rows: [
          row(`burst: ${BURST} at once`, burst.upstream, burst.outcomes, errorsText(burst.outcomes)),
          row(
            `${sustainedName}, no latency`,
            sustained.upstream,
            sustained.outcomes,
            `busiest minute ${sustained.busiestMinute}; ${errorsText(sustained.outcomes)}`,
          ),
          row(
            `${sustainedName}, ${JITTER_MS[0]}–${JITTER_MS[1]} ms latency`,
            jittered.upstream,
            jittered.outcomes,
            `busiest minute ${jittered.busiestMinute}; ${errorsText(jittered.outcomes)}`,
          ),
          row(`bot: ${BURST} commands`, bot.upstream, null, `${bot.replies}/${BURST} replied`),
        ],
      },
      figures: { burst, sustained, jittered, bot },
      checks: [
        check('burst: upstream 429s', tooMany(burst.upstream), '', '= 0', (v) => v === 0),
        check('burst: requests sent', burst.upstream.total, '', `≤ ${LIMIT}`, (v) => v <= LIMIT),
        check(
          'sustained: busiest minute of sends',
          sustained.busiestMinute,
          '',
          `≤ ${LIMIT}`,
          (v) => v <= LIMIT,
        ),
        check('sustained: upstream 429s', tooMany(sustained.upstream), '', '= 0', (v) => v === 0),
        check('sustained + latency: upstream 429s', tooMany(jittered.upstream), '', '= 0', (v) => v === 0),
        check('bot: upstream 429s', tooMany(bot.upstream), '', '= 0', (v) => v === 0),
        check('bot: commands answered', bot.replies, `of ${BURST}`, `= ${BURST}`, (v) => v === BURST),
      ],
    };
  },
};

async function clientBurst() {
  const { createSimulator } = await import('../../src/simulator/index.js');
  const { createTrackingClient, fromFetchHandler } = await import('../../src/tracking/index.js');
  const sim = createSimulator({ rateLimitPerMinute: LIMIT });
  const client = createTrackingClient({
    baseUrl: 'http://sim/v2',
    apiKey: DEMO.apiKeys.full,
    cacheTtlMs: 0,
    rateLimitPerMinute: LIMIT,
    transport: fromFetchHandler((request) => sim.handle(request)),
  });
  try {
    const outcomes = await settle(
      Array.from({ length: BURST }, (_, i) => client.findShipmentsByNumber(distinctNumber('QB', i))),
    );
    return { outcomes, upstream: countUpstream(sim.requests) };
  } finally {
    await client.close();
  }
}

/**
 * `latencyMs`: one-way network latency, drawn per request uniformly from [min, max] (seeded), applied on virtual
 * time between the client sending a request and the API counting it. [0, 0] measures the guard's own logic.
 */
async function clientSustained(latencyMs: readonly [number, number]) {
  const { createSimulator } = await import('../../src/simulator/index.js');
  const { createTrackingClient, fromFetchHandler } = await import('../../src/tracking/index.js');
  const time = virtualTime();
  const random = seededRandom(42);
  const sim = createSimulator({ rateLimitPerMinute: LIMIT, clock: time.clock });
  const sendTimes: number[] = [];
  const inner = fromFetchHandler((request) => sim.handle(request));
  const transport: HttpTransport = async (request) => {
    sendTimes.push(time.elapsedMs());
    await time.sleep(latencyMs[0] + random() * (latencyMs[1] - latencyMs[0]));
    return inner(request);
  };
  const client = createTrackingClient({
    baseUrl: 'http://sim/v2',
    apiKey: DEMO.apiKeys.full,
    cacheTtlMs: 0,
    rateLimitPerMinute: LIMIT,
    clock: time.clock,
    sleep: time.sleep,
    transport,
  });
  try {
    const total = SUSTAINED_PER_MINUTE * SUSTAINED_MINUTES;
    const gapMs = 60_000 / SUSTAINED_PER_MINUTE;
    const offer = async () => {
      const lookups: Array<Promise<unknown>> = [];
      for (let i = 0; i < total; i++) {
        await time.sleep(i * gapMs - time.elapsedMs());
        const lookup = client.findShipmentsByNumber(distinctNumber('QS', i));
        // Settled all together at the end; until then a refusal ("try again in N s") must not count as unhandled.
        lookup.catch(() => {});
        lookups.push(lookup);
      }
      return settle(lookups);
    };
    const outcomes = await time.run(offer());
    return {
      outcomes,
      upstream: countUpstream(sim.requests),
      busiestMinute: maxInWindow(sendTimes, 60_000),
      simulatedMinutes: round(time.elapsedMs() / 60_000, 2),
    };
  } finally {
    await client.close();
  }
}

/** Deterministic uniform [0, 1) (mulberry32), so a run's latencies are the same every time. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function botBurst(signingSecret: string) {
  const world = await forkWorld();
  try {
    const trackingUrl = await world.startSimulator({ rateLimitPerMinute: LIMIT });
    const bot = await startShipwatchBot({
      signingSecret,
      slackApiUrl: world.slackApiUrl,
      trackingUrl,
      cacheTtlMs: 30_000,
    });
    try {
      const result = await world.runLoad({
        botUrl: bot.url,
        signingSecret,
        concurrency: 16,
        maxIntents: BURST,
        durationMs: 30_000,
        warmupMs: 0,
        completionTimeoutMs: 15_000,
        plans: Array.from({ length: BURST }, (_, i) => ({
          kind: 'slash' as const,
          command: '/shipment',
          text: distinctNumber('QC', i),
          expect: { methods: ['chat.postMessage', 'chat.postEphemeral', 'response_url'] },
        })),
        runId: 'Q',
      });
      return { replies: result.completed, upstream: await world.upstreamCounts(), result };
    } finally {
      await bot.stop();
    }
  } finally {
    await world.close();
  }
}

/** A bill-of-lading-shaped number no demo shipment has, different for every lookup. */
function distinctNumber(prefix: string, index: number): string {
  return `BNCH${prefix}${String(index).padStart(6, '0')}`;
}

async function settle(lookups: Array<Promise<unknown>>): Promise<Outcomes> {
  const outcomes: Outcomes = { ok: 0, rateLimited: 0, retryAfterSeconds: [], otherErrors: {} };
  for (const result of await Promise.allSettled(lookups)) {
    if (result.status === 'fulfilled') {
      outcomes.ok += 1;
      continue;
    }
    const error: unknown = result.reason;
    const code =
      error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'unknown';
    if (code === 'rate_limited') {
      outcomes.rateLimited += 1;
      const seconds = error instanceof Error && 'retryAfterSeconds' in error ? error.retryAfterSeconds : null;
      if (typeof seconds === 'number') outcomes.retryAfterSeconds.push(seconds);
    } else {
      outcomes.otherErrors[code] = (outcomes.otherErrors[code] ?? 0) + 1;
    }
  }
  return outcomes;
}

function errorsText(outcomes: Outcomes): string {
  const entries = Object.entries(outcomes.otherErrors);
  return entries.length === 0 ? 'no other errors' : entries.map(([code, n]) => `${code} ×${n}`).join(', ');
}
