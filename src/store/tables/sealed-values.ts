/**
 * Every sealed value the store holds, for re-sealing under a new SHIPWATCH_ENCRYPTION_KEY (`shipwatch db rotate-key`).
 * A replacement is conditional on the old ciphertext, so a value changed meanwhile (a key replaced, a token refreshed)
 * keeps its newer value.
 */
import type { SqlRunner } from '../sql/sql.js';
import type { SealedColumn, SealedValue, SealedValueTable } from '../tenant-types.js';

const WHERE: Record<SealedColumn, { table: string; id: string; column: string }> = {
  'accounts.key_ciphertext': { table: 'accounts', id: 'id', column: 'key_ciphertext' },
  'accounts.webhook_secret_ciphertext': { table: 'accounts', id: 'id', column: 'webhook_secret_ciphertext' },
  installations: { table: 'installations', id: 'tenant_id', column: 'secret_ciphertext' },
};

export function sealedValueTable(sql: SqlRunner): SealedValueTable {
  return {
    async list() {
      const values: SealedValue[] = [];
      // SAFETY: WHERE's keys are exactly the SealedColumn values.
      for (const [column, where] of Object.entries(WHERE) as Array<
        [SealedColumn, (typeof WHERE)[SealedColumn]]
      >) {
        const rows = await sql.all<{ row_id: string; ciphertext: string }>(
          `SELECT ${where.id} AS row_id, ${where.column} AS ciphertext FROM ${where.table}
            WHERE ${where.column} IS NOT NULL ORDER BY ${where.id}`,
        );
        for (const row of rows) values.push({ column, rowId: row.row_id, ciphertext: row.ciphertext });
      }
      return values;
    },
    async replace(value, ciphertext) {
      const where = WHERE[value.column];
      const changed = await sql.run(
        `UPDATE ${where.table} SET ${where.column} = ? WHERE ${where.id} = ? AND ${where.column} = ?`,
        [ciphertext, value.rowId, value.ciphertext],
      );
      return changed > 0;
    },
  };
}
