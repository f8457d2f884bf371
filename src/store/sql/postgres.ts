/**
 * The PostgreSQL backend's SQL runner: a `pg` Pool. The pool reconnects by itself (a broken connection is dropped and
 * the next query opens a new one), so a database that goes away and comes back needs nothing from us but clear
 * errors meanwhile. Cross-process serialization uses PostgreSQL's transaction-scoped advisory locks, keyed by a
 * 64-bit hash of the lock name and the schema, so two test schemas in one database never wait on each other.
 * Connections commit with synchronous_commit=off (visible at once, flushed within ~0.6 s) except in transactions that
 * ask to be durable: docs/store.md "Durability" says why.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../../logger.js';
import { databasePassword } from '../location.js';
import { toNumberedPlaceholders } from './placeholders.js';
import { toPostgresStoreError } from './postgres-errors.js';
import type { Sql, SqlParam, SqlRunner, TransactionOptions } from './sql.js';

export interface PostgresOptions {
  url: string;
  /** A schema to work in (created by the first migration run); the connection's default search_path when absent. */
  schema?: string;
  logger: Logger;
  poolSize?: number;
  connectTimeoutMs?: number;
}

const INT8_OID = 20;
const types: pg.CustomTypesConfig = {
  // Epoch milliseconds and counts are BIGINT: read them as numbers (exact up to 2^53), not strings.
  // SAFETY: pg-types' getTypeParser is overloaded by format; this one answers the text format, which pg uses.
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openPostgres(options: PostgresOptions): Sql {
  const secret = databasePassword(options.url);
  // Options in the URL (`?options=-c search_path=…`) would replace ours wholesale; merge them instead.
  const { url, urlOptions } = splitOptions(options.url);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    options: [
      '-c synchronous_commit=off',
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
      ...(urlOptions ? [urlOptions] : []),
    ].join(' '),
    types,
  });
  // An idle connection that dies (server restart, network) is reported here; without a listener it would crash the
  // process. The pool has already dropped it; the next query connects afresh.
  pool.on('error', (error) => {
    options.logger.warn('store: an idle database connection was lost', {
      error: toPostgresStoreError(error, secret),
    });
  });
  let closed = false;
  const lockKeys = new Map<string, string>();
  const lockKey = (name: string) => {
    let key = lockKeys.get(name);
    if (!key) {
      const digest = createHash('sha256')
        .update(`shipwatch:${options.schema ?? ''}:${name}`)
        .digest();
      key = digest.readBigInt64BE(0).toString();
      lockKeys.set(name, key);
    }
    return key;
  };
  const guard = () => {
    if (closed) throw toPostgresStoreError(new Error('closed'), secret, true);
  };
  const runnerOf = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    all: async <T>(sql: string, params: readonly SqlParam[] = []) => {
      guard();
      try {
        const result = await client.query(toNumberedPlaceholders(sql), [...params]);
        // SAFETY: the caller names the row shape of its own SELECT/RETURNING.
        return result.rows as T[];
      } catch (error) {
        throw toPostgresStoreError(error, secret);
      }
    },
    run: async (sql: string, params: readonly SqlParam[] = []) => {
      guard();
      try {
        const result = await client.query(toNumberedPlaceholders(sql), [...params]);
        return result.rowCount ?? 0;
      } catch (error) {
        throw toPostgresStoreError(error, secret);
      }
    },
  });

  return {
    dialect: 'postgres',
    skipLocked: ' FOR UPDATE SKIP LOCKED',
    ...runnerOf(pool),
    async transaction<T>(fn: (tx: SqlRunner) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
      guard();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw toPostgresStoreError(error, secret);
      }
      const tx = runnerOf(client);
      let broken: unknown;
      // A checked-out client has no pool listener: a connection lost between two statements would otherwise emit an
      // unhandled 'error' and end the process. The next statement then fails, and the client goes back as broken.
      const onLost = (error: Error) => {
        broken = error;
      };
      client.on('error', onLost);
      try {
        // One round trip for the opening statements (no parameters: the lock key is a decimal we computed).
        const opening = [
          'BEGIN',
          ...(txOptions.durable ? ['SET LOCAL synchronous_commit = on'] : []),
          ...(txOptions.lock ? [`SELECT pg_advisory_xact_lock(${lockKey(txOptions.lock)})`] : []),
        ];
        await tx.run(opening.join('; '));
        const result = await fn(tx);
        await tx.run('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // The connection itself failed: hand it back as broken so the pool destroys it.
          broken = rollbackError;
        }
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    // PostgreSQL checks its own pages (and reports damage as errors of the query that meets it).
    checkIntegrity: async () => null,
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

function splitOptions(raw: string): { url: string; urlOptions: string | null } {
  try {
    const parsed = new URL(raw);
    const urlOptions = parsed.searchParams.get('options');
    if (urlOptions === null) return { url: raw, urlOptions: null };
    parsed.searchParams.delete('options');
    return { url: parsed.toString(), urlOptions };
  } catch {
    return { url: raw, urlOptions: null };
  }
}
