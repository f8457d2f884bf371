/**
 * The tenant directory of OAuth mode (docs/oauth.md, "Tenants resolved: the directory"): a workspace, or an Enterprise Grid organisation with
 * an org-wide install, resolves to its installation's bot token, the Terminal49 account its admins connected (the key
 * opened from `accounts.key_ciphertext`, a client per account spending that account's quota), and its own settings.
 * A tenant with no connected key has `account: null`: it never falls back to another key or to the simulator, except
 * the one tenant SHIPWATCH_DEFAULT_TEAM names, which may use TRACKING_API_KEY. Accounts and settings are kept in
 * memory per tenant for `cacheMs` and dropped by `invalidate` (a key connected or removed, settings saved, an
 * uninstall); the installation's token comes from the authorizer's own cache. Each workspace seen under an org-wide
 * install is recorded once, so forgetting the organisation finds what its workspaces wrote.
 */
import type { Logger } from '../logger.js';
import type { Store } from '../store/index.js';
import type { AccountClients } from './account-clients.js';
import { isTenancyError } from './errors.js';
import { keyFingerprint } from './fingerprint.js';
import type { InstallationAuthorizer, SlackAuthorization } from './installations/installation-authorizer.js';
import type { SecretBox } from './secret-box.js';
import type { Tenant, TenantAccount, TenantDirectory, TenantKey } from './tenant.js';
import { loadWorkspaceSettings, type WorkspaceSettings } from './workspace-settings.js';

export interface OAuthDirectoryOptions {
  authorizer: InstallationAuthorizer;
  store: Pick<Store, 'accounts' | 'workspaceSettings' | 'tenants'>;
  box: SecretBox;
  clients: AccountClients;
  /** SHIPWATCH_DEFAULT_TEAM with TRACKING_API_KEY: the one tenant that may use the environment's key. */
  defaultTeam: { tenantId: string; apiKey: string } | null;
  now: () => number;
  logger: Logger;
  /** How long a tenant's account and settings are kept in memory (default 60 s). */
  cacheMs?: number;
}

export interface OAuthDirectory extends TenantDirectory {
  resolve(key: TenantKey): Promise<Tenant | null>;
  /** The tenant of a tenant id (a job names its tenant); null when not installed. */
  tenant(tenantId: string): Promise<Tenant | null>;
  /** Drops what is kept of the tenant: its account and settings, and its cached authorization. */
  invalidate(tenantId: string): void;
}

interface Parts {
  account: TenantAccount | null;
  settings: WorkspaceSettings;
  until: number;
}

export function createOAuthDirectory(options: OAuthDirectoryOptions): OAuthDirectory {
  const { store, box, clients, logger } = options;
  const cacheMs = options.cacheMs ?? 60_000;
  const parts = new Map<string, Parts>();
  const loading = new Map<string, Promise<Parts>>();
  const noted = new Set<string>();

  const accountOf = async (tenantId: string): Promise<TenantAccount | null> => {
    let record = await store.accounts.forTenant(tenantId);
    if (record?.keyCiphertext) {
      try {
        const apiKey = box.open(record.keyCiphertext, 'terminal49-key');
        return { id: record.id, tracking: clients.forAccount({ id: record.id, apiKey }) };
      } catch (error) {
        if (!isTenancyError(error)) throw error;
        logger.error(
          'a connected Terminal49 key cannot be opened; the workspace has no account until it is connected again',
          {
            tenantId,
            accountId: record.id,
            code: error.code,
          },
        );
        return null;
      }
    }
    const fallback = options.defaultTeam;
    if (fallback === null || fallback.tenantId !== tenantId) return null;
    const fingerprint = keyFingerprint(fallback.apiKey);
    if (record?.fingerprint !== fingerprint) {
      record = await store.accounts.bind(tenantId, { fingerprint, keyCiphertext: null }, options.now());
    }
    return { id: record.id, tracking: clients.forAccount({ id: record.id, apiKey: fallback.apiKey }) };
  };

  const load = async (tenantId: string): Promise<Parts> => ({
    account: await accountOf(tenantId),
    settings: await loadWorkspaceSettings(store, tenantId),
    until: options.now() + cacheMs,
  });

  const partsOf = (tenantId: string): Promise<Parts> => {
    const held = parts.get(tenantId);
    if (held && held.until > options.now()) return Promise.resolve(held);
    let pending = loading.get(tenantId);
    if (!pending) {
      pending = load(tenantId)
        .then((loaded) => {
          if (loading.get(tenantId) === pending) parts.set(tenantId, loaded);
          return loaded;
        })
        .finally(() => {
          if (loading.get(tenantId) === pending) loading.delete(tenantId);
        });
      loading.set(tenantId, pending);
    }
    return pending;
  };

  const noteTeam = (tenantId: string, teamId: string | null) => {
    if (!teamId || teamId === tenantId || noted.has(`${tenantId}:${teamId}`)) return;
    noted.add(`${tenantId}:${teamId}`);
    store.tenants.noteTeam(tenantId, teamId, options.now()).catch((error: unknown) => {
      noted.delete(`${tenantId}:${teamId}`);
      logger.warn('could not record a workspace of an organisation', { tenantId, teamId, error });
    });
  };

  const tenantOf = async (authorization: SlackAuthorization): Promise<Tenant> => {
    const { account, settings } = await partsOf(authorization.tenantId);
    return Object.freeze({
      id: authorization.tenantId,
      teamId: authorization.teamId,
      enterpriseId: authorization.enterpriseId,
      botToken: authorization.botToken,
      account,
      settings,
    });
  };

  const tenant = async (tenantId: string) => {
    const authorization = await options.authorizer.authorizeTenant(tenantId);
    return authorization ? tenantOf(authorization) : null;
  };

  return {
    async resolve(key) {
      const authorization = await options.authorizer.authorize(key);
      if (!authorization) return null;
      noteTeam(authorization.tenantId, key.teamId);
      return tenantOf(authorization);
    },
    tenant,
    async forAccount(accountId) {
      const found = await Promise.all((await store.accounts.tenantsOf(accountId)).map(tenant));
      return found.filter((each): each is Tenant => each !== null && each.account?.id === accountId);
    },
    invalidate(tenantId) {
      parts.delete(tenantId);
      loading.delete(tenantId);
      options.authorizer.invalidate(tenantId);
    },
  };
}
