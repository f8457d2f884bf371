/**
 * A large watched book (issue 21): 10,000 watched shipments, on the embedded store and on PostgreSQL — what the real
 * process costs at rest with them, how fast it is ready, and how fast `/shipwatch watching` answers in a channel that
 * watches 5,000 of them.
 *
 * Method. For each backend, a store (a temporary folder, or a schema of its own on the test server) is migrated and
 * seeded with 10,000 watches of a mixed book (bench/lib/watched-book.ts: a fifth held at the terminal, three fifths at
 * sea, a fifth picked up; 1–3 boxes each) with their snapshots and stored tiers, 5,000 in one channel and the rest over
 * 50 channels, as the refresh leaves them (nothing due: no poll is queued at start). Then `node bin/shipwatch.js
 * start` (HTTP mode, environment only, fake Slack and simulator in the bench process) is started three times on it:
 * ready = spawn → first `GET /healthz` 200 (median of three; each after a start on an empty migrated store of
 * the same backend, the baseline). On the last start: VmRSS 2 s after ready (idle), then
 * signed `/shipwatch watching` from the 5,000-watch channel, one at a time, from sending the request to the list's
 * POST at its response_url, interleaved with `/shipwatch help` in the same process as the baseline (a command that
 * reads no store); 10 of each warm up, then 60 of each are measured. p95 is nearest-rank.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createSimulator, DEMO } from '../../src/simulator/index.js';
import { signSlackRequest } from '../../src/workspace/bot-link/sign.js';
import { type FakeSlackApi, startFakeSlackApi } from '../../test/helpers/slack/fake-slack-api.js';
import { slashCommandBody, TEST_TEAM } from '../../test/helpers/slack/payloads.js';
import { DATABASE_URL, urlWithSearchPath, withPostgresSchema } from '../lib/postgres-schema.js';
import { readMemory } from '../lib/proc.js';
import { type Check, check, type Scenario } from '../lib/scenario.js';
import { type SpawnedShipwatch, spawnShipwatch } from '../lib/spawn-shipwatch.js';
import { median, percentile, round } from '../lib/stats.js';
import { type BookTarget, seedWatchedBook } from '../lib/watched-book.js';

const TOTAL = 10_000;
const IN_CHANNEL = 5_000;
const CHANNEL = 'CBIGBOOK';
const STARTS = 3;
const WARMUP = 10;
const MEASURED = 60;

interface BackendFigures {
  backend: string;
  seededMs: number;
  readyMs: number[];
  /** The same starts on an empty (migrated) store of the same backend, alternated with them: the baseline. */
  emptyReadyMs: number[];
  idleRssMb: number;
  watchingMs: number[];
  helpMs: number[];
  header: string;
  needAttention: number;
}

export const watchingScaleScenario: Scenario = {
  id: 'watching-scale',
  title:
    '10,000 watched shipments: idle RSS, ready, /shipwatch watching in a channel of 5,000 (embedded and PostgreSQL)',
  method:
    `${TOTAL.toLocaleString('en-US')} watches of a mixed book seeded with snapshots and stored tiers (${IN_CHANNEL.toLocaleString('en-US')} in one channel), ` +
    'then `shipwatch start` on it (HTTP mode, fake Slack and simulator on loopback): ready = spawn → /healthz 200 (median ' +
    `of ${STARTS}); VmRSS 2 s after ready; \`/shipwatch watching\` from that channel, request → response_url POST, one at ` +
    `a time, ${MEASURED} measured after ${WARMUP} warm-up, interleaved with \`/shipwatch help\` as the baseline. Both backends.`,
  async run(ctx) {
    const slack = await startFakeSlackApi({ memory: 'forgetful', record: false, leanAnswers: true });
    const sim = createSimulator({});
    const running = await sim.listen({ host: '127.0.0.1', port: 0 });
    const results: BackendFigures[] = [];
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-book-'));
      const emptyDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-empty-'));
      try {
        const empty = { target: { kind: 'embedded' as const, dataDir: emptyDir }, env: {} };
        results.push(
          await measure('embedded', { kind: 'embedded', dataDir }, empty, {}, slack, running.url, ctx),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        rmSync(emptyDir, { recursive: true, force: true });
      }
      results.push(
        await withPostgresSchema(
          async (schema) => {
            const url = urlWithSearchPath(DATABASE_URL, schema);
            return withPostgresSchema(
              async (emptySchema) => {
                const emptyUrl = urlWithSearchPath(DATABASE_URL, emptySchema);
                const empty = {
                  target: { kind: 'postgres' as const, url: emptyUrl },
                  env: { DATABASE_URL: emptyUrl },
                };
                return measure(
                  'PostgreSQL',
                  { kind: 'postgres', url },
                  empty,
                  { DATABASE_URL: url },
                  slack,
                  running.url,
                  ctx,
                );
              },
              { create: true },
            );
          },
          { create: true },
        ),
      );
    } finally {
      await running.close();
      await slack.close();
    }
    return summarize(results);
  },
};

async function measure(
  backend: string,
  target: BookTarget,
  empty: { target: BookTarget; env: Record<string, string> },
  env: Record<string, string>,
  slack: FakeSlackApi,
  trackingUrl: string,
  ctx: { signingSecret: string; log(line: string): void },
): Promise<BackendFigures> {
  const seedStarted = performance.now();
  const { needAttention } = await seedWatchedBook(target, {
    total: TOTAL,
    teamId: TEST_TEAM.id,
    bigChannel: CHANNEL,
    inBigChannel: IN_CHANNEL,
    now: Date.now(),
  });
  const seededMs = performance.now() - seedStarted;
  const spawnOptions = {
    signingSecret: ctx.signingSecret,
    slackApiUrl: slack.url,
    trackingUrl,
    apiKey: DEMO.apiKeys.full,
    env,
    ...(target.kind === 'embedded' ? { dataDir: target.dataDir } : {}),
  };
  await seedWatchedBook(empty.target, {
    total: 0,
    teamId: TEST_TEAM.id,
    bigChannel: CHANNEL,
    inBigChannel: 0,
    now: 0,
  });
  const emptyOptions = {
    ...spawnOptions,
    env: empty.env,
    ...(empty.target.kind === 'embedded' ? { dataDir: empty.target.dataDir } : {}),
  };
  const readyMs: number[] = [];
  const emptyReadyMs: number[] = [];
  let child: SpawnedShipwatch | null = null;
  for (let i = 0; i < STARTS; i++) {
    if (child) await child.stop();
    const baseline = await spawnShipwatch(emptyOptions);
    emptyReadyMs.push(baseline.readyMs);
    await baseline.stop();
    child = await spawnShipwatch(spawnOptions);
    readyMs.push(child.readyMs);
  }
  if (!child) throw new Error('no start');
  try {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const idleRssMb = readMemory(child.pid).rssMb;
    const watchingMs: number[] = [];
    const helpMs: number[] = [];
    let header = '';
    for (let i = 0; i < WARMUP + MEASURED; i++) {
      const watching = await timedCommand(child.url, slack, ctx.signingSecret, 'watching', `W${backend}${i}`);
      const help = await timedCommand(child.url, slack, ctx.signingSecret, 'help', `H${backend}${i}`);
      header = watching.text;
      if (i >= WARMUP) {
        watchingMs.push(watching.ms);
        helpMs.push(help.ms);
      }
    }
    const figures = {
      backend,
      seededMs,
      readyMs,
      emptyReadyMs,
      idleRssMb,
      watchingMs,
      helpMs,
      header,
      needAttention,
    };
    ctx.log(
      `  ${backend}: seeded in ${(seededMs / 1000).toFixed(1)} s, ready ${readyMs.map((ms) => ms.toFixed(0)).join('/')} ms, ` +
        `idle ${idleRssMb.toFixed(1)} MB, watching p95 ${p95(watchingMs)} ms (help ${p95(helpMs)} ms): ${header.slice(0, 80)}`,
    );
    return figures;
  } finally {
    await child.stop();
  }
}

async function timedCommand(
  botUrl: string,
  slack: FakeSlackApi,
  signingSecret: string,
  text: string,
  id: string,
): Promise<{ ms: number; text: string }> {
  const responseUrl = slack.responseUrls.urlFor(id);
  const body = slashCommandBody({ command: '/shipwatch', text, channelId: CHANNEL, responseUrl });
  let answered: (post: { at: number; text: string }) => void = () => {};
  const posted = new Promise<{ at: number; text: string }>((resolve) => {
    answered = resolve;
  });
  const stop = slack.onCall((call) => {
    if (call.method === 'response_url' && call.responseUrl === responseUrl)
      answered({ at: call.at, text: String(call.args.text ?? '') });
  });
  try {
    const sent = performance.timeOrigin + performance.now();
    const response = await fetch(`${botUrl}/slack/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...signSlackRequest(signingSecret, body),
      },
      body,
    });
    await response.arrayBuffer();
    const post = await Promise.race([
      posted,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no answer to /shipwatch ${text} in 10 s`)), 10_000).unref(),
      ),
    ]);
    return { ms: post.at - sent, text: post.text };
  } finally {
    stop();
  }
}

const p95 = (values: number[]) =>
  round(
    percentile(
      [...values].sort((a, b) => a - b),
      95,
    ),
    1,
  );

function summarize(results: BackendFigures[]) {
  const rows = results.flatMap((r) => [
    [r.backend, 'seeded (not a target)', round(r.seededMs / 1000, 1), 's', ''],
    [r.backend, 'ready (median of 3)', round(median(r.readyMs), 0), 'ms', '≤ 2000'],
    [r.backend, 'ready (each start)', r.readyMs.map((ms) => ms.toFixed(0)).join(' / '), 'ms', ''],
    [r.backend, 'baseline: ready, empty store (median)', round(median(r.emptyReadyMs), 0), 'ms', ''],
    [r.backend, 'ready ÷ empty-store ready', round(median(r.readyMs) / median(r.emptyReadyMs), 2), '×', ''],
    [r.backend, 'RSS idle', round(r.idleRssMb, 1), 'MB', '≤ 200'],
    [r.backend, '/shipwatch watching p50', round(median(r.watchingMs), 1), 'ms', ''],
    [r.backend, 'baseline /shipwatch help p50', round(median(r.helpMs), 1), 'ms', ''],
    [r.backend, '/shipwatch watching p95', p95(r.watchingMs), 'ms', '≤ 100'],
    [r.backend, 'baseline /shipwatch help p95', p95(r.helpMs), 'ms', ''],
    [r.backend, 'watching p95 ÷ help p95', round(p95(r.watchingMs) / p95(r.helpMs), 2), '×', ''],
    [
      r.backend,
      'list says',
      r.header,
      '',
      `${r.needAttention.toLocaleString('en-US')} seeded needing attention there`,
    ],
  ]);
  const checks: Check[] = results.flatMap((r) => [
    check(
      `${r.backend}: ready with 10,000 watched (median of 3)`,
      round(median(r.readyMs), 0),
      'ms',
      '≤ 2000',
      (v) => v <= 2000,
    ),
    check(
      `${r.backend}: RSS idle with 10,000 watched`,
      round(r.idleRssMb, 1),
      'MB',
      '≤ 200',
      (v) => v <= 200,
    ),
    check(
      `${r.backend}: /shipwatch watching p95, channel of 5,000`,
      p95(r.watchingMs),
      'ms',
      '≤ 100',
      (v) => v <= 100,
    ),
  ]);
  return {
    table: { headers: ['backend', 'measure', 'value', 'unit', 'target'], rows },
    figures: { results },
    checks,
    notes: [
      'Latencies include the whole Slack path (signature, ack, tenant, store, render, response_url POST) on a 2-core ' +
        'machine shared with the fake Slack, the simulator and PostgreSQL; the help baseline, measured interleaved in ' +
        'the same process, shows what the machine adds to any command.',
    ],
  };
}
