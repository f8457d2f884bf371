/**
 * Quota: the API allows 100 requests per rolling minute per key and answers 429 beyond it. The client must stay
 * under the limit on its own, queueing what fits its time budget and answering the rest with "try again in N s".
 *
 * Method. Three measurements against a simulator with `rateLimitPerMinute: 100`, each counting 429s where they
 * would happen (the simulator's request log):
 * 1. Burst: 150 distinct lookups through the tracking client (guard 100/min, cache off) at once, in real time.
 * 2. Sustained: 200 distinct lookups per minute for 5 minutes, on a clock 60× faster than real shared by the client
 *    (clock and sleep) and the simulator (clock), so 5 simulated minutes take 5 s. Every send time is recorded on that
 *    clock; the busiest rolling 60 s window must hold ≤ 100.
 * 3. Through the bot: 150 distinct `/shipment` commands (c=16) at Shipwatch as shipped; every command must get a
 *    reply (card, not-found or "try again") and no request may be refused upstream.
 */
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { HttpTransport } from '../../src/tracking/http/transport.js';
import { maxInWindow, scaledTime } from '../lib/scaled-time.js';
import { check, type Scenario } from '../lib/scenario.js';
import { startShipwatchBot } from '../lib/shipwatch-bot.js';
import { round } from '../lib/stats.js';
import { countUpstream } from '../lib/world.js';
import { forkWorld } from '../lib/world-client.js';

const LIMIT = 100;
const BURST = 150;
const SUSTAINED_PER_MINUTE = 200;
const SUSTAINED_MINUTES = 5;
const SPEED = 60;

interface Outcomes {
  ok: number;
  rateLimited: number;
  retryAfterSeconds: number[];
  otherErrors: Record<string, number>;
}

export const quotaScenario: Scenario = {
  id: 'quota',
  title: 'Quota: bursts beyond the API rate limit (100/min)',
  method:
    `Simulator at ${LIMIT}/min. (1) ${BURST} distinct lookups at once through the client (guard ${LIMIT}/min). ` +
    `(2) ${SUSTAINED_PER_MINUTE}/min for ${SUSTAINED_MINUTES} min on a clock ${SPEED}× real shared by client and ` +
    `simulator; busiest rolling minute counted. (3) ${BURST} distinct /shipment commands at the bot as shipped. ` +
    '429s counted in the simulator request log.',
  async run(ctx) {
    const burst = await clientBurst();
    ctx.log(`  burst: ${burst.upstream.total} upstream, ${burst.outcomes.rateLimited} answered "try again"`);
    const sustained = await clientSustained();
    ctx.log(
      `  sustained: busiest minute ${sustained.busiestMinute}, ${sustained.upstream.byStatus[429] ?? 0} × 429`,
    );
    const bot = await botBurst(ctx.signingSecret);
    ctx.log(`  bot: ${bot.replies}/${BURST} replies, ${bot.upstream.byStatus[429] ?? 0} × 429`);
    const tooMany = (counts: { byStatus: Record<string, number> }) => counts.byStatus[429] ?? 0;
    const row = (
      name: string,
      upstream: ReturnType<typeof countUpstream>,
      o: Outcomes | null,
      extra: string,
    ) => [
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
    return {
      table: {
        headers: ['run', 'upstream', 'upstream 429', 'answered', '"try again"', 'retry after s', 'notes'],
        rows: [
          row(`burst ${BURST} at once`, burst.upstream, burst.outcomes, errorsText(burst.outcomes)),
          row(
            `sustained ${SUSTAINED_PER_MINUTE}/min × ${SUSTAINED_MINUTES}`,
            sustained.upstream,
            sustained.outcomes,
            `busiest minute ${sustained.busiestMinute}; ${errorsText(sustained.outcomes)}`,
          ),
          row(`bot: ${BURST} commands`, bot.upstream, null, `${bot.replies}/${BURST} replied`),
        ],
      },
      figures: { burst, sustained, bot },
      checks: [
        check('burst: upstream 429s', tooMany(burst.upstream), '', '= 0', (v) => v === 0),
        check('burst: requests sent', burst.upstream.total, '', `≤ ${LIMIT}`, (v) => v <= LIMIT),
        check('sustained: upstream 429s', tooMany(sustained.upstream), '', '= 0', (v) => v === 0),
        check(
          'sustained: busiest rolling minute',
          sustained.busiestMinute,
          'requests',
          `≤ ${LIMIT}`,
          (v) => v <= LIMIT,
        ),
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

async function clientSustained() {
  const { createSimulator } = await import('../../src/simulator/index.js');
  const { createTrackingClient, fromFetchHandler } = await import('../../src/tracking/index.js');
  const time = scaledTime(SPEED);
  const sim = createSimulator({ rateLimitPerMinute: LIMIT, clock: time.clock });
  const sendTimes: number[] = [];
  const inner = fromFetchHandler((request) => sim.handle(request));
  const transport: HttpTransport = (request) => {
    sendTimes.push(time.elapsedMs());
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
    const lookups: Array<Promise<unknown>> = [];
    for (let i = 0; i < total; i++) {
      await time.sleep(i * gapMs - time.elapsedMs());
      lookups.push(client.findShipmentsByNumber(distinctNumber('QS', i)));
    }
    const outcomes = await settle(lookups);
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
