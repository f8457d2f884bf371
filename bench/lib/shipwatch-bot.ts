/**
 * Shipwatch under test, in this process: `startBot` in HTTP mode with a tracking client pointed at the simulator,
 * exactly as `shipwatch start` wires them, except that the bench chooses the client's cache and quota settings and
 * wraps its transport with a timer so the time spent waiting on the API can be separated from the bot's own time.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config/env.js';
import { silentLogger } from '../../src/logger.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { HttpTransport } from '../../src/tracking/http/transport.js';
import type { RunningBench } from './baseline-bot.js';

export interface ShipwatchBotOptions {
  signingSecret: string;
  slackApiUrl: string;
  trackingUrl: string;
  /** The client's read cache; 0 makes every command go upstream (the worst case). */
  cacheTtlMs: number;
  /** The client's quota guard (default 100/min as shipped). */
  rateLimitPerMinute?: number;
  onApiInterval?: (start: number, end: number) => void;
  apiKey?: string;
}

export async function startShipwatchBot(options: ShipwatchBotOptions): Promise<RunningBench> {
  const { startBot } = await import('../../src/slack/index.js');
  const { createTrackingClient } = await import('../../src/tracking/index.js');
  const { createUndiciTransport } = await import('../../src/tracking/http/transport.js');
  const apiKey = options.apiKey ?? DEMO.apiKeys.full;
  const config = loadConfig({
    SLACK_BOT_TOKEN: 'xoxb-fake-bench-shipwatch',
    SLACK_SIGNING_SECRET: options.signingSecret,
    SLACK_API_URL: options.slackApiUrl,
    TRACKING_API_URL: options.trackingUrl,
    TRACKING_API_KEY: apiKey,
    PORT: '0',
    LOG_LEVEL: 'error',
    SHIPWATCH_CACHE_TTL_MS: String(options.cacheTtlMs),
  });
  const undici = createUndiciTransport();
  const tracking = createTrackingClient({
    baseUrl: options.trackingUrl,
    apiKey,
    cacheTtlMs: options.cacheTtlMs,
    logger: silentLogger,
    transport: options.onApiInterval
      ? timedTransport(undici.transport, options.onApiInterval)
      : undici.transport,
    ...(options.rateLimitPerMinute === undefined ? {} : { rateLimitPerMinute: options.rateLimitPerMinute }),
  });
  const bot = await startBot({
    config,
    tracking,
    logger: silentLogger,
    clock: systemClock,
    port: 0,
    host: '127.0.0.1',
  });
  if (!bot.url) throw new Error('startBot did not report an HTTP url');
  return {
    url: bot.url,
    async stop() {
      await bot.stop();
      await tracking.close();
      await undici.close();
    },
  };
}

/** Reports [start, end] of every request the client sends, including failed ones. */
export function timedTransport(
  inner: HttpTransport,
  report: (start: number, end: number) => void,
): HttpTransport {
  return async (request) => {
    const start = performance.now();
    try {
      return await inner(request);
    } finally {
      report(start, performance.now());
    }
  };
}
