/**
 * Reads shared by replicas (migration 009, SharedReadStore in types.ts). The lease is taken by one upsert whose
 * `WHERE` only lets it through when no live lease and no answer recent enough are there, so of two replicas asking at
 * once exactly one gets `RETURNING` a row; the answer is stored only by the lease's owner, so a fetch that started
 * before a write (which deleted the account's rows) never stores its pre-write answer.
 */
import type { Sql } from '../sql/sql.js';
import type { SharedRead, SharedReadStore } from '../types.js';

interface Row {
  body: string | null;
  received_at: number | null;
  fetched_at: number | null;
  lease_owner: string | null;
  lease_until: number;
}

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

export function sharedReadStore(sql: Sql): SharedReadStore {
  return {
    async get(account, key) {
      const [row] = await sql.all<Row>(
        'SELECT body, received_at, fetched_at, lease_owner, lease_until FROM shared_reads WHERE account = ? AND read_key = ?',
        [account, key],
      );
      if (!row) return null;
      const read: SharedRead = {
        body: row.body,
        receivedAt: numberOrNull(row.received_at),
        fetchedAt: numberOrNull(row.fetched_at),
        leaseOwner: row.lease_owner,
        leaseUntil: Number(row.lease_until),
      };
      return read;
    },
    async claim(account, key, lease) {
      const rows = await sql.all<{ lease_owner: string }>(
        `INSERT INTO shared_reads (account, read_key, lease_owner, lease_until) VALUES (?, ?, ?, ?)
          ON CONFLICT (account, read_key) DO UPDATE SET lease_owner = excluded.lease_owner,
            lease_until = excluded.lease_until
          WHERE shared_reads.lease_until <= ? AND (shared_reads.fetched_at IS NULL OR shared_reads.fetched_at < ?)
          RETURNING lease_owner`,
        [account, key, lease.owner, lease.now + lease.leaseMs, lease.now, lease.notBefore],
      );
      return rows[0]?.lease_owner === lease.owner;
    },
    async put(account, key, owner, answer) {
      const changed = await sql.run(
        `UPDATE shared_reads SET body = ?, received_at = ?, fetched_at = ?, lease_owner = NULL, lease_until = 0
          WHERE account = ? AND read_key = ? AND lease_owner = ?`,
        [answer.body, answer.receivedAt, answer.fetchedAt, account, key, owner],
      );
      return changed === 1;
    },
    async release(account, key, owner) {
      await sql.run(
        'UPDATE shared_reads SET lease_owner = NULL, lease_until = 0 WHERE account = ? AND read_key = ? AND lease_owner = ?',
        [account, key, owner],
      );
    },
    forget(account) {
      return sql.run('DELETE FROM shared_reads WHERE account = ?', [account]);
    },
  };
}

/** Answers older than this are deleted by the sweep: far past any cache TTL, so only rows nobody reads go. */
export const SHARED_READS_KEPT_MS = 10 * 60_000;
