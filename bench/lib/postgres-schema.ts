/**
 * A PostgreSQL schema of its own for one bench scenario, on the test server (SHIPWATCH_TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), created first and dropped afterwards whatever happens. A server that does
 * not answer fails the scenario with how to start it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DATABASE_URL =
  process.env.SHIPWATCH_TEST_DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `fn` with a fresh schema name (created when `create` is set) and drops the schema afterwards. */
export async function withPostgresSchema<T>(
  fn: (schema: string) => Promise<T>,
  options: { create?: boolean } = {},
): Promise<T> {
  const schema = `sw_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${DATABASE_URL} (${error instanceof Error ? error.message : String(error)}); ` +
        'start it with `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`',
    );
  }
  try {
    if (options.create) await admin.query(`CREATE SCHEMA ${schema}`);
    return await fn(schema);
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

/** `DATABASE_URL` for processes that should work in `schema` (docs/operations.md: choosing the schema). */
export function urlWithSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  const existing = parsed.searchParams.get('options');
  parsed.searchParams.set('options', `${existing ? `${existing} ` : ''}-c search_path=${schema}`);
  return parsed.toString();
}
