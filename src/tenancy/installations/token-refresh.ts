/**
 * Token rotation (docs/oauth.md, "Token rotation"). An installation rotates when it has a refresh token: its bot token
 * expires (after 12 hours) and is refreshed once it has less than `windowMs` to live. Refreshing makes Slack invalidate
 * the previous token, so two processes refreshing one installation at once would each get a token and one would store
 * a token Slack has already replaced (slackapi/node-slack-sdk#2504). Here a process refreshes only while it holds the
 * installation's refresh lease in the store; the others wait for the lease to be released and read the token the
 * holder stored. A holder whose lease ran out cannot store its answer any more, so a late answer never overwrites a
 * newer token.
 */
import type { Installation } from '@slack/oauth';
import type { InstallationTable } from '../../store/index.js';
import { isTenancyError, TenancyError } from '../errors.js';
import type { OpenInstallation, SealedInstallationStore } from './installation-store.js';

/** What Slack's `oauth.v2.access` answers to `grant_type=refresh_token`. */
export interface RefreshedToken {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

/** Exchanges a refresh token with Slack; rejects when Slack refuses (src/slack/oauth/refresh-with-slack.ts). */
export type RefreshWithSlack = (refreshToken: string) => Promise<RefreshedToken>;

export interface TokenRefresherOptions {
  installations: InstallationTable;
  sealed: SealedInstallationStore;
  refresh: RefreshWithSlack;
  now: () => number;
  /** This process, as the lease names it. */
  owner: string;
  /** Refresh when the token has less than this to live (default 2 hours, as Slack's SDK does). */
  windowMs?: number;
  /** How long a refresh may hold the lease (default 15 s: Slack answers in well under a second). */
  leaseMs?: number;
  /** How often a waiting process looks whether the holder is done (default 50 ms). */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface TokenRefresher {
  /** The tenant's installation with a bot token good for at least the window: refreshed first when it is not. */
  fresh(tenantId: string): Promise<OpenInstallation | null>;
  /** True when the installation rotates and its token has less than the window to live. */
  due(found: OpenInstallation): boolean;
  readonly windowMs: number;
}

export const REFRESH_WINDOW_MS = 2 * 3600_000;

export function createTokenRefresher(options: TokenRefresherOptions): TokenRefresher {
  const windowMs = options.windowMs ?? REFRESH_WINDOW_MS;
  const leaseMs = options.leaseMs ?? 15_000;
  const pollMs = options.pollMs ?? 50;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { installations, sealed, owner } = options;

  const due = (found: OpenInstallation) =>
    Boolean(found.installation.bot?.refreshToken) &&
    found.record.expiresAt !== null &&
    found.record.expiresAt - options.now() <= windowMs;

  const refreshHeld = async (held: OpenInstallation): Promise<OpenInstallation | null> => {
    const tenantId = held.record.tenantId;
    const bot = held.installation.bot;
    if (!bot?.refreshToken) {
      await installations.completeRefresh(tenantId, owner, null, options.now());
      return held;
    }
    let answer: RefreshedToken;
    try {
      answer = await options.refresh(bot.refreshToken);
    } catch (error) {
      await installations.completeRefresh(tenantId, owner, null, options.now());
      throw new TenancyError(
        'token_refresh_failed',
        `Slack did not refresh the token of ${tenantId}: ${error instanceof Error ? error.message : 'no answer'}`,
      );
    }
    const now = options.now();
    const installation: Installation = {
      ...held.installation,
      bot: {
        ...bot,
        token: answer.accessToken,
        refreshToken: answer.refreshToken,
        expiresAt: Math.floor(now / 1000) + answer.expiresInSeconds,
      },
    };
    const stored = await installations.completeRefresh(tenantId, owner, sealed.seal(installation), now);
    // Null: the lease ran out and another process refreshed after this one; its token is the one Slack accepts.
    return stored ? { record: stored, installation } : null;
  };

  return {
    windowMs,
    due,
    async fresh(tenantId) {
      const deadline = options.now() + leaseMs + 5 * pollMs;
      for (;;) {
        const current = await sealed.read(tenantId);
        if (current === null || !due(current)) return current;
        const leased = await installations.leaseRefresh(tenantId, { owner, leaseMs, now: options.now() });
        if (leased !== null) {
          const held = sealed.open(leased);
          if (!due(held)) {
            // Refreshed by another process between the read and the lease.
            await installations.completeRefresh(tenantId, owner, null, options.now());
            return held;
          }
          try {
            const refreshed = await refreshHeld(held);
            if (refreshed) return refreshed;
          } catch (error) {
            if (isTenancyError(error)) throw error;
            await installations.completeRefresh(tenantId, owner, null, options.now()).catch(() => null);
            throw error;
          }
          continue;
        }
        if (options.now() > deadline) {
          throw new TenancyError(
            'token_refresh_busy',
            `the token of ${tenantId} is being refreshed elsewhere`,
          );
        }
        await sleep(pollMs);
      }
    },
  };
}
