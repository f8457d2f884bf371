/**
 * Single-workspace mode: the one workspace the environment configures (SLACK_BOT_TOKEN) and the one Terminal49 key it
 * uses (TRACKING_API_KEY, or the embedded simulator's demo key). Every request resolves to the same tenant, with no I/O
 * on the way (a slash command's ack must not wait for a lookup). The account is a stored row bound to the tenant `env`:
 * replacing TRACKING_API_KEY keeps the account, its quota and everything keyed by it.
 */
import type { Config } from '../config/env.js';
import type { Store } from '../store/index.js';
import type { TrackingClient } from '../tracking/tracking-client.js';
import { keyFingerprint } from './fingerprint.js';
import type { Tenant, TenantDirectory } from './tenant.js';

/** The tenant id of the environment's workspace. */
export const ENV_TENANT_ID = 'env';

export interface SingleWorkspaceOptions {
  config: Readonly<Config>;
  /** The account's key: TRACKING_API_KEY, or the simulator's demo key. */
  apiKey: string;
  /** The account's client, built once its id is known (its quota is kept under that id). */
  trackingFor(accountId: string): TrackingClient;
  store: Pick<Store, 'accounts'>;
  now: number;
}

/** Binds the environment's key to its account, then serves the one tenant. */
export async function createSingleWorkspaceTenancy(
  options: SingleWorkspaceOptions,
): Promise<TenantDirectory & { tenant: Tenant }> {
  const record = await options.store.accounts.bind(
    ENV_TENANT_ID,
    { fingerprint: keyFingerprint(options.apiKey), keyCiphertext: null },
    options.now,
  );
  return singleTenantDirectory(
    singleTenant(options.config, { id: record.id, tracking: options.trackingFor(record.id) }),
  );
}

/** The environment's tenant, given its account (tests build one without a store). */
export function singleTenant(config: Readonly<Config>, account: Tenant['account']): Tenant {
  return Object.freeze({
    id: ENV_TENANT_ID,
    teamId: null,
    enterpriseId: null,
    botToken: config.slack.botToken ?? '',
    account,
    settings: Object.freeze({
      editors: config.policy.editors,
      channels: config.policy.channels,
      customFieldSlugs: config.customFieldSlugs,
      ownerField: config.ownerField ?? null,
    }),
  });
}

export function singleTenantDirectory(tenant: Tenant): TenantDirectory & { tenant: Tenant } {
  return {
    tenant,
    resolve: () => tenant,
    forAccount: async (accountId) => (tenant.account?.id === accountId ? [tenant] : []),
  };
}
