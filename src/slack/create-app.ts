/**
 * Builds the Bolt app: our logger, single-workspace authorization that never delays an ack, a Web API client tuned
 * for interactive use, the shared runtime (runtime.ts), the two global middlewares (Slack retries dropped, the
 * channel read policy), the three tables (commands, buttons, modal submissions) and the one error handler. The
 * receiver (HTTP or Socket Mode) is transport only, chosen from the configuration; tests may pass their own.
 */
import { App, type Receiver, SocketModeReceiver } from '@slack/bolt';
import { type HealthCheck, healthRoute } from '../http/health.js';
import { isStoreError, type Store } from '../store/index.js';
import { eventLoopTurns } from '../turns.js';
import { registerActions } from './actions/index.js';
import { type BotAuthorizer, createBotAuthorizer } from './authorize.js';
import { toBoltLogger } from './bolt-logger.js';
import { PLACEHOLDER_EXAMPLES } from './commands/examples.js';
import { registerCommands } from './commands/index.js';
import { createChatApi } from './delivery/chat-api.js';
import { createResponder } from './delivery/response-url.js';
import { registerErrorHandler } from './error-handler.js';
import { createIdempotencyStore } from './idempotency/index.js';
import { ignoreSlackRetries } from './middleware/ignore-retries.js';
import { commandReadPolicy } from './middleware/read-policy.js';
import { createMemberDirectory } from './policy/index.js';
import { COMMAND_CONCURRENCY, createPostAckWork, createWorkLimiter, type PostAckWork } from './post-ack.js';
import { PROCESS_OWNER } from './process-owner.js';
import { ShipwatchHttpReceiver } from './receiver/http-receiver.js';
import { DEFAULT_TIMING, type SlackRuntime } from './runtime.js';
import type { BotDependencies, SlackClientTuning } from './types.js';
import { registerViews } from './views/index.js';
import { fetchWithDefaultTimeout, SLACK_CLIENT_DEFAULTS, slackClientOptions } from './web-client-options.js';
import { claimsFromIdempotencyStore } from './write/claims.js';
import { claimsFromStore } from './write/store-claims.js';
import { ledgerFromStore } from './write/store-ledger.js';
import { createClaimsLedger } from './write/write-ledger.js';

export { EVENTS_PATH } from './receiver/http-receiver.js';

/** Slack's replay window: a signed request older than this is refused by its timestamp anyway. */
const REPLAY_WINDOW_MS = 5 * 60_000;

export interface BuiltSlackApp {
  app: App;
  authorizer: BotAuthorizer;
  runtime: SlackRuntime;
  /** The HTTP receiver when the app runs in HTTP mode (null in Socket Mode or with a receiver passed in). */
  http: ShipwatchHttpReceiver | null;
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
  if (!botToken) throw new Error('The Slack app needs SLACK_BOT_TOKEN');
  const boltLogger = toBoltLogger(logger, config.logLevel);
  const timeoutMs = tuning.timeoutMs ?? SLACK_CLIENT_DEFAULTS.timeoutMs;
  const chat = createChatApi({
    ...(config.slack.apiUrl ? { apiUrl: config.slack.apiUrl } : {}),
    token: botToken,
    timeoutMs,
    retries: tuning.retries ?? SLACK_CLIENT_DEFAULTS.retries,
  });
  // The authorizer needs the app's client, the app needs the receiver, the receiver the runtime: bound late.
  let authorizer: BotAuthorizer | null = null;
  const runtime = createRuntime(deps, chat, () => {
    const identity = authorizer?.current();
    return identity ? { teamId: identity.teamId, enterpriseId: identity.enterpriseId } : null;
  });
  let slackAuthFailure: string | null = null;
  const health: Record<string, HealthCheck> = {
    slack: async () => (slackAuthFailure === null ? { ok: true } : { ok: false, reason: slackAuthFailure }),
    ...(deps.store ? { store: storeHealth(deps.store) } : {}),
    ...deps.health,
  };
  const http = receiver ? null : httpReceiverFor(deps, runtime, boltLogger, health);
  const app = new App({
    receiver: receiver ?? http ?? socketReceiver(deps, boltLogger),
    logger: boltLogger,
    clientOptions: slackClientOptions(config, tuning),
    authorize: (source, body) => bot.authorize(source, body),
    extendedErrorHandler: true,
    // The conversation store keeps per-channel state in memory for every event; nothing here uses it.
    convoStore: false,
  });
  const bot = createBotAuthorizer(app.client, botToken, logger);
  authorizer = bot;
  app.use(ignoreSlackRetries(logger));
  app.use(commandReadPolicy(runtime));
  const afterAck: PostAckWork = createPostAckWork(createWorkLimiter(COMMAND_CONCURRENCY, eventLoopTurns));
  registerCommands(app, runtime, afterAck);
  registerActions(app, runtime, afterAck);
  registerViews(app, runtime);
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
    setSlackAuthFailure: (reason) => {
      slackAuthFailure = reason;
    },
    drain: (ms) => afterAck.drain(ms),
    close: () => chat.close(),
  };
}

function createRuntime(
  deps: BotDependencies,
  chat: SlackRuntime['chat'],
  home: SlackRuntime['home'],
): SlackRuntime {
  const timing = { ...DEFAULT_TIMING, ...deps.timing };
  const wallClock = deps.wallClock ?? deps.clock;
  const { store } = deps;
  const claims =
    deps.claims ??
    (store
      ? claimsFromStore(store.claims, wallClock)
      : claimsFromIdempotencyStore(createIdempotencyStore({ clock: wallClock })));
  const ledger =
    deps.ledger ??
    (store
      ? ledgerFromStore(store.intents, { owner: PROCESS_OWNER, clock: wallClock, ...timing })
      : createClaimsLedger(claims, timing));
  return {
    config: deps.config,
    tracking: deps.tracking,
    logger: deps.logger,
    clock: deps.clock,
    ...(chat ? { chat } : {}),
    directory: createMemberDirectory({ clock: wallClock, ...(store ? { cache: store.members } : {}) }),
    claims,
    ledger,
    timing,
    examples: deps.examples ?? PLACEHOLDER_EXAMPLES,
    home,
    ...(store ? { cards: store.cards } : {}),
    wallClock,
    ...(deps.watching ? { watching: deps.watching } : {}),
  };
}

function httpReceiverFor(
  deps: BotDependencies,
  runtime: SlackRuntime,
  boltLogger: ReturnType<typeof toBoltLogger>,
  health: Record<string, HealthCheck>,
): ShipwatchHttpReceiver | null {
  const { slack } = deps.config;
  if (slack.mode !== 'http' || !slack.signingSecret) return null;
  return new ShipwatchHttpReceiver({
    signingSecret: slack.signingSecret,
    // Signatures are dated by Slack's wall clock, whatever "now" the cards use (demo time in the local workspace).
    clock: deps.wallClock ?? deps.clock,
    logger: deps.logger,
    boltLogger,
    routes: [healthRoute(health, deps.healthInfo), ...(deps.routes ?? [])],
    firstSighting: ({ timestamp, signature }) =>
      deps.store
        ? deps.store.sightings.first(Number(timestamp), signature)
        : runtime.claims.claim(`replay:${timestamp}:${signature}`, REPLAY_WINDOW_MS),
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

/** `/healthz`'s store check: the database answers (the reason, never the URL, when it does not). */
function storeHealth(store: Store): HealthCheck {
  return async () => {
    try {
      await store.ping();
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        reason: `the ${store.backend} store is unreachable (${isStoreError(error) ? error.code : 'error'})`,
      };
    }
  };
}
