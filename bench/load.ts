/**
 * `node bin/run-ts.js bench/load.ts [--commands N] [--clicks N] [--concurrency N] [--seconds S] [--latency-ms L]
 * [--quota N]`: a mixed load against Shipwatch in HTTP mode backed by the simulator, on loopback.
 *
 * Three streams run at once, each closed-loop (an intent is sent, acknowledged, and its reply awaited before the
 * worker sends the next): `/shipment` commands over the demo BLs and container numbers (reply: the card), Refresh
 * clicks (reply: the card updated in place), and custom-field submissions sent as double-clicks, two identical
 * view_submission requests at once (reply: the audit line in the card's thread). Concurrency is split between the
 * streams (half commands, a quarter each for the clicks). Reported: ack latency percentiles per stream, replies,
 * errors, and writes performed (counted at the simulator) against writes requested (unique submission intents): a
 * double-click must write once. The bot runs in this process as shipped (30 s cache), with its quota guard off unless
 * `--quota` is given; load and fake Slack run in a forked process, the simulator in another. Bounded by count and by
 * `--seconds`.
 */
import { parseArgs } from 'node:util';
import { ACTION, INPUT, VIEW } from '../src/cards/ids.js';
import { DEMO } from '../src/simulator/demo/catalog.js';
import { shipmentCommandPlans } from './lib/demo-plans.js';
import type { LoadResult, LoadSpec, RequestPlan, SubmitPlan } from './lib/load-plan.js';
import { startShipwatchBot } from './lib/shipwatch-bot.js';
import { round } from './lib/stats.js';
import { formatTable } from './lib/table.js';
import { forkWorld } from './lib/world-client.js';

const { values } = parseArgs({
  options: {
    commands: { type: 'string', default: '2000' },
    clicks: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '60' },
    'latency-ms': { type: 'string', default: '0' },
    quota: { type: 'string', default: '0' },
  },
});
const commands = positiveInt(values.commands, 'commands');
const clicks = positiveInt(values.clicks, 'clicks');
const concurrency = Math.max(3, positiveInt(values.concurrency, 'concurrency'));
const seconds = positiveInt(values.seconds, 'seconds');
const latencyMs = positiveInt(values['latency-ms'], 'latency-ms');
const quota = positiveInt(values.quota, 'quota');
const signingSecret = 'bench-load-secret';
const CUSTOM_FIELD = DEMO.customFieldSlugs[0];

const world = await forkWorld();
try {
  const trackingUrl = await world.startSimulator({ latencyMs });
  const targets = await demoContainers(trackingUrl);
  const bot = await startShipwatchBot({
    signingSecret,
    slackApiUrl: world.slackApiUrl,
    trackingUrl,
    cacheTtlMs: 30_000,
    rateLimitPerMinute: quota,
  });
  try {
    const refreshes = Math.ceil(clicks / 2);
    const submissions = clicks - refreshes;
    const base = {
      botUrl: bot.url,
      signingSecret,
      durationMs: seconds * 1000,
      warmupMs: 0,
      completionTimeoutMs: 10_000,
    };
    const stream = (
      name: string,
      plans: RequestPlan[],
      share: number,
      count: number,
    ): Promise<[string, LoadResult]> =>
      count === 0
        ? Promise.resolve([name, emptyResult()])
        : world
            .runLoad({
              ...base,
              plans,
              maxIntents: count,
              concurrency: Math.max(1, Math.round(concurrency * share)),
              runId: name.slice(0, 3).toUpperCase(),
            } satisfies LoadSpec)
            .then((result) => [name, result]);
    await world.resetUpstream();
    const results = await Promise.all([
      stream('commands', [...shipmentCommandPlans(), ...containerCommandPlans(targets)], 0.5, commands),
      stream('refresh clicks', refreshPlans(), 0.25, refreshes),
      stream('custom-field double-clicks', submissionPlans(targets, submissions), 0.25, submissions),
    ]);
    const upstream = await world.upstreamCounts();
    const submitted = results[2][1];
    const writesRequested = submitted.intents - submittedWithoutAck(submitted);
    printReport(results, upstream, writesRequested);
  } finally {
    await bot.stop();
  }
} finally {
  await world.close();
}

interface ContainerTarget {
  containerId: string;
  containerNumber: string;
  shipmentId: string;
  bl: string;
}

/** Container ids are assigned by the simulator; look the demo numbers up once through the real client. */
async function demoContainers(trackingUrl: string): Promise<ContainerTarget[]> {
  const { createTrackingClient } = await import('../src/tracking/index.js');
  const client = createTrackingClient({
    baseUrl: trackingUrl,
    apiKey: DEMO.apiKeys.full,
    rateLimitPerMinute: 0,
  });
  try {
    const found = await Promise.all(
      Object.values(DEMO.containers).map((number) => client.findContainersByNumber(number)),
    );
    return found.flatMap((matches) =>
      matches.flatMap((match) =>
        match.shipment
          ? [
              {
                containerId: match.container.id,
                containerNumber: match.container.number,
                shipmentId: match.shipment.id,
                bl: match.shipment.billOfLadingNumber,
              },
            ]
          : [],
      ),
    );
  } finally {
    await client.close();
  }
}

function containerCommandPlans(targets: ContainerTarget[]): RequestPlan[] {
  return targets.map((target) => ({
    kind: 'slash',
    command: '/shipment',
    text: target.containerNumber,
    expect: { methods: ['chat.postMessage'], contains: [target.bl] },
  }));
}

function refreshPlans(): RequestPlan[] {
  return Object.values(DEMO.shipments).map((shipment) => ({
    kind: 'click',
    actionId: ACTION.shipmentRefresh,
    value: shipment.id,
    expect: { methods: ['chat.update'], contains: [shipment.bl] },
  }));
}

/** One plan per intent (each sets a value no other intent sets), each sent twice at once. */
function submissionPlans(targets: ContainerTarget[], count: number): RequestPlan[] {
  if (targets.length === 0) throw new Error('no demo containers found in the simulator');
  return Array.from({ length: count }, (_, index) => {
    const target = targets[index % targets.length]!;
    const value = `bench-${index}`;
    const values: SubmitPlan['values'] = {
      [INPUT.customFieldSlug.block]: {
        [INPUT.customFieldSlug.action]: {
          type: 'static_select',
          selected_option: { text: { type: 'plain_text', text: CUSTOM_FIELD }, value: CUSTOM_FIELD },
        },
      },
      [`${INPUT.customFieldValue.block}:${CUSTOM_FIELD}`]: {
        [INPUT.customFieldValue.action]: { type: 'plain_text_input', value },
      },
    };
    return {
      kind: 'submit',
      callbackId: VIEW.customField,
      privateMetadata: JSON.stringify({
        containerId: target.containerId,
        containerNumber: target.containerNumber,
        shipmentId: target.shipmentId,
        channelId: '{key}',
        messageTs: '{messageTs}',
        threadTs: null,
        fields: { [CUSTOM_FIELD]: { type: 'short_text' } },
      }),
      values,
      repeat: 2,
      expect: { methods: ['chat.postMessage'], contains: [value] },
    } satisfies RequestPlan;
  });
}

function submittedWithoutAck(result: LoadResult): number {
  // An intent whose two copies were both refused never reached the bot; it requested no write.
  const failed = Object.values(result.ackErrors).reduce((sum, n) => sum + n, 0);
  return Math.floor(failed / 2);
}

function printReport(
  results: Array<[string, LoadResult]>,
  upstream: {
    total: number;
    writes: number;
    byStatus: Record<string, number>;
    byRoute: Record<string, number>;
  },
  writesRequested: number,
): void {
  const rows = results.map(([name, r]) => [
    name,
    r.intents,
    r.requests,
    r.acked,
    round(r.ackMs.p50, 2),
    round(r.ackMs.p90, 2),
    round(r.ackMs.p99, 2),
    round(r.ackMs.max, 2),
    r.completed,
    r.timedOut,
    r.otherReplies,
    Object.entries(r.ackErrors)
      .map(([cause, n]) => `${cause} ×${n}`)
      .join(', ') || '-',
    round(r.throughput, 0),
  ]);
  process.stdout.write(
    `${formatTable(
      [
        'stream',
        'intents',
        'requests',
        'acked',
        'ack p50',
        'ack p90',
        'ack p99',
        'ack max',
        'replies',
        'no reply',
        'other Slack calls',
        'ack errors',
        'intents/s',
      ],
      rows,
    )}\n\n`,
  );
  const duplicates = Math.max(0, upstream.writes - writesRequested);
  process.stdout.write(
    `${formatTable(
      ['upstream', 'value'],
      [
        ['requests served', upstream.total],
        [
          'by status',
          Object.entries(upstream.byStatus)
            .map(([status, n]) => `${status} ×${n}`)
            .join(', '),
        ],
        ['writes requested (unique intents)', writesRequested],
        ['writes performed', upstream.writes],
        ['extra writes (double-clicks not merged)', duplicates],
        ...Object.entries(upstream.byRoute)
          .sort(([, a], [, b]) => b - a)
          .map(([route, n]): [string, number] => [`  ${route}`, n]),
      ],
    )}\n`,
  );
  process.stdout.write(
    `\nconcurrency ${concurrency} split 50/25/25, API latency ${latencyMs} ms, quota guard ${quota === 0 ? 'off' : `${quota}/min`}, cache 30 s\n`,
  );
  if (duplicates > 0 || results.some(([, r]) => r.timedOut > 0)) process.exitCode = 1;
}

function emptyResult(): LoadResult {
  const none = {
    count: 0,
    min: Number.NaN,
    p50: Number.NaN,
    p90: Number.NaN,
    p99: Number.NaN,
    max: Number.NaN,
    mean: Number.NaN,
  };
  return {
    warmupIntents: 0,
    intents: 0,
    requests: 0,
    acked: 0,
    ackErrors: {},
    completed: 0,
    timedOut: 0,
    otherReplies: 0,
    ackMs: none,
    completionMs: none,
    elapsedMs: 0,
    throughput: 0,
  };
}

function positiveInt(raw: string | undefined, name: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`load: --${name} must be a whole number\n`);
    process.exit(2);
  }
  return value;
}
