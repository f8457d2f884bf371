/**
 * The watching tables (migration 002, watching-types.ts). Two guarantees carry the feature: a snapshot is stored by
 * compare-and-set on its version, in the same durable transaction as the changes it produced for each watch and the
 * jobs that deliver them, so a change is recorded exactly once whichever replica or path found it; and a change is
 * recorded per watch under its key with `ON CONFLICT DO NOTHING`, so the same key (a reminder, a change seen twice)
 * is never posted twice in a channel.
 */
import type { Sql, SqlRunner } from '../sql/sql.js';
import type { JobInput } from '../types.js';
import type {
  ChannelSettingsRecord,
  PendingChange,
  PollDemand,
  ShipmentAttention,
  SnapshotRecord,
  Watch,
  WatchingStore,
  WatchKey,
  WatchState,
} from '../watching-types.js';
import { alertStore } from './alerts.js';
import { chunksOf, placeholders } from './in-list.js';
import { enqueueJob } from './jobs.js';
import { fromJson, toJson } from './json.js';

export interface WatchRow {
  team_id: string;
  channel_id: string;
  shipment_id: string;
  shipment_number: string;
  card_ts: string;
  thread_ts: string | null;
  created_by: string;
  created_at: number;
  state: string;
  paused_reason: string | null;
  eta_told: string | null;
  updated_at: number;
  tier: string | null;
  tier_until: number | null;
  subscription_id: string | null;
  subscription_seen_at: number | null;
}

export const WATCH_COLUMNS =
  'team_id, channel_id, shipment_id, shipment_number, card_ts, thread_ts, created_by, created_at, state, paused_reason, eta_told, updated_at, tier, tier_until, subscription_id, subscription_seen_at';
const WATCH_VALUES = WATCH_COLUMNS.split(', ')
  .map(() => '?')
  .join(', ');
const WATCH_KEY = 'team_id = ? AND channel_id = ? AND shipment_id = ?';
/**
 * How a card-less watch (no card posted yet) keeps its `card_ts`: migration 002 made the column NOT NULL, SQLite cannot
 * relax that without rebuilding the table, and migrations stay additive (a replica one version behind keeps reading
 * the table), so "no card" is the empty string here and null everywhere else.
 */
export const NO_CARD = '';

export function toWatch(row: WatchRow): Watch {
  return {
    teamId: row.team_id,
    channelId: row.channel_id,
    shipmentId: row.shipment_id,
    shipmentNumber: row.shipment_number,
    cardTs: row.card_ts === NO_CARD ? null : row.card_ts,
    threadTs: row.thread_ts,
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    // SAFETY: only this module writes the column, with a WatchState.
    state: row.state as WatchState,
    pausedReason: row.paused_reason,
    etaTold: row.eta_told,
    updatedAt: Number(row.updated_at),
    tier: row.tier,
    tierUntil: row.tier_until === null ? null : Number(row.tier_until),
    // A person's watch has neither (the fields are absent, as callers make them); a subscription's has both.
    ...(row.subscription_id
      ? {
          subscriptionId: row.subscription_id,
          subscriptionSeenAt: row.subscription_seen_at === null ? null : Number(row.subscription_seen_at),
        }
      : {}),
  };
}

export function watchParams(watch: Watch): Array<string | number | null> {
  return [
    watch.teamId,
    watch.channelId,
    watch.shipmentId,
    watch.shipmentNumber,
    watch.cardTs ?? NO_CARD,
    watch.threadTs,
    watch.createdBy,
    watch.createdAt,
    watch.state,
    watch.pausedReason,
    watch.etaTold,
    watch.updatedAt,
    watch.tier,
    watch.tierUntil,
    watch.subscriptionId ?? null,
    watch.subscriptionSeenAt ?? null,
  ];
}

const keyParams = (key: WatchKey) => [key.teamId, key.channelId, key.shipmentId];

interface SnapshotRow {
  shipment_id: string;
  version: number;
  snapshot: string;
  detail: string;
  fetched_at: number;
  updated_at: number;
  account_id: string | null;
}

function toSnapshot(row: SnapshotRow): SnapshotRecord {
  return {
    shipmentId: row.shipment_id,
    version: Number(row.version),
    snapshot: fromJson(row.snapshot),
    detail: fromJson(row.detail),
    fetchedAt: Number(row.fetched_at),
    updatedAt: Number(row.updated_at),
    accountId: row.account_id ?? null,
  };
}

const INSERT_CHANGE = `INSERT INTO watch_changes (team_id, channel_id, shipment_id, change_key, change, created_at)
  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (team_id, channel_id, shipment_id, change_key) DO NOTHING RETURNING change_key`;

async function activeWatches(tx: SqlRunner, shipmentId: string): Promise<Watch[]> {
  const rows = await tx.all<WatchRow>(
    `SELECT ${WATCH_COLUMNS} FROM watches WHERE shipment_id = ? AND state = 'active'`,
    [shipmentId],
  );
  return rows.map(toWatch);
}

/** The attention of a shipment, on its snapshot and on every one of its watches (inside the caller's transaction). */
async function storeAttention(
  tx: SqlRunner,
  shipmentId: string,
  attention: ShipmentAttention,
): Promise<number> {
  const stored = await tx.run(
    'UPDATE shipment_snapshots SET poll_every_ms = ?, urgent = ? WHERE shipment_id = ?',
    [attention.pollEveryMs, attention.urgent ? 1 : 0, shipmentId],
  );
  await tx.run('UPDATE watches SET tier = ?, tier_until = ? WHERE shipment_id = ?', [
    attention.tier,
    attention.tierUntil,
    shipmentId,
  ]);
  return stored;
}

export function watchingStore(sql: Sql): WatchingStore {
  const getSnapshot = async (tx: SqlRunner, shipmentId: string) => {
    const rows = await tx.all<SnapshotRow>(
      'SELECT shipment_id, version, snapshot, detail, fetched_at, updated_at, account_id FROM shipment_snapshots WHERE shipment_id = ?',
      [shipmentId],
    );
    return rows[0] ? toSnapshot(rows[0]) : null;
  };

  return {
    alerts: alertStore(sql),
    watches: {
      async get(teamId, channelId, shipmentId) {
        const rows = await sql.all<WatchRow>(`SELECT ${WATCH_COLUMNS} FROM watches WHERE ${WATCH_KEY}`, [
          teamId,
          channelId,
          shipmentId,
        ]);
        return rows[0] ? toWatch(rows[0]) : null;
      },
      create(watch) {
        return sql.transaction(async (tx) => {
          const inserted = await tx.all<WatchRow>(
            `INSERT INTO watches (${WATCH_COLUMNS}) VALUES (${WATCH_VALUES})
              ON CONFLICT (team_id, channel_id, shipment_id) DO NOTHING RETURNING ${WATCH_COLUMNS}`,
            watchParams(watch),
          );
          if (inserted[0]) return { created: true, watch: toWatch(inserted[0]) };
          const [existing] = await tx.all<WatchRow>(
            `SELECT ${WATCH_COLUMNS} FROM watches WHERE ${WATCH_KEY}`,
            [watch.teamId, watch.channelId, watch.shipmentId],
          );
          // SAFETY: the conflict proves the row exists, and nothing deletes it inside this transaction.
          return { created: false, watch: toWatch(existing as WatchRow) };
        });
      },
      async update(watch) {
        const changed = await sql.run(
          `UPDATE watches SET shipment_number = ?, card_ts = ?, thread_ts = ?, created_by = ?, state = ?,
            paused_reason = ?, eta_told = ?, updated_at = ?, tier = ?, tier_until = ? WHERE ${WATCH_KEY}`,
          [
            watch.shipmentNumber,
            watch.cardTs ?? NO_CARD,
            watch.threadTs,
            watch.createdBy,
            watch.state,
            watch.pausedReason,
            watch.etaTold,
            watch.updatedAt,
            watch.tier,
            watch.tierUntil,
            watch.teamId,
            watch.channelId,
            watch.shipmentId,
          ],
        );
        return changed === 1;
      },
      async setCard(key, card, now) {
        const changed = await sql.run(
          `UPDATE watches SET card_ts = ?, thread_ts = ?, updated_at = ? WHERE ${WATCH_KEY} AND card_ts = ?`,
          [card.cardTs, card.threadTs, now, ...keyParams(key), NO_CARD],
        );
        return changed === 1;
      },
      removeCardless: (key) => removeWatch(sql, key, true),
      async setState(key, state, reason, now) {
        const changed = await sql.run(
          `UPDATE watches SET state = ?, paused_reason = ?, updated_at = ? WHERE ${WATCH_KEY}`,
          [state, reason, now, ...keyParams(key)],
        );
        return changed === 1;
      },
      async setEtaTold(key, etaTold, now) {
        const changed = await sql.run(`UPDATE watches SET eta_told = ?, updated_at = ? WHERE ${WATCH_KEY}`, [
          etaTold,
          now,
          ...keyParams(key),
        ]);
        return changed === 1;
      },
      async attentionDue(now, limit) {
        const rows = await sql.all<{ shipment_id: string }>(
          `SELECT DISTINCT shipment_id FROM watches WHERE state = 'active' AND (tier_until <= ? OR tier IS NULL)
            ORDER BY shipment_id LIMIT ?`,
          [now, limit],
        );
        return rows.map((row) => row.shipment_id);
      },
      async counts() {
        const rows = await sql.all<{ team_id: string; active: number; paused: number }>(
          `SELECT team_id, SUM(CASE WHEN state = 'active' THEN 1 ELSE 0 END) AS active,
              SUM(CASE WHEN state = 'active' THEN 0 ELSE 1 END) AS paused
            FROM watches GROUP BY team_id ORDER BY team_id`,
        );
        return rows.map((row) => ({
          teamId: row.team_id,
          active: Number(row.active),
          paused: Number(row.paused),
        }));
      },
      remove: (key) => removeWatch(sql, key, false),
      async listByChannel(teamId, channelId) {
        const rows = await sql.all<WatchRow>(
          `SELECT ${WATCH_COLUMNS} FROM watches WHERE team_id = ? AND channel_id = ? ORDER BY created_at, shipment_id`,
          [teamId, channelId],
        );
        return rows.map(toWatch);
      },
      async listByChannels(teamId, channelIds) {
        const watches: Watch[] = [];
        for (const chunk of chunksOf([...new Set(channelIds)])) {
          const rows = await sql.all<WatchRow>(
            `SELECT ${WATCH_COLUMNS} FROM watches WHERE team_id = ? AND channel_id IN (${placeholders(chunk)})
              ORDER BY channel_id, created_at, shipment_id`,
            [teamId, ...chunk],
          );
          watches.push(...rows.map(toWatch));
        }
        return watches;
      },
      async overview(query) {
        const channel = [query.teamId, query.channelId];
        // Counted, not read: a channel of 5,000 watches costs one pass over its index entries, and only the first
        // `limit` rows come back (docs/store.md, "A channel's watches at a glance").
        const attentionIn = query.attention.length === 0 ? 'NULL' : query.attention.map(() => '?').join(', ');
        const [counts] = await sql.all<{ watched: number; paused: number | null; attention: number | null }>(
          `SELECT COUNT(*) AS watched, SUM(CASE WHEN state = 'active' THEN 0 ELSE 1 END) AS paused,
              SUM(CASE WHEN state = 'active' AND tier IN (${attentionIn}) THEN 1 ELSE 0 END) AS attention
            FROM watches WHERE team_id = ? AND channel_id = ?`,
          [...query.attention, ...channel],
        );
        const rank = query.tierOrder.map(() => 'WHEN ? THEN').map((when, index) => `${when} ${index}`);
        const rows = await sql.all<WatchRow>(
          `SELECT ${WATCH_COLUMNS} FROM watches WHERE team_id = ? AND channel_id = ?
            ORDER BY CASE WHEN state <> 'active' THEN 1 ELSE 0 END,
              CASE tier ${rank.join(' ')} ELSE ${query.tierOrder.length} END, shipment_number, shipment_id
            LIMIT ?`,
          [...channel, ...query.tierOrder, Math.max(0, Math.floor(query.limit))],
        );
        return {
          watched: Number(counts?.watched ?? 0),
          paused: Number(counts?.paused ?? 0),
          needAttention: Number(counts?.attention ?? 0),
          first: rows.map(toWatch),
        };
      },
      async listByShipment(shipmentId) {
        const rows = await sql.all<WatchRow>(
          `SELECT ${WATCH_COLUMNS} FROM watches WHERE shipment_id = ? ORDER BY created_at, team_id, channel_id`,
          [shipmentId],
        );
        return rows.map(toWatch);
      },
      async findInChannel(teamId, channelId, number) {
        const rows = await sql.all<WatchRow>(
          `SELECT ${WATCH_COLUMNS} FROM watches WHERE team_id = ? AND channel_id = ?
            AND (shipment_id = ? OR UPPER(shipment_number) = ?) ORDER BY created_at LIMIT 1`,
          [teamId, channelId, number, number.toUpperCase()],
        );
        return rows[0] ? toWatch(rows[0]) : null;
      },
      async findByNumber(teamId, number) {
        // Only letters, digits and hyphens reach the LIKE pattern, so it holds no wildcard of its own.
        if (!/^[A-Z0-9-]{1,40}$/.test(number)) return [];
        // Snapshots are JSON written by JSON.stringify (no spaces): a container appears as `"number":"<number>"`.
        const rows = await sql.all<WatchRow>(
          `SELECT ${WATCH_COLUMNS} FROM watches WHERE team_id = ? AND (shipment_number = ? OR shipment_id IN (
             SELECT shipment_id FROM shipment_snapshots WHERE snapshot LIKE ?))
           ORDER BY created_at DESC, channel_id`,
          [teamId, number, `%"number":"${number}"%`],
        );
        return rows.map(toWatch);
      },
    },

    settings: {
      async get(teamId, channelId) {
        const rows = await sql.all<{ settings: string; updated_by: string | null; updated_at: number }>(
          'SELECT settings, updated_by, updated_at FROM channel_settings WHERE team_id = ? AND channel_id = ?',
          [teamId, channelId],
        );
        const row = rows[0];
        if (!row) return null;
        const record: ChannelSettingsRecord = {
          teamId,
          channelId,
          settings: fromJson(row.settings),
          updatedBy: row.updated_by,
          updatedAt: Number(row.updated_at),
        };
        return record;
      },
      async put(record) {
        await sql.run(
          `INSERT INTO channel_settings (team_id, channel_id, settings, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (team_id, channel_id) DO UPDATE SET settings = excluded.settings,
              updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
          [record.teamId, record.channelId, toJson(record.settings), record.updatedBy, record.updatedAt],
        );
      },
    },

    snapshots: {
      get: (shipmentId) => getSnapshot(sql, shipmentId),
      async getMany(shipmentIds) {
        const snapshots: SnapshotRecord[] = [];
        for (const chunk of chunksOf([...new Set(shipmentIds)])) {
          const rows = await sql.all<SnapshotRow>(
            `SELECT shipment_id, version, snapshot, detail, fetched_at, updated_at, account_id FROM shipment_snapshots
              WHERE shipment_id IN (${placeholders(chunk)})`,
            chunk,
          );
          snapshots.push(...rows.map(toSnapshot));
        }
        return snapshots;
      },
      async listIds() {
        const rows = await sql.all<{ shipment_id: string }>(
          'SELECT shipment_id FROM shipment_snapshots ORDER BY shipment_id',
        );
        return rows.map((row) => row.shipment_id);
      },
      commit(commit) {
        return sql.transaction(
          async (tx) => {
            const version = commit.expectedVersion + 1;
            const stored =
              commit.expectedVersion === 0
                ? await tx.all<{ version: number }>(
                    `INSERT INTO shipment_snapshots (shipment_id, version, snapshot, detail, fetched_at, updated_at, account_id)
                      VALUES (?, 1, ?, ?, ?, ?, ?) ON CONFLICT (shipment_id) DO NOTHING RETURNING version`,
                    [
                      commit.shipmentId,
                      toJson(commit.snapshot),
                      toJson(commit.detail),
                      commit.fetchedAt,
                      commit.now,
                      commit.accountId ?? null,
                    ],
                  )
                : await tx.all<{ version: number }>(
                    `UPDATE shipment_snapshots SET version = ?, snapshot = ?, detail = ?, fetched_at = ?, updated_at = ?,
                      account_id = COALESCE(?, account_id)
                      WHERE shipment_id = ? AND version = ? RETURNING version`,
                    [
                      version,
                      toJson(commit.snapshot),
                      toJson(commit.detail),
                      commit.fetchedAt,
                      commit.now,
                      commit.accountId ?? null,
                      commit.shipmentId,
                      commit.expectedVersion,
                    ],
                  );
            if (stored.length === 0)
              return { ok: false as const, current: await getSnapshot(tx, commit.shipmentId) };
            const watches = await activeWatches(tx, commit.shipmentId);
            for (const watch of watches) {
              for (const { key, change } of commit.changes) {
                await tx.all(INSERT_CHANGE, [
                  watch.teamId,
                  watch.channelId,
                  watch.shipmentId,
                  key,
                  toJson(change),
                  commit.now,
                ]);
              }
              for (const job of commit.jobsFor?.(watch) ?? []) await enqueueJob(tx, job);
            }
            for (const job of commit.jobs ?? []) await enqueueJob(tx, job);
            if (commit.attention) await storeAttention(tx, commit.shipmentId, commit.attention);
            for (const id of commit.inboxIds ?? []) {
              await tx.run('UPDATE webhook_inbox SET processed_at = ? WHERE notification_id = ?', [
                commit.now,
                id,
              ]);
            }
            return { ok: true as const, version, watches: watches.length };
          },
          { durable: true },
        );
      },
      setAttention(shipmentId, attention, jobs = []) {
        return sql.transaction(
          async (tx) => {
            const stored = await storeAttention(tx, shipmentId, attention);
            if (stored === 0) return false;
            for (const job of jobs) await enqueueJob(tx, job);
            return true;
          },
          { durable: true },
        );
      },
      async demand() {
        const rows = await sql.all<{ urgent: number; shipments: number; per_minute: number | null }>(
          `SELECT urgent, COUNT(*) AS shipments, SUM(60000.0 / poll_every_ms) AS per_minute
            FROM shipment_snapshots AS s
            WHERE poll_every_ms IS NOT NULL AND poll_every_ms > 0
              AND EXISTS (SELECT 1 FROM watches AS w WHERE w.shipment_id = s.shipment_id AND w.state = 'active')
            GROUP BY urgent`,
        );
        const demand: PollDemand = {
          urgent: { shipments: 0, perMinute: 0 },
          routine: { shipments: 0, perMinute: 0 },
        };
        for (const row of rows) {
          const part = Number(row.urgent) === 1 ? demand.urgent : demand.routine;
          part.shipments = Number(row.shipments);
          part.perMinute = Number(row.per_minute ?? 0);
        }
        return demand;
      },
    },

    changes: {
      record(key, changes, now) {
        return sql.transaction(async (tx) => {
          const added: string[] = [];
          for (const { key: changeKey, change } of changes) {
            const rows = await tx.all<{ change_key: string }>(INSERT_CHANGE, [
              ...keyParams(key),
              changeKey,
              toJson(change),
              now,
            ]);
            if (rows[0]) added.push(rows[0].change_key);
          }
          return added;
        });
      },
      async pending(key) {
        const rows = await sql.all<{ change_key: string; change: string; created_at: number }>(
          `SELECT change_key, change, created_at FROM watch_changes WHERE ${WATCH_KEY} AND posted_at IS NULL
            ORDER BY created_at, change_key`,
          keyParams(key),
        );
        return rows.map(
          (row): PendingChange => ({
            key: row.change_key,
            change: fromJson(row.change),
            createdAt: Number(row.created_at),
          }),
        );
      },
      markPosted(key, changeKeys, messageTs, now) {
        if (changeKeys.length === 0) return Promise.resolve(0);
        return sql.transaction(async (tx) => {
          let marked = 0;
          for (const changeKey of changeKeys) {
            marked += await tx.run(
              `UPDATE watch_changes SET posted_at = ?, message_ts = ? WHERE ${WATCH_KEY} AND change_key = ?
                AND posted_at IS NULL`,
              [now, messageTs, ...keyParams(key), changeKey],
            );
          }
          return marked;
        });
      },
      async keys(key, prefix) {
        const rows = await sql.all<{ change_key: string }>(
          `SELECT change_key FROM watch_changes WHERE ${WATCH_KEY} AND substr(change_key, 1, ?) = ?`,
          [...keyParams(key), prefix.length, prefix],
        );
        return rows.map((row) => row.change_key);
      },
      async recordedBetween(key, from, until) {
        const rows = await sql.all<{ change_key: string; change: string; created_at: number }>(
          `SELECT change_key, change, created_at FROM watch_changes WHERE ${WATCH_KEY} AND created_at > ?
            AND created_at <= ? ORDER BY created_at, change_key`,
          [...keyParams(key), from, until],
        );
        return rows.map(
          (row): PendingChange => ({
            key: row.change_key,
            change: fromJson(row.change),
            createdAt: Number(row.created_at),
          }),
        );
      },
    },

    inbox: {
      accept(notification, jobFor, unknownShipmentJob = null) {
        return sql.transaction(
          async (tx) => {
            const inserted = await tx.all<{ notification_id: string }>(
              `INSERT INTO webhook_inbox (notification_id, event, shipment_id, facts, body, received_at, sent_at)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (notification_id) DO NOTHING RETURNING notification_id`,
              [
                notification.id,
                notification.event,
                notification.shipmentId,
                toJson(notification.facts),
                notification.body,
                notification.now,
                notification.sentAt ?? null,
              ],
            );
            if (inserted.length === 0) return { duplicate: true, watched: false };
            if (notification.shipmentId === null) {
              if (unknownShipmentJob) await enqueueJob(tx, unknownShipmentJob);
              return { duplicate: false, watched: false };
            }
            return refetchIfWatched(tx, notification.shipmentId, jobFor);
          },
          { durable: true },
        );
      },
      complete(id, found, jobFor) {
        return sql.transaction(
          async (tx) => {
            const changed = await tx.run(
              `UPDATE webhook_inbox SET shipment_id = ?, facts = ? WHERE notification_id = ? AND shipment_id IS NULL
                AND processed_at IS NULL`,
              [found.shipmentId, toJson(found.facts), id],
            );
            if (changed === 0) return { duplicate: true, watched: false };
            const outcome = await refetchIfWatched(tx, found.shipmentId, jobFor);
            // Nobody watches it: it needs nothing more, and must not wait for a re-fetch that will never come.
            if (!outcome.watched)
              await tx.run('UPDATE webhook_inbox SET processed_at = received_at WHERE notification_id = ?', [
                id,
              ]);
            return outcome;
          },
          { durable: true },
        );
      },
      async open(shipmentId, upTo) {
        const rows = await sql.all<{
          notification_id: string;
          event: string;
          facts: string | null;
          received_at: number;
          sent_at: number | null;
        }>(
          `SELECT notification_id, event, facts, received_at, sent_at FROM webhook_inbox
            WHERE shipment_id = ? AND processed_at IS NULL AND received_at <= ? ORDER BY received_at, notification_id`,
          [shipmentId, upTo],
        );
        return rows.map((row) => ({
          id: row.notification_id,
          event: row.event,
          facts: fromJson(row.facts),
          receivedAt: Number(row.received_at),
          sentAt: row.sent_at === null ? null : Number(row.sent_at),
        }));
      },
      async lastSentAt() {
        const rows = await sql.all<{ latest: number | null }>(
          'SELECT MAX(sent_at) AS latest FROM webhook_inbox',
        );
        const latest = rows[0]?.latest;
        return latest === null || latest === undefined ? null : Number(latest);
      },
      markProcessed(ids, now) {
        if (ids.length === 0) return Promise.resolve(0);
        return sql.transaction(async (tx) => {
          let marked = 0;
          for (const id of ids) {
            marked += await tx.run(
              'UPDATE webhook_inbox SET processed_at = ? WHERE notification_id = ? AND processed_at IS NULL',
              [now, id],
            );
          }
          return marked;
        });
      },
      async count() {
        const rows = await sql.all<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_inbox');
        return Number(rows[0]?.n ?? 0);
      },
    },
  };
}

/**
 * Deletes a watch (only a card-less one when asked) with its changes and its boxes' snoozes and "done" marks, the
 * shipment's owner in the workspace when no watch of it is left there, and its snapshot when none is left at all.
 * Alert state is the channel's own (README "Owning an alert"): a channel that watches the shipment again starts with
 * every box as loud as a new watch's, not silenced by a "done" nobody can see any more.
 */
function removeWatch(sql: Sql, key: WatchKey, onlyCardless: boolean): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const removed = await tx.run(
      `DELETE FROM watches WHERE ${WATCH_KEY}${onlyCardless ? ' AND card_ts = ?' : ''}`,
      onlyCardless ? [...keyParams(key), NO_CARD] : keyParams(key),
    );
    if (removed === 0) return false;
    await tx.run(`DELETE FROM watch_changes WHERE ${WATCH_KEY}`, keyParams(key));
    await tx.run(`DELETE FROM container_alerts WHERE ${WATCH_KEY}`, keyParams(key));
    const leftInTeam = await tx.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM watches WHERE team_id = ? AND shipment_id = ?',
      [key.teamId, key.shipmentId],
    );
    if (Number(leftInTeam[0]?.n ?? 0) === 0) {
      await tx.run('DELETE FROM shipment_owners WHERE team_id = ? AND shipment_id = ?', [
        key.teamId,
        key.shipmentId,
      ]);
    }
    const left = await tx.all<{ n: number }>('SELECT COUNT(*) AS n FROM watches WHERE shipment_id = ?', [
      key.shipmentId,
    ]);
    if (Number(left[0]?.n ?? 0) === 0) {
      await tx.run('DELETE FROM shipment_snapshots WHERE shipment_id = ?', [key.shipmentId]);
    }
    return true;
  });
}

/** When the shipment has an active watch, enqueues its re-fetch (inside the caller's transaction). */
async function refetchIfWatched(
  tx: SqlRunner,
  shipmentId: string,
  jobFor: (lastFetchedAt: number | null) => JobInput | null,
): Promise<{ duplicate: false; watched: boolean }> {
  const watched = await tx.all<{ n: number }>(
    "SELECT COUNT(*) AS n FROM watches WHERE shipment_id = ? AND state = 'active'",
    [shipmentId],
  );
  if (Number(watched[0]?.n ?? 0) === 0) return { duplicate: false, watched: false };
  const fetched = await tx.all<{ fetched_at: number }>(
    'SELECT fetched_at FROM shipment_snapshots WHERE shipment_id = ?',
    [shipmentId],
  );
  const job = jobFor(fetched[0] ? Number(fetched[0].fetched_at) : null);
  if (job) await enqueueJob(tx, job);
  return { duplicate: false, watched: true };
}

/** Forgets webhook ids past their retention and posted changes past theirs; watches and snapshots stay. */
export async function sweepWatching(
  sql: SqlRunner,
  now: number,
  retention: { inboxMs: number; postedChangesMs: number },
): Promise<Record<string, number>> {
  return {
    webhookInbox: await sql.run('DELETE FROM webhook_inbox WHERE received_at < ?', [now - retention.inboxMs]),
    watchChanges: await sql.run('DELETE FROM watch_changes WHERE posted_at IS NOT NULL AND posted_at < ?', [
      now - retention.postedChangesMs,
    ]),
  };
}
