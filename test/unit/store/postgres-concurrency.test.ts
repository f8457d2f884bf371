/**
 * Several replicas on one PostgreSQL: three Store instances, each with its own pool, race on the same rows. Every
 * race must have exactly one winner, with nothing but PostgreSQL's own mechanisms between them.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { LATEST_VERSION, openStore, type Store } from '../../../src/store/index.js';
import {
  dropSchema,
  postgresHarness,
  randomSchema,
  requirePostgres,
  TEST_DATABASE_URL,
} from './helpers/stores.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');

describe('PostgreSQL store shared by three replicas', () => {
  const harness = postgresHarness();
  let replicas: Store[];

  beforeAll(async () => {
    replicas = [await harness.open(), await harness.open(), await harness.open()];
  });
  afterAll(async () => {
    await harness.dispose();
  });

  const each = <T>(times: number, fn: (store: Store, i: number) => Promise<T>) =>
    Promise.all(Array.from({ length: times }, (_, i) => fn(replicas[i % replicas.length] as Store, i)));

  it('grants a claimed key to exactly one of many concurrent callers', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `evt-${i}`);
    const outcomes = await Promise.all(
      keys.map(
        async (key) =>
          (await each(12, (store) => store.claims.claim(key, 60_000, T0))).filter(Boolean).length,
      ),
    );
    expect(outcomes).toEqual(keys.map(() => 1));
  });

  it('starts an intent in exactly one of many concurrent begins, and that one owns it', async () => {
    const keys = Array.from({ length: 10 }, (_, i) => `write-${i}`);
    for (const key of keys) {
      const results = await each(9, (store, i) =>
        store.intents.begin(
          { key, kind: 'custom_field.set', payload: { i } },
          { owner: `replica-${i}`, leaseMs: 30_000, now: T0, duplicateWindowMs: 60_000 },
        ),
      );
      const winners = results.flatMap((result, i) => (result.started ? [i] : []));
      expect(winners).toHaveLength(1);
      expect((await replicas[0]?.intents.get(key))?.owner).toBe(`replica-${winners[0]}`);
    }
  });

  it('recovers each expired intent in exactly one replica', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `stuck-${i}`);
    for (const key of keys) {
      await replicas[0]?.intents.begin(
        { key, kind: 'k', payload: null },
        { owner: 'killed', leaseMs: 1000, now: T0, duplicateWindowMs: 0 },
      );
    }
    const seen: string[] = [];
    await each(3, async (store, i) => {
      for (;;) {
        const taken = await store.intents.claimExpired({
          owner: `r${i}`,
          leaseMs: 60_000,
          now: T0 + 5000,
          limit: 7,
        });
        if (taken.length === 0) return;
        seen.push(...taken.map((intent) => intent.key).filter((key) => key.startsWith('stuck-')));
      }
    });
    expect(seen.sort()).toEqual([...keys].sort());
  });

  it('hands each job to exactly one of three claiming owners', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      ids.add(await (replicas[i % 3] as Store).jobs.enqueue({ kind: 'race', runAt: T0 + i, payload: { i } }));
    }
    const claimed: string[] = [];
    await each(3, async (store, i) => {
      for (;;) {
        const jobs = await store.jobs.claim({
          kinds: ['race'],
          owner: `w${i}`,
          leaseMs: 60_000,
          now: T0 + 1000,
          limit: 5,
        });
        if (jobs.length === 0) return;
        claimed.push(...jobs.map((job) => job.id));
        for (const job of jobs) expect(await store.jobs.complete(job.id, `w${i}`)).toBe(true);
      }
    });
    expect(claimed).toHaveLength(200);
    expect(new Set(claimed)).toEqual(ids);
  });

  it('never holds more than the limit of quota slots, with two pools hammering one account', async () => {
    const [a, b] = replicas as [Store, Store];
    const limit = 10;
    const holdMs = 1000;
    /** Free time of every slot granted, from this test's own bookkeeping. */
    const freeAts: number[] = [];
    let granted = 0;
    let refused = 0;
    for (let round = 0; round < 12; round++) {
      const now = T0 + round * 400;
      const liveBefore = freeAts.filter((freeAt) => freeAt > now).length;
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 ? a : b).quota.acquire('acct-hash', {
            limit,
            windowMs: 60_000,
            now,
            inFlightHoldMs: holdMs,
          }),
        ),
      );
      const ok = results.filter((result) => result.ok);
      expect(liveBefore + ok.length).toBeLessThanOrEqual(limit);
      expect(ok.length).toBe(limit - liveBefore);
      for (const [i, result] of ok.entries()) {
        // Half the requests answer quickly and settle to a time after the hold; the rest stay held until it lapses.
        if (i % 2 === 0 && result.ok) {
          await (i % 4 ? a : b).quota.settle(result.slotId, now + 1500);
          freeAts.push(now + 1500);
        } else freeAts.push(now + holdMs);
      }
      granted += ok.length;
      refused += results.length - ok.length;
    }
    expect(granted).toBeGreaterThan(limit);
    expect(refused).toBeGreaterThan(0);
  });
});

describe('PostgreSQL migrations when three replicas start at once', () => {
  const schema = randomSchema();

  beforeAll(async () => {
    await requirePostgres();
  });
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('all three open, and the schema is migrated once to the latest version', async () => {
    const open = () =>
      openStore({
        databaseUrl: TEST_DATABASE_URL,
        schema,
        clock: fixedClock('2026-03-01T00:00:00Z'),
        logger: silentLogger,
      });
    const stores = await Promise.all([open(), open(), open()]);
    try {
      for (const store of stores) expect((await store.status()).schemaVersion).toBe(LATEST_VERSION);
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT version FROM ${schema}.schema_migrations ORDER BY version`,
        );
        expect(rows.map((row) => row.version)).toEqual(
          Array.from({ length: LATEST_VERSION }, (_, i) => i + 1),
        );
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});
