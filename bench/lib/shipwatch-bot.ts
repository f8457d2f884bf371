/**
 * Shipwatch under test, in this process: the core of the tests' bot harness (test/helpers/slack/launch-bot.ts), i.e.
 * `startService` in HTTP mode with the real tracking client, wired as `shipwatch start` wires them, against the fake
 * Slack and the simulator of the forked world. The bench chooses the client's cache and quota settings and whether
 * the bot has a store (`shipwatch start` always opens one), keeps production's Web API client settings and log level
 * `error`, and may wrap the transport with a timer so the time spent waiting on the API can be separated from the
 * bot's own time.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import { DEMO } from '../../src/simulator/demo/catalog.js';
import type { Store } from '../../src/store/index.js';
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
  /** The store the bot keeps its claims, intents, member cache and card registry in (none: in-process stand-ins). */
  store?: Store;
}

export async function startShipwatchBot(options: ShipwatchBotOptions): Promise<RunningBench> {
  // Loaded on first use, as before: a scenario that never starts Shipwatch never loads it.
  const { launchBot } = await import('../../test/helpers/slack/launch-bot.js');
  const { createUndiciTransport } = await import('../../src/tracking/http/transport.js');
  const undici = createUndiciTransport();
  try {
    const bot = await launchBot({
      secrets: {
        botToken: 'xoxb-fake-bench-shipwatch',
        signingSecret: options.signingSecret,
        apiKey: options.apiKey ?? DEMO.apiKeys.full,
      },
      slackApiUrl: options.slackApiUrl,
      trackingUrl: options.trackingUrl,
      transport: options.onApiInterval
        ? timedTransport(undici.transport, options.onApiInterval)
        : undici.transport,
      client: {
        cacheTtlMs: options.cacheTtlMs,
        ...(options.rateLimitPerMinute === undefined
          ? {}
          : { rateLimitPerMinute: options.rateLimitPerMinute }),
      },
      env: { LOG_LEVEL: 'error', SHIPWATCH_CACHE_TTL_MS: String(options.cacheTtlMs) },
      logger: silentLogger,
      clock: systemClock,
      ...(options.store ? { store: options.store } : {}),
    });
    return {
      url: bot.url,
      async stop() {
        await bot.stop();
        await undici.close();
      },
    };
  } catch (error) {
    await undici.close();
    throw error;
  }
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
