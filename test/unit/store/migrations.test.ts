/**
 * Versioned migrations on both backends: applied at open (or on demand), all-or-nothing when one fails, and a schema
 * already ahead of this code is accepted and reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/logger.js';
import { LATEST_VERSION, StoreError } from '../../../src/store/index.js';
import { applyMigrations } from '../../../src/store/migrate.js';
import { MIGRATIONS } from '../../../src/store/migrations/index.js';
import { openPostgres } from '../../../src/store/sql/postgres.js';
import type { Sql } from '../../../src/store/sql/sql.js';
import { openSqlite } from '../../../src/store/sql/sqlite.js';
import {
  embeddedHarness,
  postgresHarness,
  requirePostgres,
  type StoreHarness,
  TEST_DATABASE_URL,
} from './helpers/stores.js';

const backends: Array<{
  name: string;
  harness: () => StoreHarness & { dataDir?: string; schema?: string };
  rawSql: (h: { dataDir?: string; schema?: string }) => Sql;
}> = [
  {
    name: 'embedded',
    harness: embeddedHarness,
    rawSql: (h) => openSqlite(`${h.dataDir}/shipwatch.db`),
  },
  {
    name: 'PostgreSQL',
    harness: () => postgresHarness(),
    rawSql: (h) => openPostgres({ url: TEST_DATABASE_URL, schema: h.schema, logger: silentLogger }),
  },
];

describe.each(backends)('migrations on $name', ({ harness: makeHarness, rawSql }) => {
  const harness = makeHarness();
  const raw: Sql[] = [];
  const sqlFor = () => {
    const sql = rawSql(harness);
    raw.push(sql);
    return sql;
  };
  beforeAll(async () => {
    if (harness.backend === 'postgres') await requirePostgres();
  });
  afterAll(async () => {
    for (const sql of raw) await sql.close();
    await harness.dispose();
  });

  it('leaves an empty database at version 0 when opened without migrating, and migrates on demand', async () => {
    const store = await harness.open({ migrate: false });
    expect(await store.status()).toMatchObject({
      reachable: true,
      schemaVersion: 0,
      latestVersion: LATEST_VERSION,
    });
    expect(await store.migrate()).toEqual({ from: 0, to: LATEST_VERSION });
    expect(await store.migrate()).toEqual({ from: LATEST_VERSION, to: LATEST_VERSION });
    expect((await store.status()).schemaVersion).toBe(LATEST_VERSION);
  });

  it('applies nothing of a batch in which one statement fails', async () => {
    const sql = sqlFor();
    const broken = {
      version: LATEST_VERSION + 1,
      name: 'broken',
      statements: ['CREATE TABLE half_done (a INTEGER)', 'THIS IS NOT SQL'],
    };
    const failure = await applyMigrations(sql, {
      migrations: [...MIGRATIONS, broken],
      schema: harness.schema,
      now: () => 0,
      logger: silentLogger,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreError);
    expect(failure).toMatchObject({ code: 'store_migration' });
    await expect(sql.all('SELECT a FROM half_done')).rejects.toMatchObject({ code: 'store_query' });
    const [row] = await sql.all<{ version: number }>('SELECT max(version) AS version FROM schema_migrations');
    expect(row?.version).toBe(LATEST_VERSION);
  });

  it('opens a schema newer than it knows and reports its version', async () => {
    const sql = sqlFor();
    await sql.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
      LATEST_VERSION + 1,
      'from a newer release',
      0,
    ]);
    const store = await harness.open();
    expect(await store.status()).toMatchObject({
      reachable: true,
      schemaVersion: LATEST_VERSION + 1,
      latestVersion: LATEST_VERSION,
    });
    expect(await store.claims.claim('still-works', 1000, 0)).toBe(true);
  });
});
