/**
 * Tenants as a whole (migration 6): the workspaces seen under an org-wide install, and forgetting a tenant on
 * uninstall — one transaction under the tenant's binding lock, so a `bind` for the same tenant (connecting a key)
 * runs wholly before or wholly after it. Slack-side rows (watches, their changes and alerts, owners, channel
 * settings, cards, cached members) are keyed by the team id of the workspace that wrote them: for an organisation that is each workspace seen
 * under it, so those are deleted too.
 */
import type { Sql } from '../sql/sql.js';
import type { TenantTable } from '../tenant-types.js';
import type { AccountRecord } from '../types.js';

/** Tables keyed by `team_id`, deleted for every workspace of the tenant. */
const TEAM_TABLES = [
  ['watches', 'watches'],
  ['watchChanges', 'watch_changes'],
  ['containerAlerts', 'container_alerts'],
  ['shipmentOwners', 'shipment_owners'],
  ['channelSettings', 'channel_settings'],
  ['subscriptions', 'subscriptions'],
  ['subscriptionExclusions', 'subscription_exclusions'],
  ['cards', 'cards'],
  ['members', 'members'],
] as const;

interface AccountRow {
  id: string;
  fingerprint: string;
  key_ciphertext: string | null;
  webhook_id: string | null;
  webhook_secret_ciphertext: string | null;
  created_at: number | string;
  updated_at: number | string;
}

export function tenantTable(sql: Sql, options: { beforeForget(): Promise<void> }): TenantTable {
  return {
    async noteTeam(tenantId, teamId, now) {
      await sql.run(
        'INSERT INTO tenant_teams (tenant_id, team_id, seen_at) VALUES (?, ?, ?) ON CONFLICT (tenant_id, team_id) DO NOTHING',
        [tenantId, teamId, now],
      );
    },
    async teamsOf(tenantId) {
      const rows = await sql.all<{ team_id: string }>(
        'SELECT team_id FROM tenant_teams WHERE tenant_id = ? ORDER BY team_id',
        [tenantId],
      );
      return rows.map((row) => row.team_id);
    },
    async forget(tenantId) {
      // Card records still gathering (store/batch) are written first, so none lands after the delete.
      await options.beforeForget();
      return sql.transaction(
        async (tx) => {
          const seen = await tx.all<{ team_id: string }>(
            'SELECT team_id FROM tenant_teams WHERE tenant_id = ?',
            [tenantId],
          );
          const teams = [...new Set([tenantId, ...seen.map((row) => row.team_id)])];
          const inTeams = teams.map(() => '?').join(', ');
          const removed: Record<string, number> = {};
          for (const [name, table] of TEAM_TABLES) {
            removed[name] = await tx.run(`DELETE FROM ${table} WHERE team_id IN (${inTeams})`, teams);
          }
          removed.installations = await tx.run('DELETE FROM installations WHERE tenant_id = ?', [tenantId]);
          removed.workspaceSettings = await tx.run('DELETE FROM workspace_settings WHERE tenant_id = ?', [
            tenantId,
          ]);
          const bound = await tx.all<AccountRow>(
            `SELECT id, fingerprint, key_ciphertext, webhook_id, webhook_secret_ciphertext, created_at, updated_at
              FROM accounts WHERE id = (SELECT account_id FROM account_bindings WHERE tenant_id = ?)`,
            [tenantId],
          );
          removed.accountBindings = await tx.run('DELETE FROM account_bindings WHERE tenant_id = ?', [
            tenantId,
          ]);
          let orphanedAccount: AccountRecord | null = null;
          const account = bound[0];
          if (account) {
            const others = await tx.all<{ n: number | string }>(
              'SELECT count(*) AS n FROM account_bindings WHERE account_id = ?',
              [account.id],
            );
            if (Number(others[0]?.n ?? 0) === 0) {
              await tx.run('DELETE FROM accounts WHERE id = ?', [account.id]);
              orphanedAccount = {
                id: account.id,
                fingerprint: account.fingerprint,
                keyCiphertext: account.key_ciphertext,
                webhookId: account.webhook_id,
                webhookSecretCiphertext: account.webhook_secret_ciphertext,
                createdAt: Number(account.created_at),
                updatedAt: Number(account.updated_at),
              };
            }
          }
          removed.accounts = orphanedAccount ? 1 : 0;
          removed.tenantTeams = await tx.run('DELETE FROM tenant_teams WHERE tenant_id = ?', [tenantId]);
          return { removed, orphanedAccount };
        },
        { lock: `account-binding:${tenantId}`, durable: true },
      );
    },
  };
}
