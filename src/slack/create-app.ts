/**
 * Builds the Bolt app: our logger, single-workspace authorization that never delays an ack, a Web API client tuned
 * for interactive use, every listener, and the one error handler. The receiver (HTTP or Socket Mode) is transport
 * only, chosen from the configuration (the HTTP one behind request-guard.ts); tests may pass their own.
 */
import { App, HTTPReceiver, type Receiver, SocketModeReceiver } from '@slack/bolt';
import { type BotAuthorizer, createBotAuthorizer } from './authorize.js';
import { toBoltLogger } from './bolt-logger.js';
import { createChatApi } from './delivery/chat-api.js';
import { createResponder } from './delivery/response-url.js';
import { registerErrorHandler } from './error-handler.js';
import { healthRoute } from './health-route.js';
import { registerListeners } from './listeners/index.js';
import { answerUnroutableEvents, guardHttpReceiver } from './request-guard.js';
import type { BotDependencies, SlackClientTuning } from './types.js';
import { fetchWithDefaultTimeout, SLACK_CLIENT_DEFAULTS, slackClientOptions } from './web-client-options.js';

export const EVENTS_PATH = '/slack/events';

export interface BuiltSlackApp {
  app: App;
  authorizer: BotAuthorizer;
  /** Ends the keep-alive sockets of the listeners' chat client; call after app.stop(). */
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
  const clientOptions = slackClientOptions(config, tuning);
  const app = new App({
    receiver: receiver ?? defaultReceiver(deps, boltLogger),
    logger: boltLogger,
    clientOptions,
    authorize: (source, body) => authorizer.authorize(source, body),
    extendedErrorHandler: true,
    // The conversation store keeps per-channel state in memory for every event; nothing here uses it.
    convoStore: false,
  });
  const authorizer = createBotAuthorizer(app.client, botToken, logger);
  const chat = createChatApi({
    ...(config.slack.apiUrl ? { apiUrl: config.slack.apiUrl } : {}),
    token: botToken,
    timeoutMs: tuning.timeoutMs ?? SLACK_CLIENT_DEFAULTS.timeoutMs,
    retries: tuning.retries ?? SLACK_CLIENT_DEFAULTS.retries,
  });
  registerListeners(app, { ...deps, chat });
  registerErrorHandler(app, {
    logger,
    clock: deps.clock,
    respondTo: createResponder(fetchWithDefaultTimeout(tuning.timeoutMs ?? SLACK_CLIENT_DEFAULTS.timeoutMs)),
  });
  return { app, authorizer, close: () => chat.close() };
}

function defaultReceiver(deps: BotDependencies, boltLogger: ReturnType<typeof toBoltLogger>): Receiver {
  const { slack } = deps.config;
  if (slack.mode === 'socket' && slack.appToken) {
    // No customRoutes here: Bolt would then listen on a port with no error handler (a taken port crashes the
    // process), and Socket Mode needs no inbound HTTP at all.
    return new SocketModeReceiver({ appToken: slack.appToken, logger: boltLogger });
  }
  if (slack.mode === 'http' && slack.signingSecret) {
    const receiver = new HTTPReceiver({
      signingSecret: slack.signingSecret,
      endpoints: EVENTS_PATH,
      customRoutes: [healthRoute()],
      // Ack first: the HTTP response goes out as soon as a listener calls ack(); API work continues after it.
      processBeforeResponse: false,
      // A payload Bolt cannot route is answered 400, not Bolt's default 500.
      processEventErrorHandler: answerUnroutableEvents(deps.logger),
      logger: boltLogger,
    });
    // Future-dated signatures and bodies that are not JSON objects, which Bolt lets through (request-guard.ts).
    guardHttpReceiver(receiver, {
      signingSecret: slack.signingSecret,
      clock: deps.clock,
      logger: deps.logger,
      eventsPath: EVENTS_PATH,
    });
    return receiver;
  }
  throw new Error('The Slack app needs SLACK_APP_TOKEN (Socket Mode) or SLACK_SIGNING_SECRET (HTTP mode)');
}
