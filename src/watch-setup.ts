/**
 * Watching, composed from the configuration (README "Watching shipments"): the service on the store and the
 * tracking client, its polling cadence and background budget from the environment, the webhook route when there is a
 * secret, and this process as the owner of its job leases. The budget has its own row in the store's quota table,
 * keyed by the account's id, so every replica on one account shares it.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import type { Config } from './config/env.js';
import {
  trackingFollowJobs,
  trackingFollowWebhookJobs,
} from './features/tracking/follow-tracking-request.js';
import { cardLinkBase } from './features/unfurls/shipment-links.js';
import type { Logger } from './logger.js';
import { PROCESS_OWNER } from './process-owner.js';
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
  tracking: Pick<
    TrackingClient,
    'getShipment' | 'getWebhookNotification' | 'listWebhookNotifications' | 'getTrackingRequest'
  >;
  /** What cards say "now" is (demo time in the local workspace). */
  clock: Clock;
  wallClock: Clock;
  logger: Logger;
  /** The Terminal49 account whose quota the background budget spends (its stored id). */
  accountId: string;
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
    accountId: setup.accountId,
    webhookSecret: setup.webhookSecret,
    ...(setup.metrics ? { metrics: setup.metrics } : {}),
    ...followingTrackingRequests,
  });
}

/**
 * Tracking requests started from Slack are followed by watching's worker, and Terminal49's `tracking_request.*`
 * webhooks bring their next read forward (src/features/tracking/). Both modes pass this.
 */
export const followingTrackingRequests = {
  jobs: trackingFollowJobs,
  webhookJobs: trackingFollowWebhookJobs,
} as const;

/** Watching's configuration from the environment (cadences, the background budget). */
export function watchConfigOf(config: Config): WatchConfig {
  return {
    ...defaultWatchConfig(config.tracking.rateLimitPerMinute),
    cadenceMs: config.watch.pollCadenceMs,
    budgetPerMinute: config.watch.pollBudgetPerMinute,
    cardLinkBase: cardLinkBase(config),
  };
}

/** A secret for the embedded simulator's webhooks to the local bot (both ends get it; it never leaves the process). */
export function generateWebhookSecret(): string {
  return randomBytes(24).toString('hex');
}
