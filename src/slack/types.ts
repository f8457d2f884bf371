/** The Slack app's public contract: what it needs injected, and what a running bot offers. */
import type { Authorize } from '@slack/bolt';
import type { ExampleNumbers } from '../cards/example-numbers.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config/env.js';
import type { WorkspaceAdmin } from '../features/connect/workspace-admin.js';
import type { Claims } from '../features/writes/claims.js';
import type { InteractionTiming } from '../features/writes/interaction-timing.js';
import type { WriteLedger } from '../features/writes/write-ledger.js';
import type { HealthCheck } from '../http/health.js';
import type { HttpRoute } from '../http/route.js';
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import type { TenantDirectory } from '../tenancy/index.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import type { WatchService } from '../watch/index.js';
import type { ChatApi } from './delivery/chat-api.js';
import type { NotifierCall } from './delivery/slack-notifier.js';
import type { uninstallListeners } from './oauth/uninstall-events.js';
import type { SlackSurfaces } from './surfaces.js';

/** Everything listeners need, injected once at start-up so tests can pass fakes. */
export interface BotDependencies {
  config: Config;
  /**
   * The tenants the bot serves. Without it (tests), the one workspace of the configuration, using `tracking`.
   */
  tenancy?: TenantDirectory;
  /** The Terminal49 client of the configuration's one workspace, when `tenancy` is not given. */
  tracking?: TrackingClient;
  /**
   * Bolt's `authorize` for installed workspaces (OAuth mode: each payload's workspace to its installation's bot);
   * without it, the configuration's one bot token (SLACK_BOT_TOKEN).
   */
  authorize?: Authorize<boolean>;
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
  /** OAuth mode: connecting each workspace's Terminal49 key (`/shipwatch connect`). */
  workspaceAdmin?: WorkspaceAdmin;
  /** OAuth mode: what `app_uninstalled` and `tokens_revoked` do (forget the workspace; slack/oauth/uninstall-events.ts). */
  uninstall?: ReturnType<typeof uninstallListeners>;
  /** Watched shipments: the bot starts its worker with its notifier, and its commands and buttons use it. */
  watching?: WatchService;
  /** The commands, buttons and events the app registers (default: the app's own tables, slack/surfaces.ts). */
  surfaces?: SlackSurfaces;
  /** Told of every Slack call the watch notifier makes (`/metrics`: calls and 429s by workspace). */
  observeNotifier?: (call: NotifierCall) => void;
}

/** A connected bot: what it needs the HTTP server to serve, and how to stop it. */
export interface RunningBot {
  mode: 'http' | 'socket';
  /** `POST /slack/events` in HTTP mode; nothing in Socket Mode (Slack's events come over the socket). */
  routes: readonly HttpRoute[];
  /** Its `/healthz` checks: Slack authentication, the store. */
  health: Readonly<Record<string, HealthCheck>>;
  /** Lets acknowledged work finish (bounded), tells whoever is still waiting, and closes its clients. */
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
  slackClient?: SlackClientTuning;
}
