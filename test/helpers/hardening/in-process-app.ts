/**
 * The real Bolt app (`buildSlackApp`, every listener) behind a fake receiver, for property tests that need thousands
 * of deliveries a second: bodies go straight to `app.processEvent` with a recording `ack`, skipping HTTP and signing
 * (the HTTP path has its own suites). Everything else is real: the tracking client over the simulator in-process, the
 * fake Slack Web API and the response_url catcher on loopback.
 */
import type { App, Receiver, ReceiverEvent } from '@slack/bolt';
import { systemClock } from '../../../src/clock.js';
import { loadConfig } from '../../../src/config/env.js';
import { createLogger } from '../../../src/logger.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import { createSimulator, type Simulator } from '../../../src/simulator/index.js';
import { buildSlackApp } from '../../../src/slack/index.js';
import { createTrackingClient, fromFetchHandler } from '../../../src/tracking/index.js';
import { type FakeSlackApi, startFakeSlackApi } from '../slack/fake-slack-api.js';
import { type ResponseUrlCatcher, startResponseUrlCatcher } from '../slack/response-url-catcher.js';
import { FAKE_SECRETS } from './fake-secrets.js';

export interface Delivery {
  /** Every argument `ack` was called with, in order (undefined for a bare `ack()`). */
  acks: unknown[];
  /** What `processEvent` rejected with (Bolt's HTTP receiver would answer 500), or null. */
  rejected: unknown;
  elapsedMs: number;
}

export interface InProcessApp {
  app: App;
  sim: Simulator;
  slack: FakeSlackApi;
  responseUrls: ResponseUrlCatcher;
  /** Parsed log lines at info level and above. */
  logs: Array<Record<string, unknown>>;
  deliver(body: Record<string, unknown>): Promise<Delivery>;
  stop(): Promise<void>;
}

/** A receiver that never listens: the test hands bodies to `app.processEvent` itself. */
class FakeReceiver implements Receiver {
  init(_app: App): void {}
  async start(): Promise<void> {}
  async stop(): Promise<void> {}
}

export async function startInProcessApp(env: Record<string, string> = {}): Promise<InProcessApp> {
  const slack = await startFakeSlackApi({ botToken: FAKE_SECRETS.botToken });
  const responseUrls = await startResponseUrlCatcher();
  const sim = createSimulator();
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger({ level: 'info', write: (line) => logs.push(JSON.parse(line)) });
  const tracking = createTrackingClient({
    baseUrl: 'http://sim/v2',
    apiKey: DEMO.apiKeys.full,
    transport: fromFetchHandler(sim.handle),
    logger,
    // Repeated lookups of the same demo numbers are served from the cache: the suite exercises the Slack layer.
    cacheTtlMs: 60_000,
    rateLimitPerMinute: 0,
    attemptTimeoutMs: 2_000,
    totalTimeoutMs: 4_000,
  });
  const config = loadConfig({
    SLACK_BOT_TOKEN: FAKE_SECRETS.botToken,
    SLACK_SIGNING_SECRET: FAKE_SECRETS.signingSecret,
    SLACK_API_URL: slack.url,
    TRACKING_API_KEY: DEMO.apiKeys.full,
    LOG_LEVEL: 'info',
    ...env,
  });
  const built = buildSlackApp({ config, tracking, logger, clock: systemClock }, new FakeReceiver());
  const { app } = built;

  return {
    app,
    sim,
    slack,
    responseUrls,
    logs,
    async deliver(body) {
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
    },
    async stop() {
      await Promise.allSettled([slack.close(), responseUrls.close(), tracking.close(), built.close()]);
    },
  };
}
