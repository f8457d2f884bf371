/** The Slack app's public contract: what it needs injected, and what a running bot offers. */
import type { Clock } from '../clock.js';
import type { Config } from '../config/env.js';
import type { HealthCheck, HealthInfo } from '../http/health.js';
import type { HttpRoute } from '../http/route.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import type { WatchService } from '../watch/index.js';
import type { ExampleNumbers } from './commands/examples.js';
import type { ChatApi } from './delivery/chat-api.js';
import type { NotifierCall } from './delivery/slack-notifier.js';
import type { InteractionTiming } from './runtime.js';
import type { Claims } from './write/claims.js';
import type { WriteLedger } from './write/write-ledger.js';

/** Everything listeners need, injected once at start-up so tests can pass fakes. */
export interface BotDependencies {
  config: Config;
  tracking: TrackingClient;
  logger: Logger;
  clock: Clock;
  /**
   * chat.postMessage/update/postEphemeral for listeners; when absent they use Bolt's WebClient. The app builds one
   * (delivery/chat-api.ts); unit tests that register listeners on their own leave it out.
   */
  chat?: ChatApi;
  /**
   * The store: claims (repeated deliveries, clicks, replayed requests), the write ledger and its recovery, the member
   * cache and the registry of posted cards live there, shared by replicas and kept across restarts. Without one (unit
   * tests), in-process equivalents.
   */
  store?: Store;
  /** Replaces the store's claims or ledger (tests). */
  claims?: Claims;
  ledger?: WriteLedger;
  /**
   * The clock of expiries, leases and quotas. `clock` is what cards say "now" is (demo time in the local workspace,
   * which may run fast); infrastructure keeps wall time. Default: `clock`.
   */
  wallClock?: Clock;
  timing?: Partial<InteractionTiming>;
  /** The numbers help examples show (placeholders when absent; the local workspace passes its demo numbers). */
  examples?: ExampleNumbers;
  /** Extra `/healthz` checks (the store). */
  health?: Readonly<Record<string, HealthCheck>>;
  /** `/healthz` sections reported beside the checks, never changing the status (watching's budget: `watch`). */
  healthInfo?: Readonly<Record<string, HealthInfo>>;
  /** Extra HTTP routes on the bot's port (HTTP mode), e.g. the tracking API's webhooks. */
  routes?: readonly HttpRoute[];
  /** Watched shipments: the bot starts its worker with its notifier, and its commands and buttons use it. */
  watching?: WatchService;
  /** Told of every Slack call the watch notifier makes (`/metrics`: calls and 429s by workspace). */
  observeNotifier?: (call: NotifierCall) => void;
}

export interface RunningBot {
  mode: 'http' | 'socket';
  /** `http://HOST:PORT` in HTTP mode (where `/slack/events` and `/healthz` live); null in Socket Mode. */
  url: string | null;
  stop(): Promise<void>;
}

/** Web API client tuning; the defaults suit production, tests shorten them to exercise failure paths quickly. */
export interface SlackClientTuning {
  /** Per-request timeout. */
  timeoutMs?: number;
  /** Automatic retries of a request that failed in transport (network, timeout, 5xx); never for Slack `ok:false`. */
  retries?: number;
}

export interface StartBotOptions extends BotDependencies {
  /** HTTP mode listening port (default config.port; 0 lets the OS pick). */
  port?: number;
  /** HTTP mode bind address (default 127.0.0.1; `shipwatch start` passes config.host). */
  host?: string;
  slackClient?: SlackClientTuning;
}
