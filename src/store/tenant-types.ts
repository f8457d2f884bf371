/**
 * What the store keeps per tenant in OAuth mode (migration 6, docs/store.md "Tenants"): installations, workspace
 * settings, the workspaces seen under an organisation, and forgetting a tenant. The store holds sealed values as
 * opaque strings; sealing and opening them is the tenancy layer's (src/tenancy/secret-box.ts).
 */
import type { AccountRecord } from './types.js';

/** One installation: a workspace's (keyed by team id) or an organisation's (org-wide, keyed by enterprise id). */
export interface InstallationRecord {
  /** The team id of a workspace install, the enterprise id of an org-wide install. */
  tenantId: string;
  teamId: string | null;
  enterpriseId: string | null;
  isEnterpriseInstall: boolean;
  botUserId: string | null;
  botId: string | null;
  /** The whole installation, tokens included, sealed. */
  secretCiphertext: string;
  /** When its rotating token expires (epoch ms); null when its tokens do not rotate. */
  expiresAt: number | null;
  /** 1 when installed, one more at each change (a refresh, a re-install). */
  version: number;
  installedAt: number;
  updatedAt: number;
}

export type InstallationInput = Omit<InstallationRecord, 'version' | 'installedAt' | 'updatedAt'>;

/**
 * Installations, and the lease that serialises refreshing a rotating token across processes: a process refreshes
 * only while it holds the lease, and only the holder can store what the refresh returned.
 */
export interface InstallationTable {
  /** Installs (version 1) or re-installs (the next version, any lease dropped). */
  put(input: InstallationInput, now: number): Promise<InstallationRecord>;
  get(tenantId: string): Promise<InstallationRecord | null>;
  /** True when there was one. */
  remove(tenantId: string): Promise<boolean>;
  /**
   * Takes the refresh lease for `leaseMs` when nobody holds a live one, and answers the installation as it is now;
   * null when another process holds the lease (or there is no installation).
   */
  leaseRefresh(
    tenantId: string,
    options: { owner: string; leaseMs: number; now: number },
  ): Promise<InstallationRecord | null>;
  /**
   * The lease holder stores the refreshed installation (the next version) and drops the lease; with `update` null it
   * only drops the lease. Null when `owner` no longer holds it (it expired and another took it): nothing changes.
   */
  completeRefresh(
    tenantId: string,
    owner: string,
    update: { secretCiphertext: string; expiresAt: number | null } | null,
    now: number,
  ): Promise<InstallationRecord | null>;
}

/** A workspace's policy settings, as JSON the tenancy layer reads (src/tenancy/workspace-settings.ts). */
export interface WorkspaceSettingsRecord {
  settings: unknown;
  updatedBy: string | null;
  updatedAt: number;
}

export interface WorkspaceSettingsTable {
  get(tenantId: string): Promise<WorkspaceSettingsRecord | null>;
  put(tenantId: string, settings: unknown, updatedBy: string | null, now: number): Promise<void>;
}

/** What forgetting a tenant removed, per table, and the account it left unused (now deleted), if any. */
export interface ForgottenTenant {
  removed: Record<string, number>;
  /** The account the tenant was bound to, when no other tenant uses it any more: its row is gone too. */
  orphanedAccount: AccountRecord | null;
}

export interface TenantTable {
  /** Records that workspace `teamId` is served by tenant `tenantId` (an org-wide install); idempotent. */
  noteTeam(tenantId: string, teamId: string, now: number): Promise<void>;
  /** The workspaces seen under the tenant. */
  teamsOf(tenantId: string): Promise<string[]>;
  /**
   * Uninstall (`app_uninstalled`, `tokens_revoked`): deletes everything of the tenant in one transaction — its
   * installation (tokens), its key binding (and the account with its key when nobody else uses it), workspace
   * settings, and under its own id and every workspace seen under it: watches, their changes, channel settings,
   * the cards registry and cached members. A re-install starts fresh. Other tenants are untouched.
   */
  forget(tenantId: string): Promise<ForgottenTenant>;
}

/** Where a sealed value lives: the rotation of SHIPWATCH_ENCRYPTION_KEY re-seals each one. */
export type SealedColumn = 'accounts.key_ciphertext' | 'accounts.webhook_secret_ciphertext' | 'installations';

export interface SealedValue {
  column: SealedColumn;
  /** The row: an account id, or an installation's tenant id. */
  rowId: string;
  ciphertext: string;
}

export interface SealedValueTable {
  /** Every sealed value the store holds. */
  list(): Promise<SealedValue[]>;
  /** Replaces one value, only while it is still `value.ciphertext` (a concurrent change wins); true when replaced. */
  replace(value: SealedValue, ciphertext: string): Promise<boolean>;
}
