/**
 * Version 6: what OAuth mode keeps per workspace (docs/oauth.md). `installations`: one row per installation, keyed by
 * its tenant — the team id of a workspace install, the enterprise id of an org-wide install (which has no team) —
 * with the installation itself (tokens included) sealed by the tenancy layer, the expiry of its rotating token when
 * it rotates, a version bumped at each change, and the lease a process holds while it refreshes the token (so two
 * replicas never both spend one refresh). `workspace_settings`: each workspace's policy settings as its admins set
 * them. `tenant_teams`: the workspaces seen under an org-wide tenant, so forgetting the organisation finds the rows
 * its workspaces wrote under their own team ids.
 */
import type { Migration } from './migration.js';

export const installationsMigration: Migration = {
  version: 6,
  name: 'installations',
  statements: [
    `CREATE TABLE installations (
      tenant_id TEXT PRIMARY KEY,
      team_id TEXT,
      enterprise_id TEXT,
      is_enterprise_install INTEGER NOT NULL,
      bot_user_id TEXT,
      bot_id TEXT,
      secret_ciphertext TEXT NOT NULL,
      expires_at BIGINT,
      version INTEGER NOT NULL,
      refresh_owner TEXT,
      refresh_until BIGINT,
      installed_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE TABLE workspace_settings (
      tenant_id TEXT PRIMARY KEY,
      settings TEXT NOT NULL,
      updated_by TEXT,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE TABLE tenant_teams (
      tenant_id TEXT NOT NULL,
      team_id TEXT NOT NULL,
      seen_at BIGINT NOT NULL,
      PRIMARY KEY (tenant_id, team_id)
    )`,
  ],
};
