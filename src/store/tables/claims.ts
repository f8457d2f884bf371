/**
 * TTL claims. One statement decides: insert the key, or take over a row whose claim expired; RETURNING tells whether
 * this call won. On PostgreSQL a concurrent insert of the same key waits for the other transaction and then re-checks
 * the WHERE on the committed row, so exactly one caller gets true.
 *
 * Claims made in the same turn of the event loop share one multi-row statement (batch.ts). Within a batch the first
 * caller of a key gets the database's answer and a later one loses to it, and an expired row is taken over only when
 * it expired by the earliest `now` of the batch (a few milliseconds early at most, never late).
 */
import { createBatcher } from '../batch.js';
import type { SqlRunner } from '../sql/sql.js';
import type { ClaimStore } from '../types.js';

/** Claims per statement: 2 parameters each, well within both databases' limits. */
const MAX_BATCH = 200;

interface ClaimCall {
  key: string;
  expiresAt: number;
  now: number;
}

export function claimStore(sql: SqlRunner): ClaimStore {
  const batcher = createBatcher<ClaimCall, boolean>({
    maxItems: MAX_BATCH,
    async run(calls) {
      const first = new Map<string, ClaimCall>();
      for (const call of calls) if (!first.has(call.key)) first.set(call.key, call);
      const rows = [...first.values()];
      const won = await sql.all<{ key: string }>(
        `INSERT INTO claims (key, expires_at) VALUES ${rows.map(() => '(?, ?)').join(', ')}
          ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE claims.expires_at <= ?
          RETURNING key`,
        [...rows.flatMap((row) => [row.key, row.expiresAt]), Math.min(...calls.map((call) => call.now))],
      );
      const winners = new Set(won.map((row) => row.key));
      return calls.map((call) => first.get(call.key) === call && winners.has(call.key));
    },
  });
  return {
    claim: (key, ttlMs, now) => batcher.add({ key, expiresAt: now + ttlMs, now }),
    async release(key) {
      await sql.run('DELETE FROM claims WHERE key = ?', [key]);
    },
  };
}
