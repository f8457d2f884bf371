/**
 * Durable write intents (the invariant: one upstream write per key across replicas and restarts). `begin` is one
 * upsert whose WHERE admits only a failed row or one finished longer ago than the duplicate window, so of two
 * concurrent begins exactly one starts. Every later step is fenced by `owner`: after `claimExpired` handed the row to
 * another process, the original owner's markWritten/finish/fail match no row and answer false.
 */
import { StoreError } from '../errors.js';
import type { Sql } from '../sql/sql.js';
import type { Intent, IntentState, IntentStore } from '../types.js';
import { fromJson, toJson } from './json.js';

interface IntentRow {
  key: string;
  kind: string;
  payload: string;
  state: IntentState;
  owner: string;
  lease_until: number;
  result: string | null;
  attempts: number;
  created_at: number;
  updated_at: number;
}

const COLUMNS = 'key, kind, payload, state, owner, lease_until, result, attempts, created_at, updated_at';

const BEGIN = `INSERT INTO intents (${COLUMNS}) VALUES (?, ?, ?, 'running', ?, ?, NULL, 1, ?, ?)
  ON CONFLICT (key) DO UPDATE SET
    kind = excluded.kind, payload = excluded.payload, state = 'running', owner = excluded.owner,
    lease_until = excluded.lease_until, result = NULL, attempts = intents.attempts + 1,
    created_at = excluded.created_at, updated_at = excluded.updated_at
  WHERE intents.state = 'failed' OR (intents.state = 'finished' AND intents.updated_at < ?)
  RETURNING key`;

function toIntent(row: IntentRow): Intent {
  return {
    key: row.key,
    kind: row.kind,
    payload: fromJson(row.payload),
    state: row.state,
    owner: row.owner,
    leaseUntil: Number(row.lease_until),
    result: fromJson(row.result),
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function intentStore(sql: Sql): IntentStore {
  const get = async (key: string) => {
    const rows = await sql.all<IntentRow>(`SELECT ${COLUMNS} FROM intents WHERE key = ?`, [key]);
    return rows[0] ? toIntent(rows[0]) : null;
  };
  return {
    get,
    async begin(intent, { owner, leaseMs, now, duplicateWindowMs }) {
      const params = [intent.key, intent.kind, toJson(intent.payload), owner, now + leaseMs, now, now];
      // Two tries: the row that blocked us can be swept between the upsert and the read; then the upsert wins.
      for (let attempt = 0; attempt < 2; attempt++) {
        const started = await sql.all(BEGIN, [...params, now - duplicateWindowMs]);
        if (started.length === 1) return { started: true };
        const existing = await get(intent.key);
        if (existing) return { started: false, state: existing.state, intent: existing };
      }
      throw new StoreError({
        code: 'store_conflict',
        message: `intent ${intent.key} kept changing; try again`,
      });
    },
    async markWritten(key, owner, result, now) {
      const changed = await sql.run(
        "UPDATE intents SET state = 'written', result = ?, updated_at = ? WHERE key = ? AND owner = ? AND state = 'running'",
        [toJson(result), now, key, owner],
      );
      return changed === 1;
    },
    async finish(key, owner, now) {
      const changed = await sql.run(
        "UPDATE intents SET state = 'finished', updated_at = ? WHERE key = ? AND owner = ? AND state IN ('running', 'written')",
        [now, key, owner],
      );
      return changed === 1;
    },
    async fail(key, owner, result, now) {
      const changed = await sql.run(
        "UPDATE intents SET state = 'failed', result = ?, updated_at = ? WHERE key = ? AND owner = ? AND state IN ('running', 'written')",
        [toJson(result), now, key, owner],
      );
      return changed === 1;
    },
    async claimExpired({ owner, leaseMs, now, limit }) {
      // The picked keys are materialized first: PostgreSQL may re-run an `IN (subquery LIMIT n)` per row and so
      // take more than n; the outer WHERE repeats the condition for a row another recoverer committed meanwhile.
      const expired = "state IN ('running', 'written') AND lease_until <= ?";
      const rows = await sql.all<IntentRow>(
        `WITH picked AS MATERIALIZED (
            SELECT key AS picked_key FROM intents WHERE ${expired} ORDER BY lease_until LIMIT ?${sql.skipLocked}
          )
          UPDATE intents SET owner = ?, lease_until = ?, attempts = attempts + 1, updated_at = ?
          FROM picked WHERE intents.key = picked.picked_key AND ${expired}
          RETURNING ${COLUMNS}`,
        [now, limit, owner, now + leaseMs, now, now],
      );
      return rows.map(toIntent);
    },
  };
}
