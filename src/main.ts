/**
 * The composition root: configuration → logger → tracking client (the real API with TRACKING_API_KEY, otherwise the
 * embedded simulator with demo data) → the mode the Slack credentials imply (Socket Mode, HTTP mode, or the local
 * workspace when there are none). Says on stdout what it started and where; returns a handle that stops it all.
 */
import { type Clock, systemClock } from './clock.js';
import { type Config, loadConfig, type SlackMode } from './config/env.js';
import { createLogger, type Logger } from './logger.js';
import { DEMO } from './simulator/demo/catalog.js';
import { startBot } from './slack/index.js';
import { createTrackingClient } from './tracking/index.js';
import type { TrackingClient } from './tracking/tracking-client.js';

export interface ShipwatchOptions {
  env?: NodeJS.ProcessEnv;
  /** Where progress lines go (stdout); logs go to stderr through the logger. */
  out: (text: string) => void;
  clock?: Clock;
  logger?: Logger;
}

export interface RunningShipwatch {
  mode: SlackMode;
  /** The bot's (HTTP) or the local workspace's base URL; null in Socket Mode. */
  url: string | null;
  logger: Logger;
  stop(): Promise<void>;
}

interface TrackingSetup {
  client: TrackingClient;
  close(): Promise<void>;
}

export async function startShipwatch(options: ShipwatchOptions): Promise<RunningShipwatch> {
  const config = loadConfig(options.env ?? process.env);
  const clock = options.clock ?? systemClock;
  const { slack, tracking: trackingConfig } = config;
  const logger =
    options.logger ??
    createLogger({
      level: config.logLevel,
      secrets: [slack.botToken, slack.signingSecret, slack.appToken, trackingConfig.apiKey],
    });
  const tracking = await startTracking(config, clock, logger, options.out);
  try {
    const running = await startMode(config, { tracking: tracking.client, clock, logger }, options);
    return {
      mode: config.slack.mode,
      url: running.url,
      logger,
      stop: async () => {
        await running.stop();
        await tracking.close();
      },
    };
  } catch (error) {
    await tracking.close();
    throw error;
  }
}

async function startTracking(
  config: Config,
  clock: Clock,
  logger: Logger,
  out: (text: string) => void,
): Promise<TrackingSetup> {
  const { apiKey, apiUrl, cacheTtlMs } = config.tracking;
  if (apiKey) {
    const client = createTrackingClient({
      baseUrl: apiUrl,
      apiKey,
      clock,
      logger,
      cacheTtlMs,
      rateLimitPerMinute: config.tracking.rateLimitPerMinute,
    });
    out(`Tracking API: ${apiUrl}\n`);
    return { client, close: () => client.close() };
  }
  // Loaded only when used: a production start (real API, Slack credentials) never evaluates the simulator or the
  // local workspace, which keeps start-up time and idle memory down.
  const { createSimulator } = await import('./simulator/index.js');
  const simulator = await createSimulator({ clock }).listen({ port: 0, host: '127.0.0.1' });
  const client = createTrackingClient({
    baseUrl: simulator.url,
    apiKey: DEMO.apiKeys.full,
    clock,
    logger,
    cacheTtlMs,
  });
  out(`No TRACKING_API_KEY: using the embedded simulator with demo data at ${simulator.url}\n`);
  return {
    client,
    close: async () => {
      await client.close();
      await simulator.close();
    },
  };
}

async function startMode(
  config: Config,
  deps: { tracking: TrackingClient; clock: Clock; logger: Logger },
  options: ShipwatchOptions,
): Promise<{ url: string | null; stop(): Promise<void> }> {
  const out = options.out;
  try {
    if (config.slack.mode === 'local') {
      const { startLocalWorkspace } = await import('./workspace/index.js');
      const workspace = await startLocalWorkspace({ port: config.port, config, ...deps });
      out(
        `No Slack credentials: the local workspace is at ${workspace.url}\n` +
          `Open it in a browser and try /shipment ${DEMO.shipments.slippedEta.bl}.\n` +
          'Set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET (HTTP mode) or SLACK_APP_TOKEN (Socket Mode) to run in Slack.\n',
      );
      return workspace;
    }
    const host = config.host;
    const bot = await startBot({ config, ...deps, port: config.port, host });
    if (bot.mode === 'socket') {
      out('Connected to Slack in Socket Mode.\n');
    } else {
      out(
        `HTTP mode: listening on ${host}:${new URL(bot.url ?? 'http://x').port}. ` +
          'Point the Slack app at https://YOUR-HOST/slack/events (health check: GET /healthz).\n',
      );
    }
    return bot;
  } catch (error) {
    // SAFETY: listen() rejects with Node system errors, whose `code` names the failure.
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${config.port} is already in use (set PORT to another port)`);
    }
    throw error;
  }
}
