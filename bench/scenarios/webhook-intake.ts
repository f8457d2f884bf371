/**
 * Webhook intake (issue 21): signed Terminal49 notifications at c=16 into the real `shipwatch start`, against a bare
 * Node server that does only what intake must (verify the same HMAC, make the same insert into the same store backend)
 * — on the embedded store and on PostgreSQL.
 *
 * Method. Both servers are child processes: `node bin/shipwatch.js start` (HTTP mode, environment only, with
 * TRACKING_WEBHOOK_SECRET, its route `POST /webhooks/terminal49`) and bench/lib/bare-webhook-server.ts (node:http,
 * HMAC-SHA256 check, JSON.parse, `inbox.accept` — the one durable insert the route makes), each on a store of its own
 * of the same backend (a temporary folder, or a schema of this run). The bench process is the load: a closed loop of
 * CONCURRENCY requests over keep-alive connections, each a notification with a new id (so each is an insert) about a
 * shipment nobody watches, signed as Terminal49 signs. ROUNDS rounds alternate baseline and Shipwatch (WARMUP_MS
 * discarded, MEASURE_MS counted); the check is the median of each round's ratio to the baseline round just before it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createSimulator, DEMO } from '../../src/simulator/index.js';
import { signWebhookBody, WEBHOOK_PATH } from '../../src/watch/index.js';
import { startFakeSlackApi } from '../../test/helpers/slack/fake-slack-api.js';
import { DATABASE_URL, urlWithSearchPath, withPostgresSchema } from '../lib/postgres-schema.js';
import { freePort } from '../lib/proc.js';
import { type Check, check, type Scenario } from '../lib/scenario.js';
import { spawnShipwatch } from '../lib/spawn-shipwatch.js';
import { median, round } from '../lib/stats.js';

const CONCURRENCY = 16;
const ROUNDS = 3;
const WARMUP_MS = 500;
const MEASURE_MS = 3_000;
const SECRET = 'bench-intake-webhook-secret';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BARE = fileURLToPath(new URL('../lib/bare-webhook-server.ts', import.meta.url));

interface Backend {
  name: string;
  shipwatch: number[];
  bare: number[];
  ratios: number[];
  errors: number;
}

export const webhookIntakeScenario: Scenario = {
  id: 'webhook-intake',
  title:
    'Webhook intake, signed, c=16: shipwatch start vs a bare Node server making the same insert (both backends)',
  method:
    `Closed loop at c=${CONCURRENCY}, every request a signed notification with a new id; \`shipwatch start\` and a bare ` +
    'node:http server (same HMAC check, same inbox insert) as child processes, each on its own store of the same ' +
    `backend; ${ROUNDS} rounds alternating (${WARMUP_MS} ms warm-up, ${MEASURE_MS} ms measured), check = median of ` +
    'the paired ratios. Embedded store and PostgreSQL.',
  async run(ctx) {
    const slack = await startFakeSlackApi({ memory: 'forgetful', record: false, leanAnswers: true });
    const sim = createSimulator({});
    const running = await sim.listen({ host: '127.0.0.1', port: 0 });
    const backends: Backend[] = [];
    try {
      const dirs = [
        mkdtempSync(join(tmpdir(), 'shipwatch-intake-')),
        mkdtempSync(join(tmpdir(), 'bare-intake-')),
      ];
      try {
        backends.push(
          await measure('embedded', { dataDir: dirs[0] ?? '' }, { SHIPWATCH_DATA_DIR: dirs[1] ?? '' }),
        );
      } finally {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
      backends.push(
        await withPostgresSchema(
          (schema) =>
            withPostgresSchema(
              (bareSchema) =>
                measure(
                  'PostgreSQL',
                  { env: { DATABASE_URL: urlWithSearchPath(DATABASE_URL, schema) } },
                  { DATABASE_URL: urlWithSearchPath(DATABASE_URL, bareSchema) },
                ),
              { create: true },
            ),
          { create: true },
        ),
      );
    } finally {
      await running.close();
      await slack.close();
    }
    return summarize(backends);

    async function measure(
      name: string,
      shipwatchStore: { dataDir?: string; env?: Record<string, string> },
      bareEnv: Record<string, string>,
    ): Promise<Backend> {
      const product = await spawnShipwatch({
        signingSecret: ctx.signingSecret,
        slackApiUrl: slack.url,
        trackingUrl: running.url,
        apiKey: DEMO.apiKeys.full,
        ...(shipwatchStore.dataDir ? { dataDir: shipwatchStore.dataDir } : {}),
        env: { TRACKING_WEBHOOK_SECRET: SECRET, ...shipwatchStore.env },
      });
      const bare = await startBare(bareEnv);
      try {
        const figures: Backend = { name, shipwatch: [], bare: [], ratios: [], errors: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          const baseline = await load(bare.url, `${name}-b${round}`);
          const measured = await load(`${product.url}${WEBHOOK_PATH}`, `${name}-s${round}`);
          figures.bare.push(baseline.perSecond);
          figures.shipwatch.push(measured.perSecond);
          figures.ratios.push(measured.perSecond / baseline.perSecond);
          figures.errors += baseline.errors + measured.errors;
          ctx.log(
            `  ${name} round ${round + 1}: bare ${baseline.perSecond.toFixed(0)}/s, shipwatch ${measured.perSecond.toFixed(0)}/s`,
          );
        }
        return figures;
      } finally {
        await product.stop();
        await bare.stop();
      }
    }
  },
};

let serial = 0;
function notificationBody(run: string): string {
  serial += 1;
  const reference = {
    id: `evt-${run}-${serial}`,
    type: 'transport_event',
    attributes: { event: 'container.transport.vessel_discharged', timestamp: new Date().toISOString() },
    relationships: {
      shipment: { data: { id: 'shp-intake-unwatched', type: 'shipment' } },
      container: { data: { id: 'box-intake', type: 'container' } },
    },
  };
  return JSON.stringify({
    data: {
      id: `ntf-${run}-${serial}`,
      type: 'webhook_notification',
      attributes: {
        event: 'container.transport.vessel_discharged',
        delivery_status: 'pending',
        created_at: new Date().toISOString(),
      },
      relationships: { reference_object: { data: { id: reference.id, type: reference.type } } },
    },
    included: [reference],
  });
}

async function load(url: string, run: string): Promise<{ perSecond: number; errors: number }> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: CONCURRENCY });
  let counted = 0;
  let errors = 0;
  const started = performance.now();
  const measureFrom = started + WARMUP_MS;
  const end = measureFrom + MEASURE_MS;
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const body = notificationBody(run);
          const response = await pool.request({
            path: target.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-t49-webhook-signature': signWebhookBody(body, SECRET),
            },
            body,
          });
          await response.body.dump();
          const at = performance.now();
          if (response.statusCode !== 200) errors += 1;
          else if (at >= measureFrom && at <= end) counted += 1;
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return { perSecond: counted / (MEASURE_MS / 1000), errors };
}

async function startBare(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['bin/run-ts.js', BARE], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      TRACKING_WEBHOOK_SECRET: SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the bare webhook server did not start in 20 s')),
      20_000,
    );
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the bare webhook server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function summarize(backends: Backend[]) {
  const rows = backends.flatMap((b) => [
    [
      b.name,
      'baseline: bare node:http + HMAC + insert (best round)',
      round(Math.max(...b.bare), 0),
      'req/s',
      '',
    ],
    [b.name, 'shipwatch start (best round)', round(Math.max(...b.shipwatch), 0), 'req/s', ''],
    [b.name, 'shipwatch ÷ bare, by round', b.ratios.map((r) => r.toFixed(2)).join(' / '), '×', ''],
    [b.name, 'shipwatch ÷ bare, median of paired rounds', round(median(b.ratios), 2), '×', '≥ 0.5'],
    [b.name, 'non-200 answers', b.errors, '', '0'],
  ]);
  const checks: Check[] = backends.map((b) =>
    check(
      `${b.name}: webhook intake (signed, c=16) ÷ bare Node server, same insert`,
      round(median(b.ratios), 2),
      '×',
      '≥ 0.5',
      (v) => v >= 0.5,
    ),
  );
  return {
    table: { headers: ['backend', 'measure', 'value', 'unit', 'target'], rows },
    figures: { backends },
    checks,
    notes: [
      'The load generator, both servers and PostgreSQL share the 2 cores; the ratio pairs rounds run back to back.',
    ],
  };
}
