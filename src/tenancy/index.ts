export { keyFingerprint } from './fingerprint.js';
export { quotaInStore } from './quota-in-store.js';
export {
  createSingleWorkspaceTenancy,
  ENV_TENANT_ID,
  type SingleWorkspaceOptions,
  singleTenant,
  singleTenantDirectory,
} from './single-workspace.js';
export type { Tenant, TenantAccount, TenantDirectory, TenantKey, TenantSettings } from './tenant.js';
