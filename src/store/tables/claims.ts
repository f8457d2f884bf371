/**
 * TTL claims. One statement decides: insert the key, or take over a row whose claim expired; RETURNING tells whether
 * this call won. On PostgreSQL a concurrent insert of the same key waits for the other transaction and then re-checks
 * the WHERE on the committed row, so exactly one caller gets true.
 *
 * Claims made in the same turn of the event loop share multi-row statements (batch.ts): one per TTL (the replay
 * guard's claims all have the same one), each row taken over only when its claim expired by that row's own `now`
 * (`expires_at - ttl`). A key claimed twice in one turn goes to a second statement after the first, so the two are
 * decided in order, exactly as two calls one after the other.
 */
import { createBatcher } from '../batch.js';
import type { SqlRunner } from '../sql/sql.js';
import type { ClaimStore } from '../types.js';

/** Claims per statement: 2 parameters each, well within both databases' limits. */
const MAX_BATCH = 200;

interface ClaimCall {
  key: string;
  ttlMs: number;
  now: number;
}

/**
 * The batch in statements that can each run as one: distinct keys, one TTL. A key whose earlier call was put off
 * puts off its later calls too, so each key's calls keep their order.
 */
export function claimRounds(calls: readonly ClaimCall[]): ClaimCall[][] {
  const rounds: ClaimCall[][] = [];
  let remaining = [...calls];
  while (remaining.length > 0) {
    const ttlMs = remaining[0]?.ttlMs;
    const taken = new Set<string>();
    const putOff = new Set<string>();
    const round: ClaimCall[] = [];
    const later: ClaimCall[] = [];
    for (const call of remaining) {
      if (call.ttlMs === ttlMs && !taken.has(call.key) && !putOff.has(call.key)) {
        taken.add(call.key);
        round.push(call);
      } else {
        putOff.add(call.key);
        later.push(call);
      }
    }
    rounds.push(round);
    remaining = later;
  }
  return rounds;
}

export function claimStore(sql: SqlRunner): ClaimStore {
  const batcher = createBatcher<ClaimCall, boolean>({
    maxItems: MAX_BATCH,
    async run(calls) {
      const won = new Map<ClaimCall, boolean>();
      for (const round of claimRounds(calls)) {
        const ttlMs = round[0]?.ttlMs ?? 0;
        const [only] = round;
        if (round.length === 1 && only) {
          // A lone claim (the usual batch when the process is not busy) reads the row count instead of RETURNING:
          // on SQLite that is a third less work per claim (docs/store.md, "Batched writes").
          const changed = await sql.run(
            `INSERT INTO claims (key, expires_at) VALUES (?, ?)
              ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at
              WHERE claims.expires_at <= excluded.expires_at - ?`,
            [only.key, only.now + only.ttlMs, ttlMs],
          );
          won.set(only, changed === 1);
          continue;
        }
        const rows = await sql.all<{ key: string }>(
          `INSERT INTO claims (key, expires_at) VALUES ${round.map(() => '(?, ?)').join(', ')}
            ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at
            WHERE claims.expires_at <= excluded.expires_at - ?
            RETURNING key`,
          [...round.flatMap((call) => [call.key, call.now + call.ttlMs]), ttlMs],
        );
        const winners = new Set(rows.map((row) => row.key));
        for (const call of round) won.set(call, winners.has(call.key));
      }
      return calls.map((call) => won.get(call) === true);
    },
  });
  return {
    claim: (key, ttlMs, now) => batcher.add({ key, ttlMs, now }),
    async release(key) {
      await sql.run('DELETE FROM claims WHERE key = ?', [key]);
    },
  };
}
