/**
 * Starts the bot in the mode the configuration implies: Socket Mode when SLACK_APP_TOKEN is set, HTTP mode
 * (`POST /slack/events`, `GET /healthz` and any extra routes) when the bot token and signing secret are. The bot
 * token is checked with auth.test first: a token Slack rejects stops start-up with one clear line. When Slack cannot
 * be reached, the bot starts anyway and `/healthz` answers 503 with the reason until authentication succeeds.
 */
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config/env.js';
import { buildSlackApp } from './create-app.js';
import { classifySlackError, slackFailureFields } from './delivery/slack-failure.js';
import { createSlackNotifier } from './delivery/slack-notifier.js';
import { PROCESS_OWNER } from './process-owner.js';
import type { RunningBot, StartBotOptions } from './types.js';
import { startIntentRecovery } from './write/recover-intents.js';

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

  try {
    const identity = await authorizer.identify();
    logger.info('connected to Slack', { botUserId: identity.botUserId, teamId: identity.teamId });
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
    retry = retryIdentity(built, logger);
  }

  const recovery =
    options.store && built.runtime.chat
      ? startIntentRecovery({
          intents: options.store.intents,
          chat: built.runtime.chat,
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
    // Stop taking requests (the receiver closes idle sockets at once and every socket within 2 s, so a half-sent
    // request cannot hold the process), give acknowledged work up to 8 s, tell whoever is still waiting, then close.
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

  if (mode === 'socket' || !http) {
    await app.start();
    return { mode: 'socket', url: null, stop };
  }

  const host = options.host ?? '127.0.0.1';
  await app.start({ port: options.port ?? config.port, host });
  // SAFETY: the receiver is listening on a TCP host/port, so it has an address.
  const { port } = http.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { mode, url: `http://${urlHost}:${port}`, stop };
}

/** Looks the bot up again every few seconds (unref'd) until Slack answers, then clears the health failure. */
function retryIdentity(
  built: ReturnType<typeof buildSlackApp>,
  logger: StartBotOptions['logger'],
): ReturnType<typeof setInterval> {
  const timer = setInterval(() => {
    built.authorizer
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
