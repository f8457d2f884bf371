/**
 * Single-workspace authorization that never delays an ack. Bolt's built-in version calls auth.test in the App
 * constructor and caches that one promise: if Slack is unreachable at that moment the rejection is unhandled, and
 * every later event fails authorization until restart. Here the bot's identity is looked up in the background,
 * events carry the bot token right away, and a failed lookup is simply tried again on the next event.
 */
import type { Authorize, AuthorizeResult } from '@slack/bolt';
import type { Logger } from '../logger.js';
import { slackFailureFields } from './delivery/slack-failure.js';

export interface BotIdentity {
  botUserId: string;
  botId: string;
  teamId: string | null;
  /** The Enterprise Grid organisation of the installation, when there is one. */
  enterpriseId: string | null;
}

export interface AuthTestClient {
  auth: {
    test(args: {
      token: string;
    }): Promise<{ user_id?: string; bot_id?: string; team_id?: string; enterprise_id?: string }>;
  };
}

export interface BotAuthorizer {
  authorize: Authorize<boolean>;
  /** Looks the bot up now (start-up does this once, to fail fast on a rejected token). */
  identify(): Promise<BotIdentity>;
  /** Who the bot is, once a lookup has succeeded; null before. */
  current(): BotIdentity | null;
}

export function createBotAuthorizer(client: AuthTestClient, botToken: string, logger: Logger): BotAuthorizer {
  let identity: BotIdentity | null = null;
  let pending: Promise<BotIdentity> | null = null;

  const identify = (): Promise<BotIdentity> => {
    pending ??= client.auth
      .test({ token: botToken })
      .then((result) => {
        identity = {
          botUserId: result.user_id ?? '',
          botId: result.bot_id ?? '',
          teamId: result.team_id ?? null,
          enterpriseId: result.enterprise_id || null,
        };
        return identity;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  const authorize: Authorize<boolean> = async () => {
    if (identity === null) {
      identify().catch((error: unknown) =>
        logger.warn('auth.test failed; continuing with the bot token alone', slackFailureFields(error)),
      );
    }
    const result: AuthorizeResult = { botToken };
    if (identity !== null) {
      result.botUserId = identity.botUserId;
      result.botId = identity.botId;
    }
    return result;
  };

  return { authorize, identify, current: () => identity };
}
