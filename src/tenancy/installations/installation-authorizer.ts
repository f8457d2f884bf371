/**
 * Who Shipwatch is in the workspace a request comes from: the installation's bot token and bot ids (docs/oauth.md,
 * "Authorizing requests"). Bolt asks before every listener, so the answer is kept in memory per tenant and a cached
 * tenant costs no I/O on the way to the ack. A cached answer is dropped when its tenant is uninstalled or its token is
 * rotated here (`invalidate`), after `cacheMs` (what another replica changed is seen within that), and before the
 * token enters its refresh window — so no process keeps using a token past the moment any process may replace it.
 * Concurrent requests for an uncached tenant share one lookup.
 */
import type { TenantKey } from '../tenant.js';
import { tenantCandidates } from '../tenant-id.js';
import type { OpenInstallation, SealedInstallationStore } from './installation-store.js';
import type { TokenRefresher } from './token-refresh.js';

export interface SlackAuthorization {
  /** The installation's tenant: a team id, or an enterprise id for an org-wide install. */
  tenantId: string;
  botToken: string;
  botUserId: string | null;
  botId: string | null;
  teamId: string | null;
  enterpriseId: string | null;
  isEnterpriseInstall: boolean;
}

export interface InstallationAuthorizer {
  /** The authorization for a request from `key`; null when no installation serves it. */
  authorize(key: TenantKey): Promise<SlackAuthorization | null>;
  /** The authorization of a tenant id (jobs name their tenant); null when it is not installed. */
  authorizeTenant(tenantId: string): Promise<SlackAuthorization | null>;
  /** Drops what is cached for the tenant (uninstalled, rotated, or a token Slack refused). */
  invalidate(tenantId: string): void;
}

export interface InstallationAuthorizerOptions {
  sealed: SealedInstallationStore;
  refresher: TokenRefresher;
  now: () => number;
  /** How long an answer is kept (default 5 minutes). */
  cacheMs?: number;
  /** Stop using a cached rotating token this long before its refresh window opens (default 5 minutes). */
  marginMs?: number;
}

interface Cached {
  authorization: SlackAuthorization;
  until: number;
}

export function createInstallationAuthorizer(options: InstallationAuthorizerOptions): InstallationAuthorizer {
  const cacheMs = options.cacheMs ?? 5 * 60_000;
  const marginMs = options.marginMs ?? 5 * 60_000;
  /** By the id a request was looked up with (a workspace of an organisation finds the organisation's install). */
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<SlackAuthorization | null>>();

  const authorizationOf = ({ record, installation }: OpenInstallation): SlackAuthorization | null => {
    const bot = installation.bot;
    if (!bot?.token) return null;
    return {
      tenantId: record.tenantId,
      botToken: bot.token,
      botUserId: bot.userId ?? record.botUserId,
      botId: bot.id ?? record.botId,
      teamId: record.teamId,
      enterpriseId: record.enterpriseId,
      isEnterpriseInstall: record.isEnterpriseInstall,
    };
  };

  const remember = (lookupId: string, found: OpenInstallation, authorization: SlackAuthorization) => {
    const now = options.now();
    const refreshFrom =
      found.record.expiresAt === null
        ? Number.POSITIVE_INFINITY
        : found.record.expiresAt - options.refresher.windowMs - marginMs;
    const until = Math.min(now + cacheMs, refreshFrom);
    if (until > now) cache.set(lookupId, { authorization, until });
  };

  /** The first of `candidates` that is installed, remembered under the first candidate (what requests ask for). */
  const lookUp = async (candidates: readonly string[]): Promise<SlackAuthorization | null> => {
    for (const tenantId of candidates) {
      const found = await options.refresher.fresh(tenantId);
      const authorization = found ? authorizationOf(found) : null;
      if (found && authorization) {
        remember(candidates[0] ?? tenantId, found, authorization);
        return authorization;
      }
    }
    return null;
  };

  const authorizeFirst = (candidates: readonly string[]): Promise<SlackAuthorization | null> => {
    const lookupId = candidates[0];
    if (lookupId === undefined) return Promise.resolve(null);
    const hit = cache.get(lookupId);
    if (hit && hit.until > options.now()) return Promise.resolve(hit.authorization);
    let pending = inFlight.get(lookupId);
    if (!pending) {
      pending = lookUp(candidates).finally(() => inFlight.delete(lookupId));
      inFlight.set(lookupId, pending);
    }
    return pending;
  };

  return {
    authorize: (key) => authorizeFirst(tenantCandidates(key)),
    authorizeTenant: (tenantId) => authorizeFirst([tenantId]),
    invalidate(tenantId) {
      for (const [lookupId, cached] of cache) {
        if (lookupId === tenantId || cached.authorization.tenantId === tenantId) cache.delete(lookupId);
      }
    },
  };
}
