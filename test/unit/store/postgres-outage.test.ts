/**
 * PostgreSQL going away and coming back, without touching the machine's server: the store talks to it through a TCP
 * relay on a loopback port the test opens and closes. Also: a URL nothing listens on, and a password that must not
 * reach any message or log line.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { createLogger } from '../../../src/logger.js';
import { openStore, type Store, StoreError } from '../../../src/store/index.js';
import { openPostgres } from '../../../src/store/sql/postgres.js';
import { dropSchema, randomSchema, requirePostgres, TEST_DATABASE_URL } from './helpers/stores.js';
import { tcpRelay } from './helpers/tcp-relay.js';

const PASSWORD = 'pw-Never-Shown-93';

/** The test server's URL through another port, with a password added (trust authentication ignores it). */
function viaPort(port: number): string {
  const url = new URL(TEST_DATABASE_URL);
  url.port = String(port);
  url.password = PASSWORD;
  return url.toString();
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  // SAFETY: a TCP server's address() is an AddressInfo once listening.
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('PostgreSQL outage', () => {
  const schema = randomSchema();
  const relay = tcpRelay(new URL(TEST_DATABASE_URL));
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  let store: Store;

  beforeAll(async () => {
    await requirePostgres();
    await relay.up();
    store = await openStore({
      databaseUrl: viaPort(relay.port),
      schema,
      clock: fixedClock('2026-03-01T00:00:00Z'),
      logger,
      connectTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await store?.close();
    await relay.down();
    await dropSchema(schema);
  });

  it('answers store_unavailable while the database is gone, and works again once it is back', async () => {
    expect(await store.claims.claim('before', 60_000, 0)).toBe(true);
    await relay.down();

    const failure = await store.ping().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StoreError);
    expect(failure).toMatchObject({ code: 'store_unavailable' });
    await expect(store.claims.claim('during', 60_000, 0)).rejects.toMatchObject({
      code: 'store_unavailable',
    });
    const status = await store.status();
    expect(status).toMatchObject({
      reachable: false,
      schemaVersion: null,
      error: { code: 'store_unavailable' },
    });

    await relay.up();
    await expect(store.ping()).resolves.toBeUndefined();
    expect(await store.claims.claim('before', 60_000, 1)).toBe(false);
    expect(await store.claims.claim('after', 60_000, 1)).toBe(true);
    expect((await store.status()).reachable).toBe(true);
  });

  it('survives the connection dropping in the middle of a transaction, and rolls it back', async () => {
    const sql = openPostgres({ url: viaPort(relay.port), schema, logger });
    try {
      const failure = await sql
        .transaction(async (tx) => {
          await tx.run('INSERT INTO claims (key, expires_at) VALUES (?, ?)', ['mid-transaction', 1]);
          await relay.down();
          // Let the client see its socket close while it is between two statements.
          await new Promise((resolve) => setTimeout(resolve, 50));
          return tx.all('SELECT 1 AS one');
        })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ name: 'StoreError', code: 'store_unavailable' });
      await relay.up();
      expect(await sql.all('SELECT key FROM claims WHERE key = ?', ['mid-transaction'])).toEqual([]);
    } finally {
      await sql.close();
    }
  });

  it('never shows the password: not in the location, an error, or a log line', async () => {
    expect(store.location).not.toContain(PASSWORD);
    expect(store.location).toContain(`127.0.0.1:${relay.port}`);
    await relay.down();
    const failure = await store.ping().catch((error: unknown) => error);
    await relay.up();
    expect(String(failure)).not.toContain(PASSWORD);
    expect(JSON.stringify(await store.status())).not.toContain(PASSWORD);
    expect(logLines.join('\n')).not.toContain(PASSWORD);
  });
});

describe('PostgreSQL nobody listens on', () => {
  it('fails to open with store_unavailable, and ping rejects the same way', async () => {
    const url = viaPort(await freePort());
    const options = {
      databaseUrl: url,
      clock: fixedClock('2026-03-01T00:00:00Z'),
      logger: createLogger({ write: () => {} }),
      connectTimeoutMs: 1000,
    };
    const failure = await openStore(options).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'StoreError', code: 'store_unavailable' });
    expect(String((failure as Error).message)).not.toContain(PASSWORD);

    const lazy = await openStore({ ...options, migrate: false });
    try {
      await expect(lazy.ping()).rejects.toMatchObject({ code: 'store_unavailable' });
      const status = await lazy.status();
      expect(status).toMatchObject({ backend: 'postgres', reachable: false, schemaVersion: null });
      expect(status.location).not.toContain(PASSWORD);
    } finally {
      await lazy.close();
    }
    await expect(lazy.ping()).rejects.toMatchObject({ code: 'store_closed' });
  });
});
