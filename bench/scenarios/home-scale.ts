/**
 * Home for someone whose channels watch 5,000 shipments (docs/home.md, "Limits"): how long `loadHome` takes to read a
 * person's Home from the store, and how many store reads it makes, on the embedded store and on PostgreSQL.
 *
 * Method. For each backend a store is migrated and seeded with 5,000 watches of a mixed book (bench/lib/watched-book.ts:
 * 1–3 boxes each, spread over 50 channels) with their snapshots, and a tenth of the shipments are given an owner. The
 * watch service is built over it (no worker), and `loadHome` reads the Home of a person in all 50 channels, as the
 * Home tab does after `users.conversations`: 3 warm-up reads, then 20 measured, one at a time. Store reads are counted
 * by wrapping the store's watching tables. p95 is nearest-rank.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config/env.js';
import { INITIAL_HOME_STATE, loadHome } from '../../src/features/home/load-home.js';
import { silentLogger } from '../../src/logger.js';
import { openStore, type Store } from '../../src/store/index.js';
import { singleTenant } from '../../src/tenancy/single-workspace.js';
import type { TrackingClient } from '../../src/tracking/tracking-client.js';
import { createWatchService, defaultWatchConfig } from '../../src/watch/index.js';
import { DATABASE_URL, urlWithSearchPath, withPostgresSchema } from '../lib/postgres-schema.js';
import { check, type Scenario, type ScenarioContext } from '../lib/scenario.js';
import { percentile, round } from '../lib/stats.js';
import { type BookTarget, seedWatchedBook } from '../lib/watched-book.js';

const TOTAL = 5_000;
const TEAM = 'TBENCHHOME';
const CHANNELS = Array.from({ length: 50 }, (_, i) => `CBOOK${i}`);
const WARMUP = 3;
const MEASURED = 20;
const NOW = Date.parse('2026-11-26T16:00:00Z');

interface Figures {
  backend: string;
  ms: number[];
  storeReads: number;
  rows: number;
}

export const homeScaleScenario: Scenario = {
  id: 'home-5000',
  title:
    'Home of a person whose 50 channels watch 5,000 shipments: time to read it, and store reads per open',
  method:
    `${TOTAL.toLocaleString('en-US')} watches of a mixed book seeded with snapshots over 50 channels, a tenth owned; ` +
    `\`loadHome\` for a person in all 50 channels over the watch service (no worker), ${MEASURED} measured after ` +
    `${WARMUP} warm-up, one at a time; store reads counted on the store's watching tables. Both backends.`,
  async run(ctx) {
    const results: Figures[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-bench-home-'));
    try {
      results.push(await measure('embedded', { kind: 'embedded', dataDir }, ctx));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    results.push(
      await withPostgresSchema(
        (schema) =>
          measure('postgres', { kind: 'postgres', url: urlWithSearchPath(DATABASE_URL, schema) }, ctx),
        { create: true },
      ),
    );
    const p95 = (figures: Figures) =>
      percentile(
        [...figures.ms].sort((a, b) => a - b),
        95,
      );
    return {
      table: {
        headers: ['backend', 'rows', 'store reads per open', 'p50 ms', 'p95 ms'],
        rows: results.map((figures) => [
          figures.backend,
          figures.rows,
          figures.storeReads,
          round(
            percentile(
              [...figures.ms].sort((a, b) => a - b),
              50,
            ),
            1,
          ),
          round(p95(figures), 1),
        ]),
      },
      figures: Object.fromEntries(results.map((figures) => [figures.backend, figures])),
      checks: results.flatMap((figures) => [
        check(
          `${figures.backend}: Home of 5,000 watches, p95`,
          p95(figures),
          'ms',
          '≤ 300 ms',
          (v) => v <= 300,
        ),
        check(
          `${figures.backend}: store reads per Home open`,
          figures.storeReads,
          'reads',
          '≤ 10',
          (v) => v <= 10,
        ),
      ]),
    };
  },
};

async function measure(backend: string, target: BookTarget, ctx: ScenarioContext): Promise<Figures> {
  ctx.log(`home-5000: seeding ${backend}`);
  await seedWatchedBook(target, {
    total: TOTAL,
    teamId: TEAM,
    bigChannel: 'CUNUSED',
    inBigChannel: 0,
    now: NOW,
  });
  const clock = fixedClock(new Date(NOW).toISOString());
  const store = await openStore({
    ...(target.kind === 'embedded' ? { dataDir: target.dataDir } : { databaseUrl: target.url }),
    clock,
    logger: silentLogger,
  });
  try {
    for (let i = 0; i < TOTAL; i += 10) {
      await store.watching.alerts.owners.set({
        teamId: TEAM,
        shipmentId: `book-${String(i).padStart(5, '0')}`,
        userId: `UOWNER${i % 7}`,
        setAt: NOW,
      });
    }
    let reads = 0;
    const counted = countingStore(store, () => {
      reads += 1;
    });
    const watching = createWatchService({
      store: counted,
      // SAFETY: Home reads stored readings only; a call to the client would fail the scenario loudly.
      tracking: {} as TrackingClient,
      clock,
      logger: silentLogger,
      config: defaultWatchConfig(100),
      owner: `bench-home-${backend}`,
      accountId: 'bench-home',
    });
    const features = {
      tenant: singleTenant(loadConfig({}), null),
      clock,
      logger: silentLogger,
      watching,
    };
    const input = { teamId: TEAM, userId: 'UOWNER0', channelIds: CHANNELS, state: INITIAL_HOME_STATE };
    let rows = 0;
    for (let i = 0; i < WARMUP; i += 1) await loadHome(features, input);
    const ms: number[] = [];
    let storeReads = 0;
    for (let i = 0; i < MEASURED; i += 1) {
      reads = 0;
      const started = performance.now();
      const model = await loadHome(features, input);
      ms.push(performance.now() - started);
      storeReads = reads;
      rows = model.lists.reduce((sum, list) => sum + list.total, 0);
    }
    ctx.log(
      `home-5000: ${backend} p50 ${round(
        percentile(
          [...ms].sort((a, b) => a - b),
          50,
        ),
        1,
      )} ms`,
    );
    return { backend, ms: ms.map((value) => round(value, 1)), storeReads, rows };
  } finally {
    await store.close();
  }
}

/** The store with every call to a method of its watching tables counted (what Home reads). */
function countingStore(store: Store, counted: () => void): Store {
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver);
        if (typeof value === 'function')
          return (...args: unknown[]) => {
            counted();
            return value.apply(object, args);
          };
        return value !== null && typeof value === 'object' ? wrap(value) : value;
      },
    });
  return { ...store, watching: wrap(store.watching) };
}
