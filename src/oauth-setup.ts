/**
 * OAuth mode composed from the configuration (docs/oauth.md, "Wiring"): the secret box, the installation store with
 * token rotation and the cached authorizer (Bolt's `authorize`), the tenant directory with a tracking client per
 * connected account (on TRACKING_API_URL, each account's quota in the store — never the embedded simulator), the HTTP
 * routes (install, OAuth redirect, each account's webhooks), and the use cases bound to them: connect and remove a
 * key, save a workspace's settings, forget a workspace on uninstall, and the two Slack event listeners that trigger
 * it. What registers these on the bot (Bolt's App options, `app.event`, the `/shipwatch connect` modal and Home) is
 * the caller's.
 */
import type { Authorize } from '@slack/bolt';
import type { Clock } from './clock.js';
import type { Config } from './config/env.js';
import { connectAccount } from './features/connect/connect-account.js';
import type { ConnectDeps } from './features/connect/connect-deps.js';
import { disconnectAccount } from './features/connect/disconnect-account.js';
import { type ConnectionState, connectionOf } from './features/connect/workspace-admin.js';
import { type UninstallReason, uninstallWorkspace } from './features/uninstall/uninstall-workspace.js';
import type { HttpRoute } from './http/route.js';
import type { Logger } from './logger.js';
import { PROCESS_OWNER } from './process-owner.js';
import { secretsOf } from './secrets.js';
import { boltAuthorize } from './slack/oauth/bolt-authorize.js';
import { createInstallRoutes } from './slack/oauth/install-routes.js';
import { refreshWithSlack } from './slack/oauth/refresh-with-slack.js';
import { uninstallListeners } from './slack/oauth/uninstall-events.js';
import type { Store } from './store/index.js';
import {
  bucketQuotaInStore,
  createAccountClients,
  createInstallationAuthorizer,
  createInstallationStore,
  createOAuthDirectory,
  createTokenRefresher,
  type InstallationAuthorizer,
  loadWorkspaceSettings,
  type OAuthDirectory,
  quotaInStore,
  type SealedInstallationStore,
  type SecretBox,
  saveWorkspaceSettings,
  secretBoxFromConfig,
  type TenantKey,
  type WorkspaceSettings,
  withSharedReads,
} from './tenancy/index.js';
import { checkApiKey } from './tracking/check-api-key.js';
import { createTrackingClient } from './tracking/index.js';
import { createWebhooksApi } from './tracking/webhooks-api.js';

export interface OAuthSetupOptions {
  config: Readonly<Config>;
  store: Store;
  logger: Logger;
  /** Wall time: token expiry, leases, quotas. */
  clock: Clock;
  /** This process in the store's leases (default: PROCESS_OWNER). */
  owner?: string;
  /** Slack's authorize page; the local workspace and tests point it at their stand-in. */
  authorizationUrl?: string;
  /** Told when a webhook queued a re-fetch (the watch worker plans to run it at `runAt`). */
  onWebhookQueued?: (runAt: number) => void;
}

export interface OAuthSetup {
  box: SecretBox;
  installationStore: SealedInstallationStore;
  authorizer: InstallationAuthorizer;
  /** For `new App({ authorize })`: each payload's workspace to its installation's bot. */
  authorize: Authorize<boolean>;
  directory: OAuthDirectory;
  /** `GET /slack/install`, `GET /slack/oauth_redirect` (each account's webhooks are watching's: see the watch service). */
  routes: HttpRoute[];
  /** Whether the tenant has a key connected, and how its notifications arrive. */
  connection(tenantId: string): Promise<ConnectionState>;
  connect(input: { tenantId: string; apiKey: string }): ReturnType<typeof connectAccount>;
  disconnect(input: { tenantId: string }): ReturnType<typeof disconnectAccount>;
  /** The workspace's settings as stored (defaults until its admins save some). */
  settings(tenantId: string): Promise<WorkspaceSettings>;
  saveSettings(
    input: Omit<Parameters<typeof saveWorkspaceSettings>[1], 'now'>,
  ): ReturnType<typeof saveWorkspaceSettings>;
  uninstall(input: { key: TenantKey; reason: UninstallReason }): ReturnType<typeof uninstallWorkspace>;
  /** For `app.event('app_uninstalled', …)` and `app.event('tokens_revoked', …)`. */
  uninstallListeners: ReturnType<typeof uninstallListeners>;
  /** Closes the accounts' tracking clients. */
  close(): Promise<void>;
}

export function createOAuthSetup(options: OAuthSetupOptions): OAuthSetup {
  const { config, store, logger } = options;
  const oauth = config.slack.oauth;
  const box = secretBoxFromConfig(config);
  if (!oauth || !box || !config.publicUrl) {
    throw new Error('OAuth mode needs SLACK_CLIENT_ID, SHIPWATCH_ENCRYPTION_KEY and SHIPWATCH_PUBLIC_URL');
  }
  const publicUrl = config.publicUrl;
  const now = () => options.clock.now().getTime();
  const apiUrl = config.tracking.apiUrl;
  const { rateLimitPerMinute, cacheTtlMs } = config.tracking;

  let authorizer: InstallationAuthorizer | null = null;
  const installationStore = createInstallationStore({
    installations: store.installations,
    box,
    now,
    onStored: (tenantId) => authorizer?.invalidate(tenantId),
    onDeleted: (tenantId) => authorizer?.invalidate(tenantId),
  });
  const refresher = createTokenRefresher({
    installations: store.installations,
    sealed: installationStore,
    refresh: refreshWithSlack({ oauth, slackApiUrl: config.slack.apiUrl }),
    now,
    owner: options.owner ?? PROCESS_OWNER,
  });
  authorizer = createInstallationAuthorizer({ sealed: installationStore, refresher, now });
  const clients = createAccountClients((account) =>
    createTrackingClient({
      baseUrl: apiUrl,
      apiKey: account.apiKey,
      secrets: [...secretsOf(config), account.apiKey],
      clock: options.clock,
      logger,
      cacheTtlMs,
      rateLimitPerMinute,
      sharedQuota: quotaInStore(store, account.id, rateLimitPerMinute),
      ...withSharedReads(store, account.id),
      sharedBucketQuota: bucketQuotaInStore(store, account.id),
    }),
  );
  const directory = createOAuthDirectory({
    authorizer,
    store,
    box,
    clients,
    defaultTeam:
      config.defaultTeam && config.tracking.apiKey
        ? { tenantId: config.defaultTeam, apiKey: config.tracking.apiKey }
        : null,
    now,
    logger,
  });

  const webhooksFor = (apiKey: string) => createWebhooksApi({ baseUrl: apiUrl, apiKey });
  const connectDeps: ConnectDeps = {
    accounts: store.accounts,
    box,
    checkKey: (apiKey) => checkApiKey({ baseUrl: apiUrl, apiKey }),
    webhooksFor,
    publicUrl,
    now,
    changed: (tenantId) => directory.invalidate(tenantId),
    logger,
  };
  const uninstall: OAuthSetup['uninstall'] = (input) =>
    uninstallWorkspace(input, {
      store,
      box,
      webhooksFor,
      forgotten: (tenantId, accountId) => {
        directory.invalidate(tenantId);
        if (accountId) clients.drop(accountId).catch(() => {});
      },
      logger,
    });

  return {
    box,
    installationStore,
    authorizer,
    authorize: boltAuthorize(authorizer),
    directory,
    routes: [
      ...createInstallRoutes({
        oauth,
        publicUrl,
        installationStore,
        slackApiUrl: config.slack.apiUrl,
        ...(options.authorizationUrl ? { authorizationUrl: options.authorizationUrl } : {}),
        logger,
        logLevel: config.logLevel,
      }),
    ],
    connection: (tenantId) => connectionOf(store.accounts, tenantId),
    connect: (input) => connectAccount(input, connectDeps),
    disconnect: (input) => disconnectAccount(input, connectDeps),
    settings: (tenantId) => loadWorkspaceSettings(store, tenantId),
    async saveSettings(input) {
      const saved = await saveWorkspaceSettings(store, { ...input, now: now() });
      if (saved.ok) directory.invalidate(input.tenantId);
      return saved;
    },
    uninstall,
    uninstallListeners: uninstallListeners(uninstall, logger),
    close: () => clients.close(),
  };
}
