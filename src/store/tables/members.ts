/** The member directory cache: one JSON value per (workspace, user), each with its own expiry. */
import type { SqlRunner } from '../sql/sql.js';
import type { MemberStore } from '../types.js';
import { fromJson, toJson } from './json.js';

export function memberStore(sql: SqlRunner): MemberStore {
  return {
    async get(teamId, userId, now) {
      const rows = await sql.all<{ value: string }>(
        'SELECT value FROM members WHERE team_id = ? AND user_id = ? AND expires_at > ?',
        [teamId, userId, now],
      );
      return rows[0] ? fromJson(rows[0].value) : null;
    },
    async put(teamId, userId, value, expiresAt) {
      await sql.run(
        `INSERT INTO members (team_id, user_id, value, expires_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (team_id, user_id) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
        [teamId, userId, toJson(value), expiresAt],
      );
    },
  };
}
