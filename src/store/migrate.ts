/**
 * Applies pending migrations, safely when several replicas start at once: everything happens in ONE transaction that
 * first takes the `migrate` lock (a PostgreSQL advisory lock; SQLite's write lock), then reads the applied versions,
 * so the first replica applies them and the others find nothing left to do. PostgreSQL's DDL is transactional, so a
 * failed migration leaves the schema as it was. A schema newer than this code knows is accepted (migrations are
 * additive) and reported.
 */
import type { Logger } from '../logger.js';
import { StoreError } from './errors.js';
import type { Migration } from './migrations/index.js';
import type { Sql, SqlRunner } from './sql/sql.js';

const CREATE_VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;

export interface MigrateOptions {
  migrations: readonly Migration[];
  /** PostgreSQL schema to create first, when the store works in its own. */
  schema?: string;
  now: () => number;
  logger: Logger;
}

export async function applyMigrations(
  sql: Sql,
  options: MigrateOptions,
): Promise<{ from: number; to: number }> {
  try {
    return await sql.transaction(
      async (tx) => {
        if (options.schema) await tx.run(`CREATE SCHEMA IF NOT EXISTS ${options.schema}`);
        await tx.run(CREATE_VERSIONS_TABLE);
        const from = await currentVersion(tx);
        let to = from;
        for (const migration of [...options.migrations].sort((a, b) => a.version - b.version)) {
          if (migration.version <= from) continue;
          for (const statement of migration.statements) {
            await tx.run(typeof statement === 'string' ? statement : statement[sql.dialect]);
          }
          await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
            migration.version,
            migration.name,
            options.now(),
          ]);
          to = migration.version;
          options.logger.info('store: applied migration', {
            version: migration.version,
            name: migration.name,
          });
        }
        return { from, to };
      },
      { lock: 'migrate', durable: true },
    );
  } catch (error) {
    if (error instanceof StoreError && error.code === 'store_unavailable') throw error;
    throw new StoreError({
      code: 'store_migration',
      message: `migrations failed: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
}

/** The highest applied version; 0 when the versions table does not exist yet (a new, empty database). */
export async function readSchemaVersion(sql: Sql): Promise<number> {
  const found = await sql.all<{ present: number }>(
    sql.dialect === 'postgres'
      ? "SELECT count(*) AS present FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = current_schema()"
      : "SELECT count(*) AS present FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
  );
  if (!found[0]?.present) return 0;
  return currentVersion(sql);
}

async function currentVersion(runner: SqlRunner): Promise<number> {
  const rows = await runner.all<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return Number(rows[0]?.version ?? 0);
}
