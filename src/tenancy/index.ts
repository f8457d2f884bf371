export { type AccountClients, type ClosableTrackingClient, createAccountClients } from './account-clients.js';
export { accountWebhookSecret } from './account-webhook-secret.js';
export { isTenancyError, TenancyError, type TenancyErrorCode } from './errors.js';
export { keyFingerprint } from './fingerprint.js';
export {
  createInstallationAuthorizer,
  type InstallationAuthorizer,
  type SlackAuthorization,
} from './installations/installation-authorizer.js';
export {
  createInstallationStore,
  type OpenInstallation,
  type SealedInstallationStore,
} from './installations/installation-store.js';
export {
  createTokenRefresher,
  REFRESH_WINDOW_MS,
  type RefreshedToken,
  type RefreshWithSlack,
  type TokenRefresher,
} from './installations/token-refresh.js';
export { createOAuthDirectory, type OAuthDirectory, type OAuthDirectoryOptions } from './oauth-directory.js';
export { bucketQuotaInStore, quotaInStore } from './quota-in-store.js';
export { readsInStore, withSharedReads } from './reads-in-store.js';
export {
  createSecretBox,
  encryptionKeyId,
  type SecretBox,
  type SecretPurpose,
  secretBoxFromConfig,
} from './secret-box.js';
export {
  createSingleWorkspaceTenancy,
  ENV_TENANT_ID,
  type SingleWorkspaceOptions,
  singleTenant,
  singleTenantDirectory,
} from './single-workspace.js';
export type { Tenant, TenantAccount, TenantDirectory, TenantKey, TenantSettings } from './tenant.js';
export { tenantCandidates, tenantIdOf } from './tenant-id.js';
export {
  checkWorkspaceSettings,
  DEFAULT_WORKSPACE_SETTINGS,
  loadWorkspaceSettings,
  readWorkspaceSettings,
  type SettingsCheck,
  type SettingsField,
  saveWorkspaceSettings,
  type WorkspaceSettings,
} from './workspace-settings.js';
