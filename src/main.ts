/**
 * The composition root: configuration → logger → store (embedded by default, PostgreSQL with DATABASE_URL) →
 * tracking client (the real API with TRACKING_API_KEY, otherwise the embedded simulator with demo data, on a demo
 * clock the local workspace can move forward) → the mode the Slack credentials imply (Socket Mode, HTTP mode, or the
 * local workspace when there are none). Says on stdout what it started and where; returns a handle that stops it all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Clock, createAdjustableClock, systemClock } from './clock.js';
import { type Config, loadConfig, type SlackMode } from './config/env.js';
import { configWarnings } from './config/warnings.js';
import { startLocalOAuthMode } from './local-oauth-mode.js';
import { createLogger, type Logger } from './logger.js';
import { createShipwatchMetrics, metricsRoute, type ShipwatchMetrics } from './metrics/index.js';
import { startOAuthMode } from './oauth-mode.js';
import { secretsOf } from './secrets.js';
import { type ServiceOptions, startService } from './service/index.js';
import { DEMO } from './simulator/demo/catalog.js';
import type { Simulator } from './simulator/index.js';
import type { NotifierCall } from './slack/delivery/slack-notifier.js';
import { isStoreError, openStore, type Store } from './store/index.js';
import {
  bucketQuotaInStore,
  createSingleWorkspaceTenancy,
  quotaInStore,
  withSharedReads,
} from './tenancy/index.js';
import { createTrackingClient, type HttpTrackingClient } from './tracking/index.js';
import type { TrackingClient } from './tracking/tracking-client.js';
import { WEBHOOK_PATH } from './watch/index.js';
import { createWatching, generateWebhookSecret } from './watch-setup.js';

export interface ShipwatchOptions {
  env?: NodeJS.ProcessEnv;
  /** Where progress lines go (stdout); logs go to stderr through the logger. */
  out: (text: string) => void;
  clock?: Clock;
  /**
   * Where demo time starts (default: now). The demo's voyages keep local calendar days, so a test that moves demo
   * time a day on starts it at a fixed time of day to reach the same events whenever it runs.
   */
  demoStartsAt?: Date;
  logger?: Logger;
}

export interface RunningShipwatch {
  mode: SlackMode;
  /** The bot's (HTTP) or the local workspace's base URL; null in Socket Mode. */
  url: string | null;
  logger: Logger;
  store: Store;
  stop(): Promise<void>;
}

interface TrackingSetup {
  /** The account's key: TRACKING_API_KEY, or the simulator's demo key. */
  apiKey: string;
  /** A client for the account `accountId` (its quota kept in the store under that id); closed with the setup. */
  clientFor(accountId: string): TrackingClient;
  /** What cards say "now" is: the wall clock, or the simulator's demo clock. */
  clock: Clock;
  /** The embedded simulator (null with a real API key). */
  simulator: Simulator | null;
  close(): Promise<void>;
}

/** How often expired rows (claims, quota slots, old intents, …) are deleted. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

export async function startShipwatch(options: ShipwatchOptions): Promise<RunningShipwatch> {
  const config = loadConfig(options.env ?? process.env);
  const clock = options.clock ?? systemClock;
  const logger =
    options.logger ??
    createLogger({
      level: config.logLevel,
      secrets: secretsOf(config),
    });
  for (const warning of configWarnings(config)) logger.warn(warning);
  // The install demo starts fresh each time (Slack's side of it lives in memory): a store of its own, removed at stop.
  const demoDir = config.localOAuth ? mkdtempSync(join(tmpdir(), 'shipwatch-install-demo-')) : null;
  const removeDemoDir = () => {
    if (demoDir) rmSync(demoDir, { recursive: true, force: true });
  };
  let store: Store;
  try {
    store = await openConfiguredStore(
      demoDir ? { ...config, store: { ...config.store, databaseUrl: null, dataDir: demoDir } } : config,
      clock,
      logger,
    );
  } catch (error) {
    removeDemoDir();
    throw error;
  }
  // Which store holds the watches, intents and cards (and where, never with a password): an operator running two
  // processes on two different stores by mistake sees it here first.
  options.out(`Store: ${storeWords(store)}\n`);
  // Only with a token: without one `/metrics` answers 404 and nothing is counted.
  const metrics = config.metricsToken ? createShipwatchMetrics({ store, clock }) : null;
  const sweeper = setInterval(() => {
    store
      .sweep(clock.now().getTime())
      .catch((error: unknown) => logger.warn('store sweep failed', { error }));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  // Stopping: the service first (it finishes what it acknowledged), then what it used, the store last.
  const stopping =
    (running: { stop(): Promise<void> }, ...used: Array<{ close(): Promise<void> }>) =>
    async () => {
      clearInterval(sweeper);
      await running.stop();
      for (const part of used) await part.close();
      await store.close();
      removeDemoDir();
    };
  if (config.localOAuth) {
    try {
      const running = await startLocalOAuthMode({ config, store, logger, clock, metrics, out: options.out });
      return { mode: 'local', url: running.url, logger, store, stop: stopping(running) };
    } catch (error) {
      clearInterval(sweeper);
      await store.close();
      removeDemoDir();
      throw error;
    }
  }
  if (config.slack.oauth) {
    // Each installed workspace brings its own Terminal49 key: no TRACKING_API_KEY client, no simulator.
    try {
      const running = await startOAuthMode({ config, store, logger, clock, metrics, out: options.out });
      return { mode: config.slack.mode, url: running.url, logger, store, stop: stopping(running) };
    } catch (error) {
      clearInterval(sweeper);
      await store.close();
      throw error;
    }
  }
  let tracking: TrackingSetup | null = null;
  try {
    tracking = await startTracking(
      config,
      { clock, logger, store, demoStartsAt: options.demoStartsAt, metrics },
      options.out,
    );
    const tenancy = await createSingleWorkspaceTenancy({
      config,
      apiKey: tracking.apiKey,
      trackingFor: tracking.clientFor,
      store,
      now: clock.now().getTime(),
    });
    const account = tenancy.tenant.account;
    if (!account) throw new Error('the environment’s workspace has no Terminal49 account');
    // The embedded simulator signs its webhooks with a secret made up here and given to both ends.
    const webhookSecret = config.watch.webhookSecret ?? (tracking.simulator ? generateWebhookSecret() : null);
    const watching = createWatching(config, {
      store,
      tracking: account.tracking,
      clock: tracking.clock,
      wallClock: clock,
      logger,
      accountId: account.id,
      webhookSecret,
      ...(metrics ? { metrics: metrics.watch } : {}),
    });
    metrics?.readWatchStatus(() => watching.status());
    const deps: ServiceOptions = {
      config,
      tracking: account.tracking,
      clock: tracking.clock,
      wallClock: clock,
      logger,
      store,
      watching,
      // How watching stands against its budget, beside the checks (never changing /healthz's status).
      info: { watch: () => watching.status() },
      // On the one HTTP server, in every mode (Socket Mode too).
      routes: [
        metricsRoute({ metrics, token: config.metricsToken }),
        ...(watching.webhookRoute ? [watching.webhookRoute] : []),
      ],
      ...(metrics ? { observeNotifier: (call: NotifierCall) => metrics.slackCall(call) } : {}),
      // The lease of write intents: how soon a dead replica's unfinished writes are recovered by the others.
      ...(config.writeLeaseMs === null ? {} : { timing: { inFlightMs: config.writeLeaseMs } }),
    };
    const running = await startMode(config, deps, tracking, options, webhookSecret);
    return { mode: config.slack.mode, url: running.url, logger, store, stop: stopping(running, tracking) };
  } catch (error) {
    clearInterval(sweeper);
    await tracking?.close();
    await store.close();
    throw error;
  }
}

/** "embedded (SQLite) at /srv/shipwatch/.shipwatch/shipwatch.db", "PostgreSQL at postgres://shipwatch@db:5432/ops". */
export function storeWords(store: Pick<Store, 'backend' | 'location'>): string {
  return store.backend === 'postgres'
    ? `PostgreSQL at ${store.location}`
    : `embedded (SQLite) at ${store.location}`;
}

async function openConfiguredStore(config: Config, clock: Clock, logger: Logger): Promise<Store> {
  try {
    return await openStore({
      databaseUrl: config.store.databaseUrl,
      dataDir: config.store.dataDir,
      poolSize: config.store.poolSize,
      clock,
      logger,
    });
  } catch (error) {
    if (!isStoreError(error)) throw error;
    const where = config.store.databaseUrl ? 'DATABASE_URL' : 'SHIPWATCH_DATA_DIR';
    throw new Error(`the store could not be opened (${error.code}: ${error.message}); check ${where}`);
  }
}

async function startTracking(
  config: Config,
  deps: {
    clock: Clock;
    logger: Logger;
    store: Store;
    demoStartsAt: Date | undefined;
    metrics: ShipwatchMetrics | null;
  },
  out: (text: string) => void,
): Promise<TrackingSetup> {
  const { clock, logger, store, metrics } = deps;
  const { apiKey, apiUrl, cacheTtlMs, rateLimitPerMinute } = config.tracking;
  const clients: HttpTrackingClient[] = [];
  const clientsOn = (baseUrl: string, key: string, readingClock?: Clock) => (accountId: string) => {
    const client = createTrackingClient({
      baseUrl,
      apiKey: key,
      secrets: secretsOf(config),
      clock,
      // Cards read demo time, so their "updated 3 minutes ago" must too: a reading is stamped on the demo clock.
      ...(readingClock ? { readingClock } : {}),
      logger,
      cacheTtlMs,
      rateLimitPerMinute,
      sharedQuota: quotaInStore(store, accountId, rateLimitPerMinute),
      ...withSharedReads(store, accountId),
      sharedBucketQuota: bucketQuotaInStore(store, accountId),
      ...(metrics ? { observe: metrics.trackingAttempt(accountId) } : {}),
    });
    clients.push(client);
    return client;
  };
  const closeClients = () => Promise.all(clients.map((client) => client.close())).then(() => undefined);
  if (apiKey) {
    out(`Tracking API: ${apiUrl}\n`);
    return { apiKey, clientFor: clientsOn(apiUrl, apiKey), clock, simulator: null, close: closeClients };
  }
  // Loaded only when used: a production start (real API, Slack credentials) never evaluates the simulator or the
  // local workspace, which keeps start-up time and idle memory down.
  const { createSimulator } = await import('./simulator/index.js');
  // Demo time: the simulator's voyages and the cards' "now" move together when the workspace page moves it.
  const book = config.tracking.simulatorBook;
  const simulator = createSimulator({
    clock: createAdjustableClock(clock, deps.demoStartsAt),
    demoTimeControl: true,
    ...(book > 0 ? { book } : {}),
  });
  const running = await simulator.listen({ port: 0, host: '127.0.0.1' });
  out(`No TRACKING_API_KEY: using the embedded simulator with demo data at ${running.url}\n`);
  if (book > 0) out(`Demo book: ${book.toLocaleString('en-US')} generated shipments besides the demo ones\n`);
  return {
    apiKey: DEMO.apiKeys.full,
    clientFor: clientsOn(running.url, DEMO.apiKeys.full, simulator.clock),
    clock: simulator.clock,
    simulator,
    close: async () => {
      await closeClients();
      await running.close();
    },
  };
}

async function startMode(
  config: Config,
  deps: ServiceOptions,
  tracking: TrackingSetup,
  options: ShipwatchOptions,
  webhookSecret: string | null,
): Promise<{ url: string | null; stop(): Promise<void> }> {
  const out = options.out;
  try {
    if (config.slack.mode === 'local') {
      const { startLocalWorkspace } = await import('./workspace/index.js');
      const { simulator } = tracking;
      const workspace = await startLocalWorkspace({
        ...deps,
        port: config.port,
        ...(simulator
          ? {
              demoTime: {
                clock: simulator.clock,
                tick: () => {
                  simulator.tick();
                },
              },
            }
          : {}),
      });
      if (simulator && deps.watching) {
        // Demo time: the simulator's changes arrive as signed webhooks at the bot, and a jump of demo time re-reads
        // what the watched cards say (an LFD that became "tomorrow").
        if (webhookSecret)
          simulator.webhooks.add({ url: `${workspace.botUrl}${WEBHOOK_PATH}`, secret: webhookSecret });
        const { watching } = deps;
        simulator.clock.onChange(() => {
          watching
            .wake()
            .catch((error: unknown) => deps.logger.warn('could not re-plan watched cards', { error }));
        });
      }
      out(
        `No Slack credentials: the local workspace is at ${workspace.url}\n` +
          `Open it in a browser and try /shipment ${DEMO.shipments.slippedEta.bl}.\n` +
          'Set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (HTTP mode) or SLACK_APP_TOKEN (Socket Mode) to run in Slack.\n',
      );
      return workspace;
    }
    const host = config.host;
    const service = await startService({ ...deps, port: config.port, host });
    const { simulator } = tracking;
    if (simulator && deps.watching) {
      // Demo time moved through the embedded simulator's /_demo/time: what the watched cards and the digests say is
      // re-read, as the local workspace's demo-time bar does.
      const { watching } = deps;
      simulator.clock.onChange(() => {
        watching
          .wake()
          .catch((error: unknown) => deps.logger.warn('could not re-plan watched cards', { error }));
      });
    }
    const port = new URL(service.url).port;
    out(
      deps.watching?.webhookRoute
        ? `Watched shipments: Terminal49 webhooks at https://YOUR-HOST${WEBHOOK_PATH}, and polling as a safety net.\n`
        : 'Watched shipments are polled (no TRACKING_WEBHOOK_SECRET).\n',
    );
    if (service.mode === 'socket') {
      out(`Connected to Slack in Socket Mode. Listening on ${host}:${port} for /healthz and webhooks.\n`);
    } else {
      out(
        `HTTP mode: listening on ${host}:${port}. ` +
          'Point the Slack app at https://YOUR-HOST/slack/events (health check: GET /healthz).\n',
      );
    }
    return service;
  } catch (error) {
    // SAFETY: listen() rejects with Node system errors, whose `code` names the failure.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${config.port} is already in use (set PORT to another port)`);
    }
    throw error;
  }
}
