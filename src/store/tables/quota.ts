/**
 * The shared rolling-window quota. Each request holds a slot row until its free time; an account never has more
 * than `limit` live slots (free_at > now). Count-then-insert is made atomic across processes by the per-account
 * `quota:<account>` lock of the transaction (an advisory lock on PostgreSQL, so accounts do not wait on each other;
 * SQLite's write lock), which is exactly the window in which two replicas could otherwise both see limit − 1.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '../sql/sql.js';
import type { QuotaStore } from '../types.js';

const STATE = `SELECT
    (SELECT until_at FROM quota_pauses WHERE account = ? AND until_at > ?) AS paused_until,
    count(*) AS held,
    min(free_at) AS first_free
  FROM quota_slots WHERE account = ? AND free_at > ?`;

interface StateRow {
  paused_until: number | null;
  held: number;
  first_free: number | null;
}

export function quotaStore(sql: Sql): QuotaStore {
  return {
    acquire(account, { limit, now, inFlightHoldMs }) {
      return sql.transaction(
        async (tx) => {
          const [state] = await tx.all<StateRow>(STATE, [account, now, account, now]);
          const held = Number(state?.held ?? 0);
          if (state?.paused_until != null) {
            return { ok: false as const, nextFreeAt: Number(state.paused_until), paused: true };
          }
          if (held < limit) {
            const slotId = randomUUID();
            await tx.run('INSERT INTO quota_slots (id, account, free_at) VALUES (?, ?, ?)', [
              slotId,
              account,
              now + inFlightHoldMs,
            ]);
            return { ok: true as const, slotId };
          }
          // Full: a slot frees when the (held − limit + 1)-th earliest live slot does (held > limit only after the
          // limit was lowered).
          let nextFreeAt = Number(state?.first_free ?? now);
          if (held > limit) {
            const [row] = await tx.all<{ free_at: number }>(
              'SELECT free_at FROM quota_slots WHERE account = ? AND free_at > ? ORDER BY free_at LIMIT 1 OFFSET ?',
              [account, now, held - limit],
            );
            nextFreeAt = Number(row?.free_at ?? nextFreeAt);
          }
          return { ok: false as const, nextFreeAt, paused: false };
        },
        { lock: `quota:${account}` },
      );
    },
    async usage(account, now) {
      const [state] = await sql.all<StateRow>(STATE, [account, now, account, now]);
      return {
        held: Number(state?.held ?? 0),
        pausedUntil: state?.paused_until == null ? null : Number(state.paused_until),
      };
    },
    async settle(slotId, freeAt) {
      await sql.run('UPDATE quota_slots SET free_at = ? WHERE id = ?', [freeAt, slotId]);
    },
    async pause(account, untilMs) {
      await sql.run(
        `INSERT INTO quota_pauses (account, until_at) VALUES (?, ?)
          ON CONFLICT (account) DO UPDATE SET until_at = excluded.until_at
          WHERE quota_pauses.until_at < excluded.until_at`,
        [account, untilMs],
      );
    },
  };
}
