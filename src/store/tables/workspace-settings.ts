/** Each workspace's policy settings (migration 6): one JSON document per tenant, with who changed it last and when. */
import type { SqlRunner } from '../sql/sql.js';
import type { WorkspaceSettingsTable } from '../tenant-types.js';
import { fromJson, toJson } from './json.js';

export function workspaceSettingsTable(sql: SqlRunner): WorkspaceSettingsTable {
  return {
    async get(tenantId) {
      const rows = await sql.all<{
        settings: string;
        updated_by: string | null;
        updated_at: number | string;
      }>('SELECT settings, updated_by, updated_at FROM workspace_settings WHERE tenant_id = ?', [tenantId]);
      const row = rows[0];
      return row
        ? { settings: fromJson(row.settings), updatedBy: row.updated_by, updatedAt: Number(row.updated_at) }
        : null;
    },
    async put(tenantId, settings, updatedBy, now) {
      await sql.run(
        `INSERT INTO workspace_settings (tenant_id, settings, updated_by, updated_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (tenant_id) DO UPDATE SET settings = excluded.settings, updated_by = excluded.updated_by,
            updated_at = excluded.updated_at`,
        [tenantId, toJson(settings), updatedBy, now],
      );
    },
  };
}
