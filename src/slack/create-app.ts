/**
 * Builds the Bolt app: our logger, single-workspace authorization that never delays an ack, a Web API client tuned
 * for interactive use, the shared runtime (runtime.ts), the two global middlewares (Slack retries dropped, the
 * channel read policy), the tables (commands, buttons, events, modal submissions) and the one error handler. The
 * receiver (HTTP or Socket Mode) is transport only, chosen from the configuration; tests may pass their own.
 */
import { App, type Receiver, SocketModeReceiver } from '@slack/bolt';
import { PLACEHOLDER_EXAMPLES } from '../cards/example-numbers.js';
import { createHomeNotes, memoryNoteCache } from '../features/home/home-notes.js';
import { homeWorkspaceOf } from '../features/policy/home-workspace-of.js';
import { createUnfurlNotes } from '../features/unfurls/unfurl-notes.js';
import { claimsAndLedger } from '../features/writes/claims-and-ledger.js';
import { DEFAULT_TIMING } from '../features/writes/interaction-timing.js';
import type { HealthCheck } from '../http/health.js';
import { sightingsIn } from '../http/replay-guard.js';
import type { HttpRoute } from '../http/route.js';
import { storeHealth } from '../http/store-health.js';
import { createPostAckWork, type PostAckWork } from '../jobs/post-ack-work.js';
import { COMMAND_CONCURRENCY, createWorkLimiter } from '../jobs/work-limiter.js';
import { PROCESS_OWNER } from '../process-owner.js';
import { singleTenant, singleTenantDirectory, type TenantDirectory } from '../tenancy/index.js';
import { eventLoopTurns } from '../turns.js';
import { registerActions } from './actions/index.js';
import { type BotAuthorizer, createBotAuthorizer } from './authorize.js';
import { toBoltLogger } from './bolt-logger.js';
import { registerCommands } from './commands/index.js';
import { tenantContext } from './context/tenant-context.js';
import { createChatPool } from './delivery/chat-pool.js';
import { createResponder } from './delivery/response-url.js';
import { registerErrorHandler } from './error-handler.js';
import { registerEvents } from './events/index.js';
import { ignoreSlackRetries } from './middleware/ignore-retries.js';
import { inSequence } from './middleware/in-sequence.js';
import { commandReadPolicy } from './middleware/read-policy.js';
import { createMemberDirectory } from './policy/member-directory.js';
import { ShipwatchHttpReceiver } from './receiver/http-receiver.js';
import type { SlackRuntime } from './runtime.js';
import { registerShortcuts } from './shortcuts/index.js';
import { APP_SURFACES } from './surfaces.js';
import type { BotDependencies, SlackClientTuning } from './types.js';
import { cardUrlRoute } from './unfurls/card-url-route.js';
import { registerViews } from './views/index.js';
import { fetchWithDefaultTimeout, SLACK_CLIENT_DEFAULTS, slackClientOptions } from './web-client-options.js';

export { EVENTS_PATH } from './receiver/http-receiver.js';

export interface BuiltSlackApp {
  app: App;
  /** The configured bot's identity (auth.test); null in OAuth mode, where each installation has its own. */
  authorizer: BotAuthorizer | null;
  runtime: SlackRuntime;
  /** The HTTP receiver when the app runs in HTTP mode (null in Socket Mode or with a receiver passed in). */
  http: ShipwatchHttpReceiver | null;
  /**
   * What the HTTP server mounts for Slack: `POST /slack/events` in HTTP mode (nothing in Socket Mode), and a card's
   * own URL `GET /s/<shipment id>` when SHIPWATCH_PUBLIC_URL is set.
   */
  routes: HttpRoute[];
  /** The `/healthz` checks of the Slack side: Slack authentication, and the store when there is one. */
  health: Record<string, HealthCheck>;
  /** Marks the Slack token as refused (`/healthz` then answers 503 with the reason). */
  setSlackAuthFailure(reason: string | null): void;
  /** Lets acknowledged work finish for up to `ms`, then tells each person whose request is still unanswered. */
  drain(ms: number): Promise<{ finished: number; abandoned: number }>;
  /** Ends the keep-alive sockets of the listeners' chat client; call after app.stop() and drain(). */
  close(): Promise<void>;
}

/**
 * The Bolt app for `deps`; without a receiver, the one the configuration asks for (HTTP or Socket Mode). For checks
 * on construction only: a running app also needs `buildSlackApp`'s `close()` for the chat client's sockets.
 */
export function createSlackApp(deps: BotDependencies, receiver?: Receiver): App {
  return buildSlackApp(deps, receiver).app;
}

export function buildSlackApp(
  deps: BotDependencies,
  receiver?: Receiver,
  tuning: SlackClientTuning = {},
): BuiltSlackApp {
  const { config, logger } = deps;
  const botToken = config.slack.botToken;
  if (!botToken && !deps.authorize)
    throw new Error('The Slack app needs SLACK_BOT_TOKEN, or an installation store');
  const boltLogger = toBoltLogger(logger, config.logLevel);
  const timeoutMs = tuning.timeoutMs ?? SLACK_CLIENT_DEFAULTS.timeoutMs;
  const chats = createChatPool({
    ...(config.slack.apiUrl ? { apiUrl: config.slack.apiUrl } : {}),
    timeoutMs,
    retries: tuning.retries ?? SLACK_CLIENT_DEFAULTS.retries,
  });
  // The configured bot's client, for work outside a request; installed workspaces get theirs from the pool.
  const chat = botToken ? chats.for(botToken) : undefined;
  // The authorizer needs the app's client, the app needs the receiver, the receiver the runtime: bound late.
  let authorizer: BotAuthorizer | null = null;
  const runtime = createRuntime(deps, { ...(chat ? { chat } : {}), chats }, (tenant) =>
    homeWorkspaceOf(tenant, authorizer?.current() ?? null),
  );
  let slackAuthFailure: string | null = null;
  const health: Record<string, HealthCheck> = {
    slack: async () => (slackAuthFailure === null ? { ok: true } : { ok: false, reason: slackAuthFailure }),
    ...(deps.store ? { store: storeHealth(deps.store) } : {}),
  };
  const http = receiver ? null : httpReceiverFor(deps, runtime, boltLogger);
  const app = new App({
    receiver: receiver ?? http ?? socketReceiver(deps, boltLogger),
    logger: boltLogger,
    clientOptions: slackClientOptions(config, tuning),
    authorize: deps.authorize ?? ((source, body) => configured(bot).authorize(source, body)),
    extendedErrorHandler: true,
    // The conversation store keeps per-channel state in memory for every event; nothing here uses it.
    convoStore: false,
  });
  const bot: BotAuthorizer | null = botToken ? createBotAuthorizer(app.client, botToken, logger) : null;
  authorizer = bot;
  app.use(
    inSequence(
      ignoreSlackRetries(logger),
      tenantContext({ tenancy: runtime.tenancy, logger }),
      commandReadPolicy(runtime),
    ),
  );
  const afterAck: PostAckWork = createPostAckWork(createWorkLimiter(COMMAND_CONCURRENCY, eventLoopTurns));
  const surfaces = deps.surfaces ?? APP_SURFACES;
  registerCommands(app, runtime, afterAck, surfaces.commands);
  registerActions(app, runtime, afterAck, surfaces.buttons);
  registerViews(app, runtime);
  registerEvents(app, runtime, surfaces.events);
  registerShortcuts(app, runtime, afterAck, surfaces.shortcuts);
  if (deps.uninstall) {
    app.event('app_uninstalled', deps.uninstall.appUninstalled);
    app.event('tokens_revoked', deps.uninstall.tokensRevoked);
  }
  registerErrorHandler(app, {
    logger,
    clock: deps.clock,
    respondTo: createResponder(fetchWithDefaultTimeout(timeoutMs)),
    slackApiUrl: config.slack.apiUrl,
  });
  return {
    app,
    authorizer: bot,
    runtime,
    http,
    routes: [
      ...(http ? [http.eventsRoute()] : []),
      // A card's own URL (docs/unfurls.md): only where Slack and people can reach Shipwatch, and with watches to find.
      ...(config.publicUrl && deps.store ? [cardUrlRoute(runtime, deps.store)] : []),
    ],
    health,
    setSlackAuthFailure: (reason) => {
      slackAuthFailure = reason;
    },
    drain: (ms) => afterAck.drain(ms),
    close: () => chats.close(),
  };
}

function createRuntime(
  deps: BotDependencies,
  clients: Pick<SlackRuntime, 'chat' | 'chats'>,
  home: SlackRuntime['home'],
): SlackRuntime {
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  const wallClock = deps.wallClock ?? deps.clock;
  const { store } = deps;
  const { claims, ledger } = claimsAndLedger({
    ...(store ? { store } : {}),
    ...(deps.claims ? { claims: deps.claims } : {}),
    ...(deps.ledger ? { ledger: deps.ledger } : {}),
    owner: PROCESS_OWNER,
    clock: wallClock,
    timing,
  });
  return {
    config: deps.config,
    tenancy: deps.tenancy ?? tenancyOfConfiguration(deps),
    logger: deps.logger,
    clock: deps.clock,
    ...clients,
    directory: createMemberDirectory({ clock: wallClock, ...(store ? { cache: store.members } : {}) }),
    claims,
    ledger,
    timing,
    examples: deps.examples ?? PLACEHOLDER_EXAMPLES,
    home,
    ...(store ? { cards: store.cards } : {}),
    wallClock,
    ...(deps.watching ? { watching: deps.watching } : {}),
    ...(deps.workspaceAdmin ? { workspaceAdmin: deps.workspaceAdmin } : {}),
    homeNotes: createHomeNotes(store ? store.members : memoryNoteCache(), wallClock),
    unfurlNotes: createUnfurlNotes(store ? store.members : memoryNoteCache(), wallClock),
  };
}

/** The configuration's one workspace, on the given client (tests and single-workspace callers without a directory). */
function tenancyOfConfiguration(deps: BotDependencies): TenantDirectory {
  if (!deps.tracking) throw new Error('The Slack app needs a tenancy or a tracking client');
  return singleTenantDirectory(singleTenant(deps.config, { id: 'configured', tracking: deps.tracking }));
}

function httpReceiverFor(
  deps: BotDependencies,
  runtime: SlackRuntime,
  boltLogger: ReturnType<typeof toBoltLogger>,
): ShipwatchHttpReceiver | null {
  const { slack } = deps.config;
  if (slack.mode !== 'http' || !slack.signingSecret) return null;
  return new ShipwatchHttpReceiver({
    signingSecret: slack.signingSecret,
    // Signatures are dated by Slack's wall clock, whatever "now" the cards use (demo time in the local workspace).
    clock: deps.wallClock ?? deps.clock,
    logger: deps.logger,
    boltLogger,
    firstSighting: sightingsIn(deps.store, runtime.claims),
  });
}

function socketReceiver(deps: BotDependencies, boltLogger: ReturnType<typeof toBoltLogger>): Receiver {
  const { slack } = deps.config;
  if (slack.mode === 'socket' && slack.appToken) {
    // No customRoutes here: Bolt would then listen on a port with no error handler (a taken port crashes the
    // process), and Socket Mode needs no inbound HTTP at all.
    return new SocketModeReceiver({
      appToken: slack.appToken,
      logger: boltLogger,
      // apps.connections.open goes through this client too, so a stand-in Slack (tests, SLACK_API_URL) serves it.
      ...(slack.apiUrl ? { installerOptions: { clientOptions: { slackApiUrl: slack.apiUrl } } } : {}),
    });
  }
  throw new Error('The Slack app needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode)');
}

/** The configured bot's authorizer (there is one whenever Bolt's `authorize` was not given). */
function configured(bot: BotAuthorizer | null): BotAuthorizer {
  if (bot === null) throw new Error('no bot token is configured and no installation store was given');
  return bot;
}
