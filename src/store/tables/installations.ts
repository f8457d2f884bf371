/**
 * Installations (migration 6): upserted by tenant, and the refresh lease — a conditional UPDATE takes it only when
 * nobody holds a live one, and only its holder stores what the refresh returned (docs/store.md, "Tenants").
 */
import type { SqlParam, SqlRunner } from '../sql/sql.js';
import type { InstallationRecord, InstallationTable } from '../tenant-types.js';

interface InstallationRow {
  tenant_id: string;
  team_id: string | null;
  enterprise_id: string | null;
  is_enterprise_install: number | string;
  bot_user_id: string | null;
  bot_id: string | null;
  secret_ciphertext: string;
  expires_at: number | string | null;
  version: number | string;
  installed_at: number | string;
  updated_at: number | string;
}

const COLUMNS =
  'tenant_id, team_id, enterprise_id, is_enterprise_install, bot_user_id, bot_id, secret_ciphertext, expires_at, version, installed_at, updated_at';

function toRecord(row: InstallationRow): InstallationRecord {
  return {
    tenantId: row.tenant_id,
    teamId: row.team_id,
    enterpriseId: row.enterprise_id,
    isEnterpriseInstall: Number(row.is_enterprise_install) === 1,
    botUserId: row.bot_user_id,
    botId: row.bot_id,
    secretCiphertext: row.secret_ciphertext,
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    version: Number(row.version),
    installedAt: Number(row.installed_at),
    updatedAt: Number(row.updated_at),
  };
}

async function first(
  sql: SqlRunner,
  statement: string,
  params: readonly SqlParam[],
): Promise<InstallationRecord | null> {
  const rows = await sql.all<InstallationRow>(statement, params);
  return rows[0] ? toRecord(rows[0]) : null;
}

export function installationTable(sql: SqlRunner): InstallationTable {
  return {
    async put(input, now) {
      const record = await first(
        sql,
        `INSERT INTO installations (${COLUMNS}, refresh_owner, refresh_until)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, NULL, NULL)
          ON CONFLICT (tenant_id) DO UPDATE SET
            team_id = excluded.team_id,
            enterprise_id = excluded.enterprise_id,
            is_enterprise_install = excluded.is_enterprise_install,
            bot_user_id = excluded.bot_user_id,
            bot_id = excluded.bot_id,
            secret_ciphertext = excluded.secret_ciphertext,
            expires_at = excluded.expires_at,
            version = installations.version + 1,
            refresh_owner = NULL,
            refresh_until = NULL,
            updated_at = excluded.updated_at
          RETURNING ${COLUMNS}`,
        [
          input.tenantId,
          input.teamId,
          input.enterpriseId,
          input.isEnterpriseInstall ? 1 : 0,
          input.botUserId,
          input.botId,
          input.secretCiphertext,
          input.expiresAt,
          now,
          now,
        ],
      );
      // SAFETY: an upsert with RETURNING always returns its row.
      return record as InstallationRecord;
    },
    get: (tenantId) => first(sql, `SELECT ${COLUMNS} FROM installations WHERE tenant_id = ?`, [tenantId]),
    async remove(tenantId) {
      return (await sql.run('DELETE FROM installations WHERE tenant_id = ?', [tenantId])) > 0;
    },
    leaseRefresh: (tenantId, { owner, leaseMs, now }) =>
      first(
        sql,
        `UPDATE installations SET refresh_owner = ?, refresh_until = ?
          WHERE tenant_id = ? AND (refresh_owner IS NULL OR refresh_until <= ?)
          RETURNING ${COLUMNS}`,
        [owner, now + leaseMs, tenantId, now],
      ),
    completeRefresh: (tenantId, owner, update, now) =>
      update === null
        ? first(
            sql,
            `UPDATE installations SET refresh_owner = NULL, refresh_until = NULL
              WHERE tenant_id = ? AND refresh_owner = ?
              RETURNING ${COLUMNS}`,
            [tenantId, owner],
          )
        : first(
            sql,
            `UPDATE installations SET secret_ciphertext = ?, expires_at = ?, version = version + 1,
                refresh_owner = NULL, refresh_until = NULL, updated_at = ?
              WHERE tenant_id = ? AND refresh_owner = ?
              RETURNING ${COLUMNS}`,
            [update.secretCiphertext, update.expiresAt, now, tenantId, owner],
          ),
  };
}
