/**
 * `shipwatch db migrate | status` against both backends, through the same entry point the CLI dispatches to, with the
 * environment passed in.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli.js';
import { fixedClock } from '../../../src/clock.js';
import { runDbCommand } from '../../../src/commands/db.js';
import { storeWords } from '../../../src/main.js';
import { LATEST_VERSION } from '../../../src/store/index.js';
import { redactDatabaseUrl } from '../../../src/store/location.js';
import { dropSchema, randomSchema, requirePostgres, TEST_DATABASE_URL } from './helpers/stores.js';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readStdin: async () => '',
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

const clock = fixedClock('2026-03-01T00:00:00Z');

describe('shipwatch db on the embedded store', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipwatch-db-'));
  const env = { SHIPWATCH_DATA_DIR: join(dataDir, 'state') };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reports a store not created yet without creating it', async () => {
    const run = captureIo();
    expect(await runDbCommand(['status'], run.io, { env, clock })).toBe(0);
    expect(run.stdout()).toContain('backend:   embedded');
    expect(run.stdout()).toContain(join(dataDir, 'state', 'shipwatch.db'));
    expect(run.stdout()).toContain(`version 0 of ${LATEST_VERSION} (not created yet`);
    expect(existsSync(join(dataDir, 'state'))).toBe(false);
  });

  it('migrates, then says it is up to date and reachable', async () => {
    const migrate = captureIo();
    expect(await runDbCommand(['migrate'], migrate.io, { env, clock })).toBe(0);
    expect(migrate.stdout()).toContain(`migrated from version 0 to ${LATEST_VERSION}`);
    const again = captureIo();
    expect(await runDbCommand(['migrate'], again.io, { env, clock })).toBe(0);
    expect(again.stdout()).toContain(`already at version ${LATEST_VERSION}`);

    const status = captureIo();
    expect(await runDbCommand(['status', '--json'], status.io, { env, clock })).toBe(0);
    expect(JSON.parse(status.stdout())).toMatchObject({
      backend: 'embedded',
      reachable: true,
      schemaVersion: LATEST_VERSION,
      latestVersion: LATEST_VERSION,
    });
  });

  it('answers usage for an unknown subcommand or flag with exit code 2', async () => {
    const unknown = captureIo();
    expect(await runDbCommand(['drop'], unknown.io, { env, clock })).toBe(2);
    expect(unknown.stderr()).toContain("unknown command 'drop'");
    const flag = captureIo();
    expect(await runDbCommand(['migrate', '--json'], flag.io, { env, clock })).toBe(2);
  });
});

describe('shipwatch db on PostgreSQL', () => {
  const schema = randomSchema();
  /** The schema rides in the URL, as an operator would set it. */
  const url = (() => {
    const parsed = new URL(TEST_DATABASE_URL);
    parsed.password = 'pw-db-command-77';
    parsed.searchParams.set('options', `-c search_path=${schema}`);
    return parsed.toString();
  })();
  beforeAll(async () => {
    await requirePostgres();
    const { Client } = (await import('pg')).default;
    const client = new Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  });
  afterAll(async () => {
    await dropSchema(schema);
  });

  it('shows pending migrations, migrates, and never prints the password', async () => {
    const before = captureIo();
    expect(await runDbCommand(['status'], before.io, { env: { DATABASE_URL: url }, clock })).toBe(0);
    expect(before.stdout()).toContain('backend:   postgres');
    expect(before.stdout()).toContain(`version 0 of ${LATEST_VERSION} (pending`);
    expect(before.stdout()).toContain('reachable: yes');

    const migrate = captureIo();
    expect(await runDbCommand(['migrate'], migrate.io, { env: { DATABASE_URL: url }, clock })).toBe(0);
    expect(migrate.stdout()).toContain(`migrated from version 0 to ${LATEST_VERSION}`);

    const after = captureIo();
    expect(await runDbCommand(['status'], after.io, { env: { DATABASE_URL: url }, clock })).toBe(0);
    expect(after.stdout()).toContain('(up to date)');
    for (const text of [before, migrate, after].flatMap((run) => [run.stdout(), run.stderr()])) {
      expect(text).not.toContain('pw-db-command-77');
    }
  });

  it('exits 1 and says why when the database does not answer', async () => {
    const dead = new URL(TEST_DATABASE_URL);
    dead.port = '1';
    dead.password = 'pw-db-command-77';
    const status = captureIo();
    expect(await runDbCommand(['status'], status.io, { env: { DATABASE_URL: dead.toString() }, clock })).toBe(
      1,
    );
    expect(status.stdout()).toContain('reachable: no (PostgreSQL is unreachable');
    const migrate = captureIo();
    expect(
      await runDbCommand(['migrate'], migrate.io, { env: { DATABASE_URL: dead.toString() }, clock }),
    ).toBe(1);
    expect(migrate.stderr()).toContain('[store_unavailable]');
    expect(status.stdout() + migrate.stderr()).not.toContain('pw-db-command-77');
  });
});

describe('the store named at start-up', () => {
  it('names PostgreSQL by its URL without the password, and the embedded store by its file', () => {
    expect(
      storeWords({
        backend: 'postgres',
        location: redactDatabaseUrl('postgres://ops:s3cret@db.internal:5432/ship'),
      }),
    ).toBe('PostgreSQL at postgres://ops@db.internal:5432/ship');
    expect(storeWords({ backend: 'embedded', location: '/srv/shipwatch/.shipwatch/shipwatch.db' })).toBe(
      'embedded (SQLite) at /srv/shipwatch/.shipwatch/shipwatch.db',
    );
  });
});
