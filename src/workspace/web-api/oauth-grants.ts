/**
 * Slack's side of installing an app, for the fake Web API (docs/oauth.md, "Testing"): a person allows an install
 * (`issueCode`, what Slack's authorize page does), `oauth.v2.access` exchanges the code once for a bot token, and with
 * token rotation on, exchanges a refresh token for a new access token — which invalidates the previous access token,
 * as Slack does, so a process that keeps the old one has a token Slack no longer accepts. Each token acts as its own
 * workspace (or organisation, for an org-wide install): `holder` tells the Web API who calls. Uninstalling revokes
 * every token of the installation.
 */
import { randomBytes } from 'node:crypto';
import type { JsonObject } from '../shared/json-reader.js';
import type { SlackIdentity } from './context.js';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
}

/** What a person allows: the app into one workspace, or (org-wide) into a whole Enterprise Grid organisation. */
export interface InstallGrant {
  /** The workspace (for an org-wide install, the organisation as auth.test names it) and the bot user it gets. */
  identity: SlackIdentity;
  enterprise: { id: string; name: string } | null;
  isEnterpriseInstall: boolean;
  /** The person who clicked Allow. */
  installerUserId: string;
  scopes: readonly string[];
  /** Token rotation on for this app: tokens expire and come with a refresh token. */
  rotation: boolean;
}

/** Who a token acts as, or the error Slack answers for it. */
export type TokenHolder = { grant: InstallGrant; tenantId: string } | { error: string };

export interface OAuthGrants {
  readonly app: OAuthApp;
  /** The code Slack puts in the redirect once `grant` is allowed (single use, for `redirectUri` when one is given). */
  issueCode(grant: InstallGrant, redirectUri?: string): string;
  /** `oauth.v2.access`: a code exchange, or with `grant_type=refresh_token` a refresh. */
  access(args: JsonObject): JsonObject;
  /** Null for a token this authority never issued. */
  holder(token: string): TokenHolder | null;
  /** The installation's live bot token (tests compare what a process holds with it). */
  currentToken(tenantId: string): string | null;
  /** Revokes every token of an installation, as an uninstall or a revocation does. */
  revoke(tenantId: string): void;
  /** How many refreshes Slack answered, per installation. */
  refreshes(tenantId: string): number;
}

interface Installation {
  grant: InstallGrant;
  accessToken: string;
  expiresAt: number | null;
  revoked: boolean;
  refreshes: number;
}

/** Every token ever issued: a replaced access token stays known, so Slack can refuse it. */
type IssuedToken = { tenantId: string; kind: 'access' | 'refresh' | 'replaced' };

export function createOAuthGrants(options: {
  app: OAuthApp;
  now: () => number;
  /** How long a rotating access token lives (Slack: 12 hours). */
  tokenLifetimeSeconds?: number;
}): OAuthGrants {
  const lifetime = options.tokenLifetimeSeconds ?? 43_200;
  const codes = new Map<string, { grant: InstallGrant; redirectUri: string | undefined }>();
  const installations = new Map<string, Installation>();
  const tokens = new Map<string, IssuedToken>();
  const random = () => randomBytes(12).toString('hex');
  const tenantOf = (grant: InstallGrant) =>
    grant.isEnterpriseInstall && grant.enterprise ? grant.enterprise.id : grant.identity.team.id;

  const issueAccess = (
    tenantId: string,
    grant: InstallGrant,
  ): { token: string; expiresAt: number | null } => {
    const token = grant.rotation ? `xoxe.xoxb-1-${random()}` : `xoxb-${tenantId}-${random()}`;
    tokens.set(token, { tenantId, kind: 'access' });
    return { token, expiresAt: grant.rotation ? options.now() + lifetime * 1000 : null };
  };
  const issueRefresh = (tenantId: string) => {
    const token = `xoxe-1-${random()}`;
    tokens.set(token, { tenantId, kind: 'refresh' });
    return token;
  };
  const whereabouts = (grant: InstallGrant) => ({
    app_id: grant.identity.bot.appId,
    bot_user_id: grant.identity.bot.userId,
    team: grant.isEnterpriseInstall ? null : { id: grant.identity.team.id, name: grant.identity.team.name },
    enterprise: grant.enterprise,
    is_enterprise_install: grant.isEnterpriseInstall,
  });

  const exchangeCode = (args: JsonObject): JsonObject => {
    const issued = typeof args.code === 'string' ? codes.get(args.code) : undefined;
    if (!issued) return { ok: false, error: 'invalid_code' };
    codes.delete(String(args.code));
    if (issued.redirectUri !== undefined && args.redirect_uri !== issued.redirectUri) {
      return { ok: false, error: 'bad_redirect_uri' };
    }
    const { grant } = issued;
    const tenantId = tenantOf(grant);
    const previous = installations.get(tenantId);
    if (previous) tokens.set(previous.accessToken, { tenantId, kind: 'replaced' });
    const access = issueAccess(tenantId, grant);
    installations.set(tenantId, {
      grant,
      accessToken: access.token,
      expiresAt: access.expiresAt,
      revoked: false,
      refreshes: 0,
    });
    return {
      ok: true,
      ...whereabouts(grant),
      authed_user: { id: grant.installerUserId },
      scope: grant.scopes.join(','),
      token_type: 'bot',
      access_token: access.token,
      ...(grant.rotation ? { refresh_token: issueRefresh(tenantId), expires_in: lifetime } : {}),
    };
  };

  const refresh = (args: JsonObject): JsonObject => {
    const issued = typeof args.refresh_token === 'string' ? tokens.get(args.refresh_token) : undefined;
    const installation = issued?.kind === 'refresh' ? installations.get(issued.tenantId) : undefined;
    if (!issued || !installation || installation.revoked)
      return { ok: false, error: 'invalid_refresh_token' };
    // The previous access token stops working the moment a new one is issued.
    tokens.set(installation.accessToken, { tenantId: issued.tenantId, kind: 'replaced' });
    const access = issueAccess(issued.tenantId, installation.grant);
    installation.accessToken = access.token;
    installation.expiresAt = access.expiresAt;
    installation.refreshes += 1;
    return {
      ok: true,
      ...whereabouts(installation.grant),
      scope: installation.grant.scopes.join(','),
      token_type: 'bot',
      access_token: access.token,
      refresh_token: issueRefresh(issued.tenantId),
      expires_in: lifetime,
    };
  };

  return {
    app: options.app,
    issueCode(grant, redirectUri) {
      const code = `code-${random()}`;
      codes.set(code, { grant, redirectUri });
      return code;
    },
    access(args) {
      if (args.client_id !== options.app.clientId) return { ok: false, error: 'invalid_client_id' };
      if (args.client_secret !== options.app.clientSecret) return { ok: false, error: 'bad_client_secret' };
      return args.grant_type === 'refresh_token' ? refresh(args) : exchangeCode(args);
    },
    holder(token) {
      const issued = tokens.get(token);
      if (!issued) return null;
      const installation = installations.get(issued.tenantId);
      if (!installation || issued.kind !== 'access') return { error: 'invalid_auth' };
      if (installation.revoked) return { error: 'token_revoked' };
      if (installation.expiresAt !== null && installation.expiresAt <= options.now()) {
        return { error: 'token_expired' };
      }
      return { grant: installation.grant, tenantId: issued.tenantId };
    },
    currentToken: (tenantId) => {
      const installation = installations.get(tenantId);
      return installation && !installation.revoked ? installation.accessToken : null;
    },
    revoke(tenantId) {
      const installation = installations.get(tenantId);
      if (installation) installation.revoked = true;
    },
    refreshes: (tenantId) => installations.get(tenantId)?.refreshes ?? 0,
  };
}
