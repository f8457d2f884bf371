/**
 * The core of the one bot harness: the bot wired as `shipwatch start` wires it (config from the environment, the real
 * tracking client, `startBot` in HTTP mode on 127.0.0.1 with an OS-picked port) against a Slack and a tracking API
 * that live elsewhere. bot-harness.ts puts the fakes around it and drives it for the tests; the bench starts it in its
 * own process against the world it forks (bench/lib/shipwatch-bot.ts). With `delivery: 'in-process'` nothing
 * listens: the app is built behind a receiver that never starts and `deliver` hands it bodies as Bolt's HTTP receiver
 * would once a request is verified, thousands a second (the property runs).
 */
import type { App, Receiver, ReceiverEvent } from '@slack/bolt';
import type { Clock } from '../../../src/clock.js';
import { type Config, loadConfig } from '../../../src/config/env.js';
import type { Logger } from '../../../src/logger.js';
import { buildSlackApp, type SlackClientTuning, startBot } from '../../../src/slack/index.js';
import {
  createTrackingClient,
  type HttpTransport,
  type TrackingClient,
  type TrackingClientOptions,
} from '../../../src/tracking/index.js';

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
}

/** One in-process delivery: what `ack` was called with, and whether processEvent rejected. */
export interface Delivery {
  /** Every argument `ack` was called with, in order (undefined for a bare `ack()`). */
  acks: unknown[];
  /** What `processEvent` rejected with (Bolt's HTTP receiver would answer 500), or null. */
  rejected: unknown;
  elapsedMs: number;
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
  const deps = { config, tracking, logger, clock };
  if (options.delivery === 'in-process') {
    const built = buildSlackApp(deps, new SilentReceiver(), options.slackClient);
    return {
      config,
      tracking,
      url: '',
      deliver: (body) => deliverTo(built.app, body),
      stop: async () => {
        await Promise.allSettled([client.close(), built.close()]);
      },
    };
  }
  try {
    const bot = await startBot({
      ...deps,
      port: 0,
      host: '127.0.0.1',
      ...(options.slackClient ? { slackClient: options.slackClient } : {}),
    });
    return {
      config,
      tracking,
      url: bot.url ?? '',
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

/** A receiver that never listens: the harness hands bodies to `app.processEvent` itself. */
class SilentReceiver implements Receiver {
  init(_app: App): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

async function deliverTo(app: App, body: Record<string, unknown>): Promise<Delivery> {
  const acks: unknown[] = [];
  const started = performance.now();
  const event: ReceiverEvent = {
    body,
    ack: async (response?: unknown) => {
      acks.push(response);
    },
  };
  let rejected: unknown = null;
  try {
    await app.processEvent(event);
  } catch (error) {
    rejected = error ?? new Error('processEvent rejected with nothing');
  }
  return { acks, rejected, elapsedMs: performance.now() - started };
}
