/**
 * Replicas share reads (issue 21, docs/store.md "Shared reads"): API requests per distinct BL when two `shipwatch
 * start` replicas on one PostgreSQL schema are both asked about the same shipments.
 *
 * Method. The simulator (in the bench process, so every request it serves is counted) holds the demo account with a
 * generated book of BOOK shipments on top; the BLs are listed through the API first and those requests left out of the
 * count. Two `node bin/shipwatch.js start` replicas (HTTP mode, environment only, DATABASE_URL with a schema of this
 * run, cache and quota as shipped, the account's limit raised so the quota never queues a lookup) and the fake Slack
 * run as in the replicas scenario. Every BL is looked up with `/shipment <BL>` once on each replica: half the BLs on
 * both at the same moment, half on one and then, once its card is posted, on the other; CONCURRENCY BLs in flight.
 * Counted: GET requests the simulator served from the first lookup to the last card, divided by the distinct BLs.
 * Baseline: the same lookups on one replica alone, once each (what one process costs per BL, 1 by design).
 */
import { performance } from 'node:perf_hooks';
import { createSimulator, DEMO } from '../../src/simulator/index.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import {
  killEveryProcess,
  type ShipwatchProcess,
  startShipwatchProcess,
} from '../../test/helpers/replicas/shipwatch-process.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../test/helpers/slack/fake-slack-api.js';
import { nextId, slashCommandBody } from '../../test/helpers/slack/payloads.js';
import { DATABASE_URL, urlWithSearchPath, withPostgresSchema } from '../lib/postgres-schema.js';
import { check, type Scenario } from '../lib/scenario.js';
import { round } from '../lib/stats.js';

const BOOK = 300;
const BASELINE_BLS = 40;
const CONCURRENCY = 8;

export const replicaReadsScenario: Scenario = {
  id: 'replica-reads',
  title: 'Two replicas on PostgreSQL: API requests per distinct BL looked up on both',
  method:
    `Simulator with a book of ${BOOK} (requests counted where they land); two \`shipwatch start\` replicas on one ` +
    'PostgreSQL schema; every BL looked up once on each replica (half at the same moment, half one after the other), ' +
    `${CONCURRENCY} BLs in flight; GETs served ÷ distinct BLs. Baseline: ${BASELINE_BLS} other BLs on one replica, once each.`,
  async run(ctx) {
    const slack = await startFakeSlackApi({ memory: 'forgetful', record: false, leanAnswers: true });
    const sim = createSimulator({ book: BOOK, rateLimitPerMinute: 100_000 });
    const running = await sim.listen({ host: '127.0.0.1', port: 0 });
    try {
      const bls = await listBls(running.url);
      return await withPostgresSchema(
        async (schema) => {
          const env = {
            SLACK_BOT_TOKEN: 'xoxb-fake-bench-replica-reads',
            SLACK_SIGNING_SECRET: ctx.signingSecret,
            SLACK_API_URL: slack.url,
            TRACKING_API_URL: running.url,
            TRACKING_API_KEY: DEMO.apiKeys.full,
            TRACKING_API_RATE_LIMIT: '100000',
            DATABASE_URL: urlWithSearchPath(DATABASE_URL, schema),
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
          };
          try {
            const [a, b] = (await Promise.all(
              ['A', 'B'].map((name) => startShipwatchProcess({ name, env })),
            )) as [ShipwatchProcess, ShipwatchProcess];
            const lookUp = (replica: ShipwatchProcess, bl: string) =>
              lookup(replica.url, slack, ctx.signingSecret, bl);
            const baselineBls = bls.slice(0, BASELINE_BLS);
            const sharedBls = bls.slice(BASELINE_BLS);
            const gets = () => sim.requests.filter((request) => request.method === 'GET').length;

            let before = gets();
            await inParallel(baselineBls, CONCURRENCY, (bl) => lookUp(a, bl));
            const baseline = (gets() - before) / baselineBls.length;

            before = gets();
            const started = performance.now();
            await inParallel(sharedBls, CONCURRENCY, async (bl, index) => {
              if (index % 2 === 0) await Promise.all([lookUp(a, bl), lookUp(b, bl)]);
              else {
                const [first, second] = index % 4 === 1 ? [a, b] : [b, a];
                await lookUp(first, bl);
                await lookUp(second, bl);
              }
            });
            const perBl = (gets() - before) / sharedBls.length;
            const seconds = (performance.now() - started) / 1000;
            ctx.log(
              `  ${sharedBls.length} BLs × 2 replicas: ${round(perBl, 3)} GETs per BL (baseline one replica: ${round(baseline, 2)}) in ${seconds.toFixed(1)} s`,
            );
            return {
              table: {
                headers: ['case', 'distinct BLs', 'lookups', 'API GETs per BL', 'target'],
                rows: [
                  [
                    'baseline: one replica, each BL once',
                    baselineBls.length,
                    baselineBls.length,
                    round(baseline, 3),
                    '',
                  ],
                  [
                    'two replicas, each BL on both (half at once, half in turn)',
                    sharedBls.length,
                    sharedBls.length * 2,
                    round(perBl, 3),
                    '≤ 1.05',
                  ],
                  ['two replicas ÷ baseline', null, null, round(perBl / baseline, 3), ''],
                ],
              },
              figures: { baseline, perBl, bls: sharedBls.length, seconds },
              checks: [
                check(
                  '2 replicas on PostgreSQL: API requests per distinct BL',
                  round(perBl, 3),
                  'req/BL',
                  '≤ 1.05',
                  (v) => v <= 1.05,
                ),
              ],
            };
          } finally {
            await killEveryProcess();
          }
        },
        { create: true },
      );
    } finally {
      await running.close();
      await slack.close();
    }
  },
};

/** The account's BLs, read through the API (before anything is counted). */
async function listBls(apiUrl: string): Promise<string[]> {
  const bls: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const response = await fetch(`${apiUrl}/shipments?page[size]=100&page[number]=${page}`, {
      headers: { authorization: `Token ${DEMO.apiKeys.full}` },
    });
    const document = (await response.json()) as {
      data?: Array<{ attributes?: { bill_of_lading_number?: string } }>;
    };
    const found = (document.data ?? []).flatMap((item) => item.attributes?.bill_of_lading_number ?? []);
    bls.push(...found);
    if (found.length < 100) break;
  }
  return [...new Set(bls)];
}

async function lookup(botUrl: string, slack: FakeSlackApi, signingSecret: string, bl: string): Promise<void> {
  const channelId = nextId('C');
  const body = slashCommandBody({
    command: '/shipment',
    text: bl,
    channelId,
    responseUrl: slack.responseUrls.newUrl(),
  });
  let done: () => void = () => {};
  const posted = new Promise<void>((resolve) => {
    done = resolve;
  });
  const stop = slack.onCall((call) => {
    const where = call.args.channel;
    if (where === channelId && (call.method === 'chat.postMessage' || call.method === 'response_url')) done();
    if (call.method === 'response_url' && JSON.stringify(call.args).includes(bl)) done();
  });
  try {
    const response = await fetch(`${botUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(signingSecret, body),
      },
      body,
    });
    await response.arrayBuffer();
    await Promise.race([
      posted,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no card for /shipment ${bl} in 15 s`)), 15_000).unref(),
      ),
    ]);
  } finally {
    stop();
  }
}

async function inParallel<T>(
  items: T[],
  limit: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        await run(items[index] as T, index);
      }
    }),
  );
}
