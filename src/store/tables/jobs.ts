/**
 * The durable job queue. A job is `pending` until claimed, then `running` under a lease held by one owner; a due
 * pending job, or a running one whose lease expired, is claimed by exactly one caller (SKIP LOCKED on PostgreSQL,
 * the statement's atomicity on SQLite). Only the current owner may complete (delete), retry (back to pending),
 * release (back to pending untouched) or extend a job. At most one pending job exists per (kind, key): a second
 * enqueue merges into it, keeping the earlier run time and place in line and the newer payload (the latest word on
 * what to do). And at most one runs per (kind, key): a pending job is not claimed while another of its key runs
 * under a live lease. Due jobs are claimed lowest `claim_order` first (migration 5), skipping the lanes the caller
 * names (their budget said no).
 */
import { randomUUID } from 'node:crypto';
import type { Sql, SqlRunner } from '../sql/sql.js';
import type { Job, JobInput, JobStore } from '../types.js';
import { fromJson, toJson } from './json.js';

interface JobRow {
  id: string;
  kind: string;
  key: string | null;
  payload: string;
  run_at: number;
  claim_order: number;
  lane: string | null;
  attempts: number;
  last_error: string | null;
  owner: string | null;
  lease_until: number | null;
}

const COLUMNS = 'id, kind, key, payload, run_at, claim_order, lane, attempts, last_error, owner, lease_until';
const EARLIER_RUN_AT = 'CASE WHEN excluded.run_at < jobs.run_at THEN excluded.run_at ELSE jobs.run_at END';
const EARLIER_ORDER =
  'CASE WHEN excluded.claim_order < jobs.claim_order THEN excluded.claim_order ELSE jobs.claim_order END';

/** The lane goes with the place in line: the enqueue that put the job further ahead also says what it spends. */
const LANE_OF_EARLIER_ORDER =
  'CASE WHEN excluded.claim_order < jobs.claim_order THEN excluded.lane ELSE jobs.lane END';

const enqueueSql = (
  payload: string,
) => `INSERT INTO jobs (id, kind, key, payload, state, run_at, claim_order, lane, attempts)
  VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, 0)
  ON CONFLICT (kind, key) WHERE state = 'pending' DO UPDATE SET
    run_at = ${EARLIER_RUN_AT}, claim_order = ${EARLIER_ORDER}, lane = ${LANE_OF_EARLIER_ORDER},
    payload = ${payload}
  RETURNING id`;
const ENQUEUE = enqueueSql('excluded.payload');
/** A hasten knows less than the job it brings forward (JobInput.keepPayload): only time, place and lane move. */
const HASTEN = enqueueSql('jobs.payload');

/** A retried or released job merging into a pending one keeps that job's payload: it was enqueued later. */
const REQUEUE = `INSERT INTO jobs (id, kind, key, payload, state, run_at, claim_order, lane, attempts, last_error)
  VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)
  ON CONFLICT (kind, key) WHERE state = 'pending' DO UPDATE SET
    run_at = ${EARLIER_RUN_AT}, claim_order = ${EARLIER_ORDER}, lane = ${LANE_OF_EARLIER_ORDER},
    last_error = excluded.last_error`;

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    key: row.key,
    payload: fromJson(row.payload),
    runAt: Number(row.run_at),
    order: Number(row.claim_order),
    lane: row.lane,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    owner: row.owner,
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
  };
}

/** Enqueues inside a caller's transaction (the watching tables enqueue with the rows that call for the job). */
export async function enqueueJob(
  tx: SqlRunner,
  { kind, key = null, runAt, payload, order = runAt, lane = null, keepPayload = false }: JobInput,
): Promise<string> {
  const [row] = await tx.all<{ id: string }>(keepPayload ? HASTEN : ENQUEUE, [
    randomUUID(),
    kind,
    key,
    toJson(payload),
    runAt,
    order,
    lane,
  ]);
  // SAFETY: an INSERT … ON CONFLICT DO UPDATE (without WHERE) always returns its one row.
  return (row as { id: string }).id;
}

export function jobStore(sql: Sql): JobStore {
  return {
    async enqueue(job) {
      // Durable: a job often stands for something already acknowledged (a webhook answered 200) and never resent.
      return sql.transaction((tx) => enqueueJob(tx, job), { durable: true });
    },
    async claim({ kinds, owner, leaseMs, now, limit, skipLanes = [] }) {
      if (kinds.length === 0 || limit <= 0) return [];
      const kindList = kinds.map(() => '?').join(', ');
      const laneList = skipLanes.map(() => '?').join(', ');
      const open = skipLanes.length === 0 ? '' : ` AND (lane IS NULL OR lane NOT IN (${laneList}))`;
      const due = `kind IN (${kindList}) AND run_at <= ? AND (state = 'pending' OR lease_until <= ?)${open}`;
      const dueParams = [...kinds, now, now, ...skipLanes];
      // One job per (kind, key) at a time: a pending job waits while another of its key runs under a live lease (two
      // deliveries of one card at once would both post its pending changes).
      const alone = `NOT EXISTS (SELECT 1 FROM jobs AS other WHERE other.kind = jobs.kind AND other.key = jobs.key
        AND other.state = 'running' AND other.lease_until > ? AND other.id <> jobs.id)`;
      // The picked ids are materialized first: PostgreSQL may re-run an `IN (subquery LIMIT n)` per row and so
      // take more than n; the outer WHERE repeats the condition for a row another claimer committed meanwhile.
      const rows = await sql.all<JobRow>(
        `WITH picked AS MATERIALIZED (
            SELECT id AS picked_id FROM jobs WHERE ${due} AND ${alone}
              ORDER BY claim_order, run_at LIMIT ?${sql.skipLocked}
          )
          UPDATE jobs SET state = 'running', owner = ?, lease_until = ?, attempts = attempts + 1
          FROM picked WHERE jobs.id = picked.picked_id AND ${due}
          RETURNING ${COLUMNS}`,
        [...dueParams, now, limit, owner, now + leaseMs, ...dueParams],
      );
      return rows.map(toJob).sort((a, b) => a.order - b.order || a.runAt - b.runAt);
    },
    async complete(id, owner) {
      const changed = await sql.run("DELETE FROM jobs WHERE id = ? AND owner = ? AND state = 'running'", [
        id,
        owner,
      ]);
      return changed === 1;
    },
    retry(id, owner, runAt, error) {
      return sql.transaction(
        async (tx) => {
          const [row] = await tx.all<JobRow>(
            `DELETE FROM jobs WHERE id = ? AND owner = ? AND state = 'running' RETURNING ${COLUMNS}`,
            [id, owner],
          );
          if (!row) return false;
          // Its place in line keeps its distance from its run time: a retried urgent poll is still urgent.
          const order = Number(row.claim_order) - Number(row.run_at) + runAt;
          await tx.run(REQUEUE, [
            row.id,
            row.kind,
            row.key,
            row.payload,
            runAt,
            order,
            row.lane,
            row.attempts,
            error,
          ]);
          return true;
        },
        { durable: true },
      );
    },
    release(id, owner) {
      return sql.transaction(
        async (tx) => {
          const [row] = await tx.all<JobRow>(
            `DELETE FROM jobs WHERE id = ? AND owner = ? AND state = 'running' RETURNING ${COLUMNS}`,
            [id, owner],
          );
          if (!row) return false;
          // Not run: the claim that counted an attempt is given back, and so is its place in line.
          await tx.run(REQUEUE, [
            row.id,
            row.kind,
            row.key,
            row.payload,
            Number(row.run_at),
            Number(row.claim_order),
            row.lane,
            Math.max(0, Number(row.attempts) - 1),
            row.last_error,
          ]);
          return true;
        },
        { durable: true },
      );
    },
    async depth(now) {
      const rows = await sql.all<{
        kind: string;
        pending: number;
        due: number | null;
        oldest_due: number | null;
      }>(
        `SELECT kind, COUNT(*) AS pending, SUM(CASE WHEN run_at <= ? THEN 1 ELSE 0 END) AS due,
            MIN(CASE WHEN run_at <= ? THEN run_at END) AS oldest_due
          FROM jobs WHERE state = 'pending' GROUP BY kind ORDER BY kind`,
        [now, now],
      );
      return rows.map((row) => ({
        kind: row.kind,
        pending: Number(row.pending),
        due: Number(row.due ?? 0),
        oldestDueAt: row.oldest_due === null ? null : Number(row.oldest_due),
      }));
    },
    async extend(id, owner, leaseMs, now) {
      const changed = await sql.run(
        "UPDATE jobs SET lease_until = ? WHERE id = ? AND owner = ? AND state = 'running'",
        [now + leaseMs, id, owner],
      );
      return changed === 1;
    },
  };
}
