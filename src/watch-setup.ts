/**
 * Watching, composed from the configuration (README "Watching shipments"): the service on the store and the
 * tracking client, its polling cadence and background budget from the environment, the webhook route when there is a
 * secret, and this process as the owner of its job leases. The budget scheduler is keyed by the tracking account's
 * id (today a hash of the API key, never the key), so every replica on one account shares one budget.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Config } from './config/env.js';
import type { Logger } from './logger.js';
import { PROCESS_OWNER } from './slack/process-owner.js';
import type { Store } from './store/index.js';
import type { TrackingClient } from './tracking/tracking-client.js';
import {
  createWatchService,
  defaultWatchConfig,
  type WatchConfig,
  type WatchMetrics,
  type WatchService,
} from './watch/index.js';

export interface WatchingSetup {
  store: Store;
  tracking: Pick<TrackingClient, 'getShipment' | 'getWebhookNotification' | 'listWebhookNotifications'>;
  /** What cards say "now" is (demo time in the local workspace). */
  clock: Clock;
  wallClock: Clock;
  logger: Logger;
  /** The account's API key (hashed into the account id); null for the simulator's demo key. */
  apiKey: string | null;
  webhookSecret: string | null;
  /** Where watching reports what it does (`/metrics`). */
  metrics?: WatchMetrics;
}

export function createWatching(config: Config, setup: WatchingSetup): WatchService {
  return createWatchService({
    store: setup.store,
    tracking: setup.tracking,
    clock: setup.clock,
    wallClock: setup.wallClock,
    logger: setup.logger,
    config: watchConfigOf(config),
    owner: PROCESS_OWNER,
    accountId: trackingAccountId(setup.apiKey),
    webhookSecret: setup.webhookSecret,
    ...(setup.metrics ? { metrics: setup.metrics } : {}),
  });
}

/** Watching's configuration from the environment (cadences, the background budget). */
export function watchConfigOf(config: Config): WatchConfig {
  return {
    ...defaultWatchConfig(config.tracking.rateLimitPerMinute),
    cadenceMs: config.watch.pollCadenceMs,
    budgetPerMinute: config.watch.pollBudgetPerMinute,
  };
}

/**
 * The id of today's one tracking account: a hash of its API key (never the key). The budget scheduler takes any
 * account id string; when accounts become stored rows (tenancy), their own id replaces this, and `createWatching`
 * is the one caller to change.
 */
export function trackingAccountId(apiKey: string | null): string {
  return createHash('sha256')
    .update(apiKey ?? 'simulator')
    .digest('hex')
    .slice(0, 24);
}

/** A secret for the embedded simulator's webhooks to the local bot (both ends get it; it never leaves the process). */
export function generateWebhookSecret(): string {
  return randomBytes(24).toString('hex');
}
