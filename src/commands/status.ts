/**
 * `shipwatch status [--json]`: how watching stands against its budgets, for an operator at a terminal (README
 * "Watching shipments", the budget): what is watched, the polls per minute it needs against the tracking account's
 * background budget, whether routine or urgent polls are stretched to fit (a shortfall), how long the polls that are
 * due have waited, and Slack's card-update pace. It reads the store `start` uses (DATABASE_URL or
 * SHIPWATCH_DATA_DIR) and changes nothing; exit code 1 when the store cannot be read.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CliIo } from '../cli.js';
import { type Clock, systemClock } from '../clock.js';
import { loadConfig } from '../config/env.js';
import { createApiBudget } from '../jobs/index.js';
import { createLogger } from '../logger.js';
import { DEMO } from '../simulator/demo/catalog.js';
import {
  databasePassword,
  embeddedFile,
  isStoreError,
  LATEST_VERSION,
  openStore,
  type Store,
} from '../store/index.js';
import { ENV_TENANT_ID, keyFingerprint } from '../tenancy/index.js';
import { readWatchStatus, type WatchStatus } from '../watch/index.js';
import { watchConfigOf } from '../watch-setup.js';

/** The embedded simulator's account key (what `shipwatch start` uses without TRACKING_API_KEY). */
const DEMO_API_KEY = DEMO.apiKeys.full;

export const STATUS_USAGE = `usage: shipwatch status [--json]

What is watched, the polls a minute it needs against the tracking API's background budget, any shortfall, how long
due polls have waited, and Slack's card-update pace. Reads the store (DATABASE_URL or SHIPWATCH_DATA_DIR).
`;

export interface StatusCommandDeps {
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
}

export async function runStatusCommand(
  args: string[],
  io: CliIo,
  deps: StatusCommandDeps = {},
): Promise<number> {
  let json = false;
  try {
    const { values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      io.stdout(STATUS_USAGE);
      return 0;
    }
    json = values.json === true;
  } catch (error) {
    const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
    io.stderr(`shipwatch status: ${first || 'invalid arguments'} (see shipwatch status --help)\n`);
    return 2;
  }
  const config = loadConfig(deps.env ?? process.env);
  const { databaseUrl, dataDir } = config.store;
  const clock = deps.clock ?? systemClock;
  if (databaseUrl === null && !existsSync(embeddedFile(dataDir))) {
    io.stderr(`shipwatch status: no store at ${embeddedFile(dataDir)} yet: nothing is watched\n`);
    return 1;
  }
  const logger = createLogger({ level: 'warn', secrets: [databasePassword(databaseUrl ?? '')] });
  let store: Store | null = null;
  try {
    store = await openStore({ databaseUrl, dataDir, clock, logger, migrate: false });
    const schema = (await store.status()).schemaVersion ?? 0;
    if (schema < LATEST_VERSION) {
      io.stderr(
        `shipwatch status: the store is at version ${schema} of ${LATEST_VERSION}: run shipwatch db migrate\n`,
      );
      return 1;
    }
    const watchConfig = watchConfigOf(config);
    const budget = createApiBudget({
      quota: store.quota,
      wall: clock,
      perMinute: () => watchConfig.budgetPerMinute,
    });
    const status = await readWatchStatus({
      store,
      budget,
      // The environment's workspace's account (its stored id; before it was ever bound, its key's fingerprint).
      accountId:
        (await store.accounts.forTenant(ENV_TENANT_ID))?.id ??
        keyFingerprint(config.tracking.apiKey ?? DEMO_API_KEY),
      now: clock.now().getTime(),
    });
    const { cardUpdatesPerMinute } = watchConfig;
    io.stdout(
      json
        ? `${JSON.stringify({ ...status, slack: { cardUpdatesPerMinute } })}\n`
        : describeWatchStatus(status, { cardUpdatesPerMinute, nearCadenceMs: watchConfig.cadenceMs.near }),
    );
    return 0;
  } catch (error) {
    if (!isStoreError(error)) throw error;
    io.stderr(`shipwatch status: ${error.message} [${error.code}]\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

/** The status in lines an operator reads at a glance. */
export function describeWatchStatus(
  status: WatchStatus,
  slack: { cardUpdatesPerMinute: number; nearCadenceMs: number | null },
): string {
  const { watched, polls, behind } = status;
  const n = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  const near = slack.nearCadenceMs === null ? null : slack.nearCadenceMs / 60_000;
  const shortfall = polls.shortfall
    ? `yes: routine polls stretched ${n(polls.stretch.routine)}×` +
      (near === null
        ? ''
        : ` (near arrival every ${n(near * polls.stretch.routine)} min instead of ${n(near)})`) +
      (polls.stretch.urgent > 1 ? `, urgent ones ${n(polls.stretch.urgent)}×` : '; urgent ones on time')
    : 'no: every watched shipment is polled at its cadence';
  return [
    `watched:   ${n(watched.active)} shipments (${n(watched.paused)} paused) in ${watched.workspaces.length} workspace(s)`,
    `polls:     ${n(polls.neededPerMinute)} a minute needed (${n(polls.urgentPerMinute)} urgent, ${n(polls.routinePerMinute)} routine); ` +
      `budget ${n(polls.budgetPerMinute)} a minute, ${n(polls.plannedPerMinute)} planned for polls`,
    `shortfall: ${shortfall}`,
    `behind:    ${behind.duePolls === 0 ? 'no poll is waiting' : `${n(behind.duePolls)} polls due, the oldest waiting ${n(behind.oldestDueSeconds)} s`}`,
    `slack:     card updates ${n(slack.cardUpdatesPerMinute)} a minute per workspace`,
    '',
  ].join('\n');
}
