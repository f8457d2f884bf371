/**
 * The running service: the bot (src/slack/) and Shipwatch's one HTTP server (src/http/), put together. The server owns
 * the port in every mode and serves `/healthz` (the bot's checks and any others, plus sections that never change the
 * status), the routes the caller adds (Terminal49's webhooks, metrics), and in HTTP mode Slack's `POST /slack/events`.
 * In Socket Mode Slack's events come over the socket and the server still serves the rest, so webhooks work there too.
 * Stopping stops accepting requests first, then lets the bot finish what it acknowledged.
 */
import { type HealthCheck, type HealthInfo, healthRoute } from '../http/health.js';
import type { HttpRoute } from '../http/route.js';
import { createHttpServer } from '../http/server.js';
import { startBot } from '../slack/start-bot.js';
import type { StartBotOptions } from '../slack/types.js';

export interface ServiceOptions extends StartBotOptions {
  /** The listening port (default config.port; 0 lets the OS pick). */
  port?: number;
  /** The bind address (default 127.0.0.1; `shipwatch start` passes config.host). */
  host?: string;
  /** More routes on the port: Terminal49's webhooks, metrics. */
  routes?: readonly HttpRoute[];
  /** More `/healthz` checks. */
  health?: Readonly<Record<string, HealthCheck>>;
  /** `/healthz` sections that never change its status (the watch load). */
  info?: Readonly<Record<string, HealthInfo>>;
}

export interface RunningService {
  mode: 'http' | 'socket';
  /** `http://HOST:PORT`: `/healthz`, the webhooks and, in HTTP mode, `/slack/events`. */
  url: string;
  stop(): Promise<void>;
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const server = createHttpServer({ logger: options.logger });
  const bot = await startBot(options);
  try {
    server.mount(healthRoute({ ...bot.health, ...options.health }, options.info));
    for (const route of [...bot.routes, ...(options.routes ?? [])]) server.mount(route);
    await server.listen(options.port ?? options.config.port, options.host ?? '127.0.0.1');
  } catch (error) {
    await bot.stop();
    throw error;
  }
  let stopped: Promise<void> | null = null;
  return {
    mode: bot.mode,
    url: server.url ?? '',
    stop: () => {
      // The server stops accepting (idle sockets close at once, the rest within 2 s) while the bot drains.
      stopped ??= Promise.all([server.stop(), bot.stop()]).then(() => undefined);
      return stopped;
    },
  };
}
