/**
 * Shipwatch as a distributed app (README "Running Shipwatch as a distributed app", docs/oauth.md): Slack workspaces
 * install it through OAuth, and each connects its own Terminal49 key. Composed here: the OAuth set-up (installations,
 * tokens, tenants, connecting keys, uninstalls), watching over every connected account (each shipment read with its
 * workspace's key and budget), and the bot with Bolt's authorize from the installation store, all on the one HTTP
 * server: `/slack/events` (HTTP mode), `/slack/install`, `/slack/oauth_redirect`, `/webhooks/terminal49/<account>`,
 * `/healthz`, `/metrics`. The embedded simulator never runs here: a workspace without a key is told how to connect one.
 */
import type { Clock } from './clock.js';
import type { Config } from './config/env.js';
import { FeatureError } from './features/errors.js';
import type { Logger } from './logger.js';
import { metricsRoute, type ShipwatchMetrics } from './metrics/index.js';
import { createOAuthSetup } from './oauth-setup.js';
import { PROCESS_OWNER } from './process-owner.js';
import { type RunningService, startService } from './service/index.js';
import type { NotifierCall } from './slack/delivery/slack-notifier.js';
import type { Store } from './store/index.js';
import { accountWebhookSecret } from './tenancy/index.js';
import { createWatchService, type WatchTracking } from './watch/index.js';
import { followingTrackingRequests, watchConfigOf } from './watch-setup.js';

export interface OAuthModeOptions {
  config: Readonly<Config>;
  store: Store;
  logger: Logger;
  clock: Clock;
  metrics: ShipwatchMetrics | null;
  out: (text: string) => void;
}

/** Jobs from before a shipment's account was known: nothing in OAuth mode may read them with a key of its choosing. */
const NO_ACCOUNT = 'none';

const NOT_CONNECTED = () => Promise.reject(new FeatureError('not_connected', 'no account'));
const unconnected: WatchTracking = {
  getShipment: NOT_CONNECTED,
  getWebhookNotification: NOT_CONNECTED,
  listWebhookNotifications: NOT_CONNECTED,
};

export async function startOAuthMode(options: OAuthModeOptions): Promise<RunningService> {
  const { config, store, logger, clock, metrics } = options;
  // A Slack API override (the local stand-in, GovSlack) serves its own authorize page next to its API.
  const apiUrl = config.slack.apiUrl;
  const setup = createOAuthSetup({
    config,
    store,
    logger,
    clock,
    ...(apiUrl ? { authorizationUrl: new URL('/oauth/v2/authorize', apiUrl).href } : {}),
  });
  const watching = createWatchService({
    store,
    tracking: unconnected,
    accountId: NO_ACCOUNT,
    trackingFor: async (accountId) =>
      (await setup.directory.forAccount(accountId)).find((tenant) => tenant.account?.id === accountId)
        ?.account?.tracking ?? null,
    clock,
    wallClock: clock,
    logger,
    config: watchConfigOf(config),
    owner: PROCESS_OWNER,
    ...(metrics ? { metrics: metrics.watch } : {}),
    ...followingTrackingRequests,
  });
  metrics?.readWatchStatus(() => watching.status());
  try {
    const service = await startService({
      config,
      tenancy: setup.directory,
      authorize: setup.authorize,
      workspaceAdmin: setup,
      uninstall: setup.uninstallListeners,
      clock,
      wallClock: clock,
      logger,
      store,
      watching,
      port: config.port,
      host: config.host,
      info: { watch: () => watching.status() },
      routes: [
        ...setup.routes,
        watching.accountWebhookRoute(accountWebhookSecret(store, setup.box)),
        metricsRoute({ metrics, token: config.metricsToken }),
      ],
      ...(metrics ? { observeNotifier: (call: NotifierCall) => metrics.slackCall(call) } : {}),
      ...(config.writeLeaseMs === null ? {} : { timing: { inFlightMs: config.writeLeaseMs } }),
    });
    const base = config.publicUrl ?? 'https://YOUR-HOST';
    options.out(
      `OAuth mode: workspaces install Shipwatch at ${base}/slack/install; each connects its Terminal49 key with /shipwatch connect.\n` +
        `Listening on ${config.host}:${new URL(service.url).port}${service.mode === 'socket' ? ' (Slack events over Socket Mode)' : ''}.\n`,
    );
    return {
      ...service,
      stop: async () => {
        await service.stop();
        await setup.close();
      },
    };
  } catch (error) {
    await setup.close();
    throw error;
  }
}
