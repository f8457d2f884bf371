/**
 * Opens the store: PostgreSQL when a `postgres://` URL is given, otherwise the embedded file under the data folder
 * (created on first open, no set-up step). Pending migrations are applied before the store is handed out unless
 * `migrate: false` (as `shipwatch db status` does, to look without changing anything).
 */
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { StoreError } from './errors.js';
import { embeddedFile, isPostgresUrl, redactDatabaseUrl } from './location.js';
import { applyMigrations, readSchemaVersion } from './migrate.js';
import { LATEST_VERSION, MIGRATIONS } from './migrations/index.js';
import { makeOwnerOnly } from './owner-only.js';
import type { Sql } from './sql/sql.js';
import { accountStore } from './tables/accounts.js';
import { cardStore } from './tables/cards.js';
import { claimStore } from './tables/claims.js';
import { installationTable } from './tables/installations.js';
import { intentStore } from './tables/intents.js';
import { jobStore } from './tables/jobs.js';
import { memberStore } from './tables/members.js';
import { quotaStore } from './tables/quota.js';
import { sealedValueTable } from './tables/sealed-values.js';
import { sharedReadStore } from './tables/shared-reads.js';
import { sightingStore } from './tables/sightings.js';
import { subscriptionsStore } from './tables/subscriptions.js';
import { DEFAULT_RETENTION, type Retention, sweepExpired } from './tables/sweep.js';
import { tenantTable } from './tables/tenants.js';
import { watchingStore } from './tables/watching.js';
import { workspaceSettingsTable } from './tables/workspace-settings.js';
import type { Store, StoreBackend, StoreStatus } from './types.js';

export interface OpenStoreOptions {
  /** `postgres://…` selects PostgreSQL; unset or empty selects the embedded backend. */
  databaseUrl?: string | null;
  /** The embedded backend's folder; default `./.shipwatch`. */
  dataDir?: string | null;
  clock: Clock;
  logger: Logger;
  /** Apply pending migrations while opening (default true). */
  migrate?: boolean;
  /** PostgreSQL only: work in this schema (created if missing); tests give each file its own. */
  schema?: string;
  retention?: Partial<Retention>;
  /** PostgreSQL only: connections in the pool (default 10). */
  poolSize?: number;
  /** PostgreSQL only: how long to wait for a new connection before `store_unavailable` (default 5000 ms). */
  connectTimeoutMs?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const url = options.databaseUrl?.trim() || null;
  if (url !== null && !isPostgresUrl(url)) {
    throw new StoreError({ code: 'store_unavailable', message: 'DATABASE_URL must be a postgres:// URL' });
  }
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new StoreError({
      code: 'store_query',
      message: 'the schema name must be a lower-case SQL identifier',
    });
  }
  const backend: StoreBackend = url ? 'postgres' : 'embedded';
  const location = url ? redactDatabaseUrl(url) : embeddedFile(options.dataDir ?? undefined);
  if (!url) ownerOnly(location, options.logger);
  // Each backend's driver is loaded only when chosen: the embedded store does not pay for `pg`, nor PostgreSQL for
  // libsql's native library.
  const sql: Sql = url
    ? (await import('./sql/postgres.js')).openPostgres({
        url,
        schema: options.schema,
        logger: options.logger,
        poolSize: options.poolSize,
        connectTimeoutMs: options.connectTimeoutMs,
      })
    : (await import('./sql/sqlite.js')).openSqlite(location);
  const retention: Retention = { ...DEFAULT_RETENTION, ...options.retention };
  const migrate = () =>
    applyMigrations(sql, {
      migrations: MIGRATIONS,
      schema: options.schema,
      now: () => options.clock.now().getTime(),
      logger: options.logger,
    });

  // A file damaged in the middle still opens, answers some queries and fails others: found here, it stops the
  // start with one clear line instead of a bot that looks healthy and refuses every write as a passing outage.
  const damage = await sql.checkIntegrity();
  if (damage !== null) {
    await sql.close();
    throw new StoreError({
      code: 'store_damaged',
      message: `the ${backend} store at ${location} is damaged (${damage}); restore it from a backup, or move it aside to start with an empty one`,
    });
  }
  if (options.migrate ?? true) {
    try {
      await migrate();
    } catch (error) {
      await sql.close();
      throw error;
    }
  }

  const cards = cardStore(sql);
  return {
    backend,
    location,
    claims: claimStore(sql),
    sightings: sightingStore(sql),
    accounts: accountStore(sql),
    intents: intentStore(sql),
    quota: quotaStore(sql),
    reads: sharedReadStore(sql),
    cards,
    members: memberStore(sql),
    jobs: jobStore(sql),
    watching: watchingStore(sql),
    subscriptions: subscriptionsStore(sql),
    installations: installationTable(sql),
    workspaceSettings: workspaceSettingsTable(sql),
    tenants: tenantTable(sql, { beforeForget: () => cards.flush() }),
    sealed: sealedValueTable(sql),
    migrate,
    async ping() {
      await sql.all('SELECT 1 AS one');
    },
    async status(): Promise<StoreStatus> {
      const base = { backend, location, latestVersion: LATEST_VERSION };
      try {
        const schemaVersion = await readSchemaVersion(sql);
        return { ...base, reachable: true, schemaVersion, error: null };
      } catch (error) {
        const failure =
          error instanceof StoreError
            ? { code: error.code, message: error.message }
            : { code: 'store_query', message: String(error) };
        return { ...base, reachable: false, schemaVersion: null, error: failure };
      }
    },
    async sweep(now) {
      await cards.flush();
      return sweepExpired(sql, now, retention);
    },
    async close() {
      // Card records still gathering are written before the connection goes.
      await cards.flush();
      await sql.close();
    },
  };
}

/** The embedded store's folder and files readable by the owner only (owner-only.ts); one log line when tightened. */
function ownerOnly(file: string, logger: Logger): void {
  let tightened: string[];
  try {
    tightened = makeOwnerOnly(file);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new StoreError({
      code: 'store_unavailable',
      message: `cannot prepare the embedded store at ${file}: ${detail}`,
      cause: error,
    });
  }
  if (tightened.length > 0) {
    logger.warn('the embedded store was readable by other local users; made it owner-only (700/600)', {
      paths: tightened,
    });
  }
}
