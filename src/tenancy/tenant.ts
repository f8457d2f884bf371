/**
 * A tenant: what one Slack workspace (or Enterprise Grid organisation) is to Shipwatch on each request and each job —
 * its Slack credentials, the Terminal49 account it uses with that account's client, and its policy settings. Nothing
 * else holds a token or a key: handlers and jobs read the tenant from their context (docs/architecture.md, "Tenants").
 */
import type { TrackingClient } from '../tracking/tracking-client.js';

/** Who a request or a job is for, as Slack names it. */
export interface TenantKey {
  teamId: string | null;
  enterpriseId: string | null;
  /** An org-wide install: the tenant is the organisation, whatever workspace of it the request comes from. */
  isEnterpriseInstall?: boolean;
}

/** A Terminal49 account as a tenant uses it: a stable id, and a client that spends that account's quota. */
export interface TenantAccount {
  readonly id: string;
  readonly tracking: TrackingClient;
}

/** Who may do what, per tenant (the environment's SHIPWATCH_* values in single-workspace mode). */
export interface TenantSettings {
  /** User and user-group ids allowed to write; empty: every full member of the home workspace. */
  readonly editors: readonly string[];
  /** Channel ids where the bot answers; empty: every channel. */
  readonly channels: readonly string[];
  /** Custom fields the card's "Set custom field" offers; empty: every container field the account defines. */
  readonly customFieldSlugs: readonly string[];
  /** A Terminal49 custom field that mirrors an alert's owner (per workspace in OAuth mode); null or absent: none. */
  readonly ownerField?: string | null;
}

export interface Tenant {
  /** A team id (`T…`), an enterprise id (`E…`) for an org-wide install, or `env` in single-workspace mode. */
  readonly id: string;
  readonly teamId: string | null;
  readonly enterpriseId: string | null;
  readonly botToken: string;
  /** null until a Terminal49 key is connected (OAuth mode). */
  readonly account: TenantAccount | null;
  readonly settings: TenantSettings;
}

/** Finds the tenant of a request or a job; null when Shipwatch does not serve that workspace. */
export interface TenantDirectory {
  resolve(key: TenantKey): Tenant | null | Promise<Tenant | null>;
  /** The tenants whose account is `accountId` (a job names its account; its deliveries go to these workspaces). */
  forAccount(accountId: string): Promise<readonly Tenant[]>;
}
