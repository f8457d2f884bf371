/**
 * Terminal49 accounts and the tenants bound to them (migration 5). `bind` runs in one transaction under a lock named
 * for the tenant, so two replicas binding the same tenant at start agree on one account.
 */
import { randomBytes } from 'node:crypto';
import type { Sql, SqlRunner } from '../sql/sql.js';
import type { AccountRecord, AccountStore } from '../types.js';

interface AccountRow {
  id: string;
  fingerprint: string;
  key_ciphertext: string | null;
  webhook_id: string | null;
  webhook_secret_ciphertext: string | null;
  created_at: number;
  updated_at: number;
}

const COLUMNS =
  'id, fingerprint, key_ciphertext, webhook_id, webhook_secret_ciphertext, created_at, updated_at';

function toAccount(row: AccountRow): AccountRecord {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    keyCiphertext: row.key_ciphertext,
    webhookId: row.webhook_id,
    webhookSecretCiphertext: row.webhook_secret_ciphertext,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

async function one(
  sql: SqlRunner,
  where: string,
  params: Array<string | number>,
): Promise<AccountRecord | null> {
  const rows = await sql.all<AccountRow>(`SELECT ${COLUMNS} FROM accounts WHERE ${where}`, params);
  return rows[0] ? toAccount(rows[0]) : null;
}

export function accountStore(sql: Sql): AccountStore {
  const forTenant = (tx: SqlRunner, tenantId: string) =>
    one(tx, 'id = (SELECT account_id FROM account_bindings WHERE tenant_id = ?)', [tenantId]);
  return {
    bind: (tenantId, credential, now) =>
      sql.transaction(
        async (tx) => {
          const own = await forTenant(tx, tenantId);
          const holder = await one(tx, 'fingerprint = ?', [credential.fingerprint]);
          if (own && (holder === null || holder.id === own.id)) {
            // The tenant's own account, its key kept or replaced.
            await tx.run(
              'UPDATE accounts SET fingerprint = ?, key_ciphertext = ?, updated_at = ? WHERE id = ?',
              [credential.fingerprint, credential.keyCiphertext, now, own.id],
            );
            return {
              ...own,
              fingerprint: credential.fingerprint,
              keyCiphertext: credential.keyCiphertext,
              updatedAt: now,
            };
          }
          let account = holder;
          if (account === null) {
            // The first account of a key takes its fingerprint as id (rows keyed by that hash before accounts existed
            // are its rows); should that id be taken, a random one.
            const taken = await one(tx, 'id = ?', [credential.fingerprint]);
            const id = taken ? `acct_${randomBytes(9).toString('hex')}` : credential.fingerprint;
            await tx.run(`INSERT INTO accounts (${COLUMNS}) VALUES (?, ?, ?, NULL, NULL, ?, ?)`, [
              id,
              credential.fingerprint,
              credential.keyCiphertext,
              now,
              now,
            ]);
            account = {
              id,
              fingerprint: credential.fingerprint,
              keyCiphertext: credential.keyCiphertext,
              webhookId: null,
              webhookSecretCiphertext: null,
              createdAt: now,
              updatedAt: now,
            };
          } else if (
            credential.keyCiphertext !== null &&
            account.keyCiphertext !== credential.keyCiphertext
          ) {
            await tx.run('UPDATE accounts SET key_ciphertext = ?, updated_at = ? WHERE id = ?', [
              credential.keyCiphertext,
              now,
              account.id,
            ]);
            account = { ...account, keyCiphertext: credential.keyCiphertext, updatedAt: now };
          }
          await tx.run(
            `INSERT INTO account_bindings (tenant_id, account_id, bound_at) VALUES (?, ?, ?)
              ON CONFLICT (tenant_id) DO UPDATE SET account_id = excluded.account_id, bound_at = excluded.bound_at`,
            [tenantId, account.id, now],
          );
          return account;
        },
        { lock: `account-binding:${tenantId}` },
      ),
    get: (accountId) => one(sql, 'id = ?', [accountId]),
    forTenant: (tenantId) => forTenant(sql, tenantId),
    async setWebhook(accountId, webhook, now) {
      await sql.run(
        'UPDATE accounts SET webhook_id = ?, webhook_secret_ciphertext = ?, updated_at = ? WHERE id = ?',
        [webhook?.id ?? null, webhook?.secretCiphertext ?? null, now, accountId],
      );
    },
    async clearCredentials(accountId, now) {
      await sql.run(
        `UPDATE accounts SET key_ciphertext = NULL, webhook_id = NULL, webhook_secret_ciphertext = NULL,
          updated_at = ? WHERE id = ?`,
        [now, accountId],
      );
    },
    async unbind(tenantId) {
      await sql.run('DELETE FROM account_bindings WHERE tenant_id = ?', [tenantId]);
    },
    async tenantsOf(accountId) {
      const rows = await sql.all<{ tenant_id: string }>(
        'SELECT tenant_id FROM account_bindings WHERE account_id = ? ORDER BY tenant_id',
        [accountId],
      );
      return rows.map((row) => row.tenant_id);
    },
  };
}
