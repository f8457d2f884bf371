/**
 * Store factories for the tests: the embedded backend on a fresh temporary folder, and PostgreSQL in a schema of its
 * own (`sw_<random>`, dropped afterwards) on the test server. PostgreSQL tests never skip: when the server does not
 * answer, `postgresHarness` fails with how to start it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { fixedClock } from '../../../../src/clock.js';
import { silentLogger } from '../../../../src/logger.js';
import { type OpenStoreOptions, openStore, type Store } from '../../../../src/store/index.js';
import { LOCAL_TEST_DATABASE_URL } from '../../../support/test-database.js';

export const TEST_DATABASE_URL = process.env.SHIPWATCH_TEST_DATABASE_URL?.trim() || LOCAL_TEST_DATABASE_URL;

export type ExtraOptions = Partial<Omit<OpenStoreOptions, 'databaseUrl' | 'dataDir' | 'schema'>>;

/** Opens stores on one backend location, and removes that location at the end. */
export interface StoreHarness {
  readonly backend: 'embedded' | 'postgres';
  /** Opens one more Store on the same data (a second replica, or a restart after close). */
  open(options?: ExtraOptions): Promise<Store>;
  /** Closes every store it opened and deletes the data. */
  dispose(): Promise<void>;
}

const base = (): Pick<OpenStoreOptions, 'clock' | 'logger'> => ({
  clock: fixedClock('2026-03-01T00:00:00Z'),
  logger: silentLogger,
});

export function embeddedHarness(): StoreHarness & { dataDir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-store-'));
  const opened: Store[] = [];
  return {
    backend: 'embedded',
    dataDir,
    async open(options = {}) {
      const store = await openStore({ ...base(), ...options, dataDir });
      opened.push(store);
      return store;
    },
    async dispose() {
      for (const store of opened) await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function randomSchema(): string {
  return `sw_${randomBytes(6).toString('hex')}`;
}

/** Fails (never skips) when the test server does not answer, saying how to start it. */
export async function requirePostgres(url = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${url} (${reason}). The store's tests need it: start it with ` +
        '`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, or point ' +
        'SHIPWATCH_TEST_DATABASE_URL at a server with a database you may create schemas in.',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export async function dropSchema(schema: string, url = TEST_DATABASE_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export function postgresHarness(schema = randomSchema()): StoreHarness & { schema: string } {
  const opened: Store[] = [];
  let checked: Promise<void> | null = null;
  return {
    backend: 'postgres',
    schema,
    async open(options = {}) {
      checked ??= requirePostgres();
      await checked;
      const store = await openStore({ ...base(), ...options, databaseUrl: TEST_DATABASE_URL, schema });
      opened.push(store);
      return store;
    },
    async dispose() {
      for (const store of opened) await store.close();
      if (checked) await dropSchema(schema);
    },
  };
}
