/**
 * TTL claims. One statement decides: insert the key, or take over a row whose claim expired; RETURNING tells whether
 * this call won. On PostgreSQL a concurrent insert of the same key waits for the other transaction and then re-checks
 * the WHERE on the committed row, so exactly one caller gets true.
 */
import type { SqlRunner } from '../sql/sql.js';
import type { ClaimStore } from '../types.js';

const CLAIM = `INSERT INTO claims (key, expires_at) VALUES (?, ?)
  ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE claims.expires_at <= ?
  RETURNING key`;

export function claimStore(sql: SqlRunner): ClaimStore {
  return {
    async claim(key, ttlMs, now) {
      const won = await sql.all(CLAIM, [key, now + ttlMs, now]);
      return won.length === 1;
    },
    async release(key) {
      await sql.run('DELETE FROM claims WHERE key = ?', [key]);
    },
  };
}
