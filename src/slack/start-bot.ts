/**
 * Starts the bot in the mode the configuration implies: Socket Mode when SLACK_APP_TOKEN is set, HTTP mode (Bolt's
 * `POST /slack/events` and `GET /healthz`) when the bot token and signing secret are. The bot token is checked with
 * auth.test first, so a wrong token stops start-up with one clear line instead of failing every command later.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config/env.js';
import { buildSlackApp } from './create-app.js';
import { classifySlackError, slackFailureFields } from './delivery/slack-failure.js';
import type { RunningBot, StartBotOptions } from './types.js';

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
  const { app, authorizer, close } = buildSlackApp(options, undefined, options.slackClient);

  try {
    const identity = await authorizer.identify();
    logger.info('connected to Slack', { botUserId: identity.botUserId, teamId: identity.teamId });
  } catch (error) {
    const failure = classifySlackError(error);
    if (failure.slackError && REJECTED_TOKEN.has(failure.slackError)) {
      throw new ConfigError('SLACK_BOT_TOKEN', `was rejected by Slack (${failure.slackError})`);
    }
    // Slack unreachable right now: start anyway; authorization looks the bot up again on the first event.
    logger.warn('auth.test failed at start-up; continuing', slackFailureFields(error));
  }

  let stopped: Promise<void> | null = null;
  const stop = () => {
    // finally: the chat client's sockets are ended even when the receiver fails to stop.
    stopped ??= Promise.resolve(app.stop())
      .finally(close)
      .then(() => undefined);
    return stopped;
  };

  if (mode === 'socket') {
    await app.start();
    return { mode, url: null, stop };
  }

  const host = options.host ?? '127.0.0.1';
  // SAFETY: in HTTP mode the receiver is Bolt's HTTPReceiver, whose start() resolves to the node:http Server.
  const server = (await app.start({ port: options.port ?? config.port, host })) as Server;
  // SAFETY: a server listening on a TCP host/port reports an AddressInfo.
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { mode, url: `http://${urlHost}:${port}`, stop };
}
