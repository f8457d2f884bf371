/**
 * The core of the one bot harness: the bot wired as `shipwatch start` wires it (config from the environment, the real
 * tracking client, `startBot` in HTTP mode on 127.0.0.1 with an OS-picked port) against a Slack and a tracking API
 * that live elsewhere. bot-harness.ts puts the fakes around it and drives it for the tests; the bench starts it in its
 * own process against the world it forks (bench/lib/shipwatch-bot.ts). With `delivery: 'in-process'` nothing
 * listens: the app is built behind a receiver that never starts and `deliver` hands it bodies as Bolt's HTTP receiver
 * would once a request is verified, thousands a second (the property runs).
 */

import type { Clock } from '../../../src/clock.js';
import { type Config, loadConfig } from '../../../src/config/env.js';
import type { HealthInfo } from '../../../src/http/health.js';
import type { HttpRoute } from '../../../src/http/route.js';
import type { Logger } from '../../../src/logger.js';
import { startService } from '../../../src/service/index.js';
import { buildSlackApp, type SlackClientTuning } from '../../../src/slack/index.js';
import type { SlackSurfaces } from '../../../src/slack/surfaces.js';
import type { Store } from '../../../src/store/index.js';
import { singleTenant, singleTenantDirectory } from '../../../src/tenancy/single-workspace.js';
import {
  createTrackingClient,
  type HttpTransport,
  type TrackingClient,
  type TrackingClientOptions,
} from '../../../src/tracking/index.js';
import type { WatchService } from '../../../src/watch/index.js';
import { type Delivery, DirectReceiver } from './direct-app.js';

export type { Delivery } from './direct-app.js';

export type ClientTuning = Pick<
  TrackingClientOptions,
  | 'attemptTimeoutMs'
  | 'totalTimeoutMs'
  | 'maxRetries'
  | 'maxRetryAfterMs'
  | 'cacheTtlMs'
  | 'rateLimitPerMinute'
>;

export interface BotSecrets {
  botToken: string;
  signingSecret: string;
  /** The tracking API key the bot is configured with. */
  apiKey: string;
}

export interface LaunchBotOptions {
  secrets: BotSecrets;
  /** Web API base URL with a trailing slash (the fake Slack's `url`). */
  slackApiUrl: string;
  /** Tracking API base URL and the transport that reaches it. */
  trackingUrl: string;
  transport: HttpTransport;
  client?: ClientTuning;
  /** Web API client tuning; production's defaults when absent. */
  slackClient?: SlackClientTuning;
  /** Extra environment for loadConfig (SHIPWATCH_EDITORS, SHIPWATCH_CHANNELS, LOG_LEVEL, …). */
  env?: Record<string, string>;
  logger: Logger;
  clock: Clock;
  delivery?: 'http' | 'in-process';
  /** Wraps the client the bot is given (the harness records the errors it rejects with). */
  decorate?: (client: TrackingClient) => TrackingClient;
  /** A store for the bot (claims, write ledger, member cache, card registry); in-process equivalents when absent. */
  store?: Store;
  /** Watched shipments, built on the bot's tracking client. */
  watching?: (tracking: TrackingClient) => WatchService;
  /** The app's tables (commands, buttons, events); the app's own when absent. */
  surfaces?: SlackSurfaces;
  /** `/healthz` sections and extra routes (the webhook route), as main.ts mounts them. */
  mount?: (watching: WatchService | null) => {
    routes?: HttpRoute[];
    healthInfo?: Record<string, HealthInfo>;
  };
}

export interface LaunchedBot {
  config: Readonly<Config>;
  /** The client the bot was given (decorated, if asked); `stop` closes it. */
  tracking: TrackingClient;
  /** `http://127.0.0.1:PORT` (where `/slack/events` and `/healthz` are); '' for in-process delivery. */
  url: string;
  /** In-process delivery only: hands `body` to the app with a recording `ack`. */
  deliver(body: Record<string, unknown>): Promise<Delivery>;
  stop(): Promise<void>;
}

export async function launchBot(options: LaunchBotOptions): Promise<LaunchedBot> {
  const { secrets, logger, clock } = options;
  const client = createTrackingClient({
    baseUrl: options.trackingUrl,
    apiKey: secrets.apiKey,
    clock,
    logger,
    transport: options.transport,
    ...options.client,
  });
  const tracking = options.decorate ? options.decorate(client) : client;
  const config = loadConfig({
    SLACK_BOT_TOKEN: secrets.botToken,
    SLACK_SIGNING_SECRET: secrets.signingSecret,
    SLACK_API_URL: options.slackApiUrl,
    TRACKING_API_URL: options.trackingUrl,
    TRACKING_API_KEY: secrets.apiKey,
    PORT: '0',
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  const watching = options.watching ? options.watching(tracking) : null;
  const deps = {
    config,
    tracking,
    // As main.ts wires it: the workspace's account is the one the watch service reads and spends for, so what a
    // command queues for the account (a followed tracking request) is what its webhooks find.
    ...(watching
      ? { tenancy: singleTenantDirectory(singleTenant(config, { id: watching.accountId, tracking })) }
      : {}),
    logger,
    clock,
    ...(options.store ? { store: options.store } : {}),
    ...(watching ? { watching } : {}),
    ...(options.surfaces ? { surfaces: options.surfaces } : {}),
    ...(options.mount ? options.mount(watching) : {}),
  };
  if (options.delivery === 'in-process') {
    const receiver = new DirectReceiver();
    const built = buildSlackApp(deps, receiver, options.slackClient);
    return {
      config,
      tracking,
      url: '',
      deliver: (body) => receiver.deliver(body),
      stop: async () => {
        await Promise.allSettled([client.close(), built.close()]);
      },
    };
  }
  try {
    const bot = await startService({
      ...deps,
      port: 0,
      host: '127.0.0.1',
      ...(options.slackClient ? { slackClient: options.slackClient } : {}),
    });
    return {
      config,
      tracking,
      url: bot.url,
      deliver: () => Promise.reject(new Error('deliver() needs delivery: in-process')),
      stop: async () => {
        await bot.stop();
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}
