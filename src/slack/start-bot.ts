/**
 * Starts the bot in the mode the configuration implies: Socket Mode when SLACK_APP_TOKEN is set (it connects here),
 * HTTP mode (its `POST /slack/events` route, for the HTTP server to mount) when the bot token and signing secret are.
 * The bot token is checked with auth.test first: a token Slack rejects stops start-up with one clear line. When Slack
 * cannot be reached, the bot starts anyway and its health check fails with the reason until authentication succeeds.
 * The port belongs to src/http/; src/service/ puts the two together.
 */
import { ConfigError } from '../config/env.js';
import { startIntentRecovery } from '../features/writes/recover-intents.js';
import { PROCESS_OWNER } from '../process-owner.js';
import type { BotAuthorizer } from './authorize.js';
import { buildSlackApp } from './create-app.js';
import { classifySlackError, slackFailureFields } from './delivery/slack-failure.js';
import { createSlackNotifier } from './delivery/slack-notifier.js';
import { chatForTeam } from './runtime.js';
import type { RunningBot, StartBotOptions } from './types.js';
import { intentReporterOver } from './write/intent-reporter.js';

/** How long acknowledged work may run on after a stop was asked (the whole stop stays within about 10 s). */
const SHUTDOWN_DRAIN_MS = 8_000;

const REJECTED_TOKEN = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
]);

export async function startBot(options: StartBotOptions): Promise<RunningBot> {
  const { config, logger } = options;
  const mode = config.slack.mode;
  if (mode === 'local') {
    throw new Error(
      'startBot needs Slack credentials (SLACK_BOT_TOKEN with SLACK_SIGNING_SECRET or SLACK_APP_TOKEN)',
    );
  }
  const built = buildSlackApp(options, undefined, options.slackClient);
  const { app, authorizer, http, close } = built;
  let retry: ReturnType<typeof setInterval> | null = null;

  // The configured bot is checked at start; installed workspaces are authorized per request (OAuth mode).
  try {
    if (authorizer) {
      const identity = await authorizer.identify();
      logger.info('connected to Slack', { botUserId: identity.botUserId, teamId: identity.teamId });
    }
  } catch (error) {
    const failure = classifySlackError(error);
    if (failure.slackError && REJECTED_TOKEN.has(failure.slackError)) {
      await close();
      throw new ConfigError('SLACK_BOT_TOKEN', `was rejected by Slack (${failure.slackError})`);
    }
    // Slack unreachable right now: start anyway, and say so on /healthz until a lookup succeeds (authorization
    // tries again on every event, and the bot retries in the background).
    logger.warn('auth.test failed at start-up; continuing', slackFailureFields(error));
    built.setSlackAuthFailure(`Slack authentication has not succeeded yet (${failure.kind})`);
    if (authorizer) retry = retryIdentity(authorizer, built, logger);
  }

  const recovery = options.store
    ? startIntentRecovery({
        intents: options.store.intents,
        reporterFor: async (teamId) => {
          const chat = await chatForTeam(built.runtime, teamId);
          return chat && intentReporterOver(chat, logger);
        },
        owner: PROCESS_OWNER,
        clock: options.wallClock ?? options.clock,
        logger,
        leaseMs: built.runtime.timing.inFlightMs,
      })
    : null;

  // Watched shipments: their worker delivers through the notifier port, here over the listeners' lean chat client.
  if (options.watching && built.runtime.chat)
    options.watching.start({ notifier: createSlackNotifier(built.runtime.chat, options.observeNotifier) });

  let stopped: Promise<void> | null = null;
  const stop = () => {
    recovery?.stop();
    const watchingStopped = options.watching?.stop() ?? Promise.resolve();
    if (retry) clearInterval(retry);
    // Stop taking events (the HTTP server stops accepting first), give acknowledged work up to 8 s, tell whoever is
    // still waiting, then close.
    stopped ??= Promise.resolve(app.stop())
      .then(() => built.drain(SHUTDOWN_DRAIN_MS))
      .then((drained) => {
        if (drained.abandoned > 0) logger.warn('stopped with work unfinished; the people were told', drained);
      })
      .then(() => watchingStopped)
      .finally(close)
      .then(() => undefined);
    return stopped;
  };

  // Socket Mode opens its connection here; in HTTP mode the receiver has nothing to open (the server is elsewhere).
  await app.start();
  return {
    mode: mode === 'socket' || !http ? 'socket' : 'http',
    routes: built.routes,
    health: built.health,
    stop,
  };
}

/** Looks the bot up again every few seconds (unref'd) until Slack answers, then clears the health failure. */
function retryIdentity(
  authorizer: BotAuthorizer,
  built: ReturnType<typeof buildSlackApp>,
  logger: StartBotOptions['logger'],
): ReturnType<typeof setInterval> {
  const timer = setInterval(() => {
    authorizer
      .identify()
      .then((identity) => {
        clearInterval(timer);
        built.setSlackAuthFailure(null);
        logger.info('connected to Slack', { botUserId: identity.botUserId, teamId: identity.teamId });
      })
      .catch(() => {});
  }, 5_000);
  timer.unref();
  return timer;
}
