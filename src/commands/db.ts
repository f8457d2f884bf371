/**
 * `shipwatch db migrate | status [--json] | rotate-key`: the store as operators see it, configured like `start`
 * (DATABASE_URL, SHIPWATCH_DATA_DIR). `migrate` applies pending migrations (start does too; this is for those who
 * prefer an explicit step). `status` changes nothing: backend, location (never a password), schema version against
 * the latest, and whether the database answers; exit code 1 when it does not. An embedded store that does not exist
 * yet is reported as such rather than created. `rotate-key` re-seals every secret the store keeps with the current
 * SHIPWATCH_ENCRYPTION_KEY (docs/oauth.md, "Rotating the encryption key").
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli.js';
import { type Clock, systemClock } from '../clock.js';
import { loadConfig } from '../config/env.js';
import { createLogger } from '../logger.js';
import { secretsOf } from '../secrets.js';
import {
  databasePassword,
  embeddedFile,
  isStoreError,
  LATEST_VERSION,
  openStore,
  type Store,
  type StoreStatus,
} from '../store/index.js';
import { isTenancyError } from '../tenancy/errors.js';
import { resealStaleSecrets } from '../tenancy/reseal.js';
import { secretBoxFromConfig } from '../tenancy/secret-box.js';

export const DB_USAGE = `usage: shipwatch db <command>

commands:
  migrate          apply pending migrations to the store (DATABASE_URL, or the embedded store in SHIPWATCH_DATA_DIR)
  status [--json]  backend, location, schema version and whether it is reachable (exit code 1 when it is not)
  rotate-key       re-seal every stored token, key and webhook secret with SHIPWATCH_ENCRYPTION_KEY (the old key
                   listed in SHIPWATCH_ENCRYPTION_KEY_PREVIOUS until this reports nothing left on it)
`;

export interface DbCommandDeps {
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
}

export async function runDbCommand(args: string[], io: CliIo, deps: DbCommandDeps = {}): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === undefined || subcommand === '--help' || subcommand === '-h' || subcommand === 'help') {
    io.stdout(DB_USAGE);
    return subcommand === undefined ? 2 : 0;
  }
  if (subcommand !== 'migrate' && subcommand !== 'status' && subcommand !== 'rotate-key') {
    io.stderr(`shipwatch db: unknown command '${subcommand}'\n\n${DB_USAGE}`);
    return 2;
  }
  let json = false;
  try {
    const { values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: subcommand === 'status' ? { json: { type: 'boolean' } } : {},
    });
    json = values.json === true;
  } catch (error) {
    const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    io.stderr(`shipwatch db ${subcommand}: ${first || 'invalid arguments'} (see shipwatch db --help)\n`);
    return 2;
  }

  const config = loadConfig(deps.env ?? process.env);
  const { databaseUrl, dataDir } = config.store;
  const clock = deps.clock ?? systemClock;
  const logger = createLogger({
    level: 'warn',
    secrets: [databasePassword(databaseUrl ?? ''), ...secretsOf(config)],
  });
  const box = subcommand === 'rotate-key' ? secretBoxFromConfig(config) : null;
  if (subcommand === 'rotate-key' && box === null) {
    io.stderr('shipwatch db rotate-key: SHIPWATCH_ENCRYPTION_KEY is not set (the key to seal with)\n');
    return 2;
  }

  if (subcommand === 'status' && databaseUrl === null && !existsSync(embeddedFile(dataDir))) {
    const status: StoreStatus = {
      backend: 'embedded',
      location: embeddedFile(dataDir),
      reachable: true,
      schemaVersion: 0,
      latestVersion: LATEST_VERSION,
      error: null,
    };
    io.stdout(
      json
        ? `${JSON.stringify(status)}\n`
        : describe(status, 'not created yet: it is created on first start'),
    );
    return 0;
  }

  let store: Store | null = null;
  try {
    store = await openStore({ databaseUrl, dataDir, clock, logger, migrate: false });
    if (box !== null) {
      const report = await resealStaleSecrets(store.sealed, box);
      io.stdout(
        `${store.backend} store at ${store.location}: re-sealed ${report.resealed} secret(s) with key ${box.keyId}; ` +
          `${report.current + report.changedMeanwhile} already used it. Nothing is left on a previous key: ` +
          'SHIPWATCH_ENCRYPTION_KEY_PREVIOUS can be removed once every process runs with the new key.\n',
      );
      return 0;
    }
    if (subcommand === 'migrate') {
      const { from, to } = await store.migrate();
      io.stdout(
        from === to
          ? `${store.backend} store at ${store.location}: already at version ${to} (latest ${LATEST_VERSION})\n`
          : `${store.backend} store at ${store.location}: migrated from version ${from} to ${to}\n`,
      );
      return 0;
    }
    const status = await store.status();
    io.stdout(json ? `${JSON.stringify(status)}\n` : describe(status));
    return status.reachable ? 0 : 1;
  } catch (error) {
    if (!isStoreError(error) && !isTenancyError(error)) throw error;
    io.stderr(`shipwatch db ${subcommand}: ${error.message} [${error.code}]\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

function describe(status: StoreStatus, note?: string): string {
  const version =
    status.schemaVersion === null
      ? `unknown (latest ${status.latestVersion})`
      : `version ${status.schemaVersion} of ${status.latestVersion}` +
        (note
          ? ` (${note})`
          : status.schemaVersion < status.latestVersion
            ? ' (pending: run `shipwatch db migrate`, or start applies them)'
            : status.schemaVersion > status.latestVersion
              ? ' (ahead: migrated by a newer release)'
              : ' (up to date)');
  return [
    `backend:   ${status.backend}`,
    `location:  ${status.location}`,
    `schema:    ${version}`,
    `reachable: ${status.reachable ? 'yes' : `no (${status.error?.message ?? 'unknown reason'})`}`,
    '',
  ].join('\n');
}
