/**
 * The durable store on both backends: what it costs to open, what it adds to a process's memory, and the latency of
 * the calls on the bot's hot paths (a claim is the idempotency / replay check, an intent begin guards a write, a
 * quota acquire precedes every tracking-API request).
 *
 * Method. Footprint: a child process (through bin/run-ts.js, like the bench's other helpers, so the store's modules
 * are transpiled on load: a slight overestimate against the bundled dist/ the bot runs) reads its RSS before
 * loading the store module, then times the import, the first open of the embedded store on an empty folder (file
 * created, migrations applied) and a reopen, uses it (1,000 claims, 1,000 card records), idles 0.5 s and reads its
 * RSS again. Latency: in the bench process, each backend (embedded on a temporary folder; PostgreSQL at
 * SHIPWATCH_TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test in a schema of its own, dropped
 * afterwards) gets a warm-up of 200 calls and then N sequential calls timed one by one: pings (SELECT 1: the floor
 * the machine and connection set), claims of distinct keys, intent begins of distinct keys, quota acquires on one
 * account with limit 100 while the clock advances 600 ms per call (about 100 live slots, as at the real limit).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { fixedClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import type { OpenStoreOptions, Store } from '../../src/store/index.js';
import { forkIpcChild } from '../lib/ipc-child.js';
import { DATABASE_URL, withPostgresSchema } from '../lib/postgres-schema.js';
import { check, type Scenario } from '../lib/scenario.js';
import { round, type Summary, summarize } from '../lib/stats.js';
import type { StoreFootprint } from '../lib/store-footprint-child.js';

const CHILD = fileURLToPath(new URL('../lib/store-footprint-child.ts', import.meta.url));
const WARMUP = 200;
const CALLS = 2000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
/** The bot's idle RSS before the store (bench/results.json, footprint) and the target with the store. */
const BOT_RSS_MB = 104;
const TARGET_RSS_MB = 130;

interface Latencies {
  openFirstMs: number;
  reopenMs: number;
  /** A round trip that writes nothing: what the machine and the connection cost before any store logic. */
  ping: Summary;
  claim: Summary;
  begin: Summary;
  acquire: Summary;
}

async function timed(calls: number, fn: (i: number) => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < WARMUP; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await fn(i);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

async function measure(open: () => Promise<Store>): Promise<Latencies> {
  let started = performance.now();
  const first = await open();
  const openFirstMs = performance.now() - started;
  await first.close();
  started = performance.now();
  const store = await open();
  const reopenMs = performance.now() - started;
  const run = randomBytes(4).toString('hex');
  try {
    const ping = await timed(CALLS, () => store.ping());
    const claim = await timed(CALLS, (i) => store.claims.claim(`bench:${run}:claim:${i}`, 3_600_000, T0));
    const begin = await timed(CALLS, (i) =>
      store.intents.begin(
        {
          key: `bench:${run}:intent:${i}`,
          kind: 'custom_field.set',
          payload: { container: i, value: 'PO-1' },
        },
        { owner: 'bench', leaseMs: 30_000, now: T0, duplicateWindowMs: 600_000 },
      ),
    );
    let tick = 0;
    const acquire = await timed(CALLS, () =>
      store.quota.acquire(`bench:${run}`, {
        limit: 100,
        windowMs: 60_000,
        now: T0 + 600 * tick++,
        inFlightHoldMs: 60_000,
      }),
    );
    return { openFirstMs, reopenMs, ping, claim, begin, acquire };
  } finally {
    await store.close();
  }
}

export const storeScenario: Scenario = {
  id: 'store',
  title: 'Store: open, memory, and hot-path call latency (embedded and PostgreSQL)',
  method:
    'Footprint in a child process (bin/run-ts.js): RSS before loading the store, import, first open on an empty ' +
    'folder (file + migrations), reopen, RSS with the store open after 1,000 claims and 1,000 card records and 0.5 s ' +
    `idle. Latency in the bench process: ${WARMUP} warm-up calls, then ${CALLS} sequential calls timed one by one per ` +
    'operation: ping (SELECT 1, the floor), claim (distinct keys), intent begin (distinct keys), quota acquire (limit 100, clock +600 ms per call, ' +
    '~100 live slots). PostgreSQL on 127.0.0.1 in a schema of its own, dropped afterwards. Percentiles nearest-rank.',
  async run(ctx) {
    const child = await forkIpcChild<StoreFootprint>(CHILD, 'store footprint');
    const footprint = child.hello;
    await child.close();
    const addedMb = footprint.rssOpenMb - footprint.rssBeforeMb;
    ctx.log(
      `  embedded: first open ${footprint.firstOpenMs.toFixed(1)} ms, reopen ${footprint.reopenMs.toFixed(1)} ms, ` +
        `RSS ${footprint.rssBeforeMb.toFixed(1)} → ${footprint.rssOpenMb.toFixed(1)} MB`,
    );

    const base: Pick<OpenStoreOptions, 'clock' | 'logger'> = {
      clock: fixedClock('2026-03-01T00:00:00Z'),
      logger: silentLogger,
    };
    const { openStore } = await import('../../src/store/index.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-store-'));
    let embedded: Latencies;
    try {
      embedded = await measure(() => openStore({ ...base, dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    ctx.log(`  embedded: claim p99 ${embedded.claim.p99.toFixed(3)} ms`);
    const postgres = await withPostgresSchema((schema) =>
      measure(() => openStore({ ...base, databaseUrl: DATABASE_URL, schema })),
    );
    ctx.log(
      `  postgres: claim p99 ${postgres.claim.p99.toFixed(3)} ms, begin p99 ${postgres.begin.p99.toFixed(3)} ms`,
    );

    const ms = (value: number) => round(value, 3);
    const pair = (label: string, pick: (l: Latencies) => number) => [
      label,
      ms(pick(embedded)),
      ms(pick(postgres)),
      'ms',
    ];
    return {
      table: {
        headers: ['measure', 'embedded', 'PostgreSQL', 'unit'],
        rows: [
          [
            'first open (schema created by migrations)',
            ms(footprint.firstOpenMs),
            ms(postgres.openFirstMs),
            'ms',
          ],
          ['reopen', ms(footprint.reopenMs), ms(postgres.reopenMs), 'ms'],
          ['import of the store module (child)', ms(footprint.importMs), null, 'ms'],
          ['RSS of the child before loading the store', round(footprint.rssBeforeMb, 1), null, 'MB'],
          ['RSS of the child with the store open, after use', round(footprint.rssOpenMb, 1), null, 'MB'],
          ['RSS added by the store', round(addedMb, 1), null, 'MB'],
          pair('ping (SELECT 1) p50', (l) => l.ping.p50),
          pair('ping (SELECT 1) p99', (l) => l.ping.p99),
          pair('claim p50', (l) => l.claim.p50),
          pair('claim p99', (l) => l.claim.p99),
          pair('intent begin p50', (l) => l.begin.p50),
          pair('intent begin p99', (l) => l.begin.p99),
          pair('quota acquire p50', (l) => l.acquire.p50),
          pair('quota acquire p99', (l) => l.acquire.p99),
          pair('quota acquire max', (l) => l.acquire.max),
        ],
      },
      figures: { footprint, embedded, postgres },
      notes: [
        `"RSS added by the store" is the budget check of the store alone (bot ~${BOT_RSS_MB} MB idle before it + the ` +
          `store ≤ ${TARGET_RSS_MB} MB); the footprint scenario measures \`shipwatch start\` with its store open, and ` +
          'store-bot what the store costs a cached /shipment.',
      ],
      checks: [
        check('PostgreSQL claim p99 (idempotency check)', ms(postgres.claim.p99), 'ms', '≤ 2', (v) => v <= 2),
        check('PostgreSQL intent begin p99', ms(postgres.begin.p99), 'ms', '≤ 2', (v) => v <= 2),
        check(
          'embedded: RSS added by the store',
          round(addedMb, 1),
          'MB',
          `≤ ${TARGET_RSS_MB - BOT_RSS_MB}`,
          (v) => v <= TARGET_RSS_MB - BOT_RSS_MB,
        ),
        check('embedded claim p50', ms(embedded.claim.p50), 'ms', '≤ 0.3', (v) => v <= 0.3),
        check('embedded first open', round(footprint.firstOpenMs, 1), 'ms', '< 1500', (v) => v < 1500),
      ],
    };
  },
};
