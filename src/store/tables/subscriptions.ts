/**
 * The subscriptions table (migration 009, subscription-types.ts) and the watches it makes. A subscription's shipment
 * joins a channel as a card-less watch with `INSERT … ON CONFLICT DO NOTHING`, so one watch per channel and shipment
 * holds whichever replica or path (the list sweep, a webhook) got there first; a person's watch of the same shipment
 * is never taken over.
 */
import type { Sql } from '../sql/sql.js';
import type { SubscriptionRecord, SubscriptionsStore } from '../subscription-types.js';
import { fromJson, toJson } from './json.js';
import { toWatch, WATCH_COLUMNS, type WatchRow, watchParams } from './watching.js';

interface SubscriptionRow {
  id: string;
  team_id: string;
  channel_id: string;
  account_id: string;
  filter: string;
  terms: string;
  created_by: string;
  created_at: number;
  matched: number | null;
  swept_at: number | null;
}

const COLUMNS =
  'id, team_id, channel_id, account_id, filter, terms, created_by, created_at, matched, swept_at';
const WATCH_KEY = 'team_id = ? AND channel_id = ? AND shipment_id = ?';

function toSubscription(row: SubscriptionRow): SubscriptionRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    channelId: row.channel_id,
    accountId: row.account_id,
    filter: row.filter,
    terms: fromJson(row.terms),
    createdBy: row.created_by,
    createdAt: Number(row.created_at),
    matched: row.matched === null ? null : Number(row.matched),
    sweptAt: row.swept_at === null ? null : Number(row.swept_at),
  };
}

export function subscriptionsStore(sql: Sql): SubscriptionsStore {
  const get = async (id: string) => {
    const rows = await sql.all<SubscriptionRow>(`SELECT ${COLUMNS} FROM subscriptions WHERE id = ?`, [id]);
    return rows[0] ? toSubscription(rows[0]) : null;
  };
  return {
    create(record) {
      return sql.transaction(async (tx) => {
        const inserted = await tx.all<SubscriptionRow>(
          `INSERT INTO subscriptions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (team_id, channel_id, filter) DO NOTHING RETURNING ${COLUMNS}`,
          [
            record.id,
            record.teamId,
            record.channelId,
            record.accountId,
            record.filter,
            toJson(record.terms),
            record.createdBy,
            record.createdAt,
            record.matched,
            record.sweptAt,
          ],
        );
        if (inserted[0]) return { created: true, subscription: toSubscription(inserted[0]) };
        const [existing] = await tx.all<SubscriptionRow>(
          `SELECT ${COLUMNS} FROM subscriptions WHERE team_id = ? AND channel_id = ? AND filter = ?`,
          [record.teamId, record.channelId, record.filter],
        );
        // SAFETY: the conflict proves the row exists, and nothing deletes it inside this transaction.
        return { created: false, subscription: toSubscription(existing as SubscriptionRow) };
      });
    },
    get,
    async listByChannel(teamId, channelId) {
      const rows = await sql.all<SubscriptionRow>(
        `SELECT ${COLUMNS} FROM subscriptions WHERE team_id = ? AND channel_id = ? ORDER BY created_at, id`,
        [teamId, channelId],
      );
      return rows.map(toSubscription);
    },
    async listByAccount(accountId) {
      const rows = await sql.all<SubscriptionRow>(
        `SELECT ${COLUMNS} FROM subscriptions WHERE account_id = ? ORDER BY created_at, id`,
        [accountId],
      );
      return rows.map(toSubscription);
    },
    remove(id) {
      return sql.transaction(async (tx) => {
        // Subscribing again starts afresh: what a person kept out of this subscription may come back through the new one.
        await tx.run('DELETE FROM subscription_exclusions WHERE subscription_id = ?', [id]);
        return (await tx.run('DELETE FROM subscriptions WHERE id = ?', [id])) === 1;
      });
    },
    async exclude(key, exclusion) {
      await sql.run(
        `INSERT INTO subscription_exclusions (team_id, channel_id, shipment_id, subscription_id, excluded_by, excluded_at)
          VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (team_id, channel_id, shipment_id) DO UPDATE SET
          subscription_id = excluded.subscription_id, excluded_by = excluded.excluded_by, excluded_at = excluded.excluded_at`,
        [
          key.teamId,
          key.channelId,
          key.shipmentId,
          exclusion.subscriptionId,
          exclusion.excludedBy,
          exclusion.excludedAt,
        ],
      );
    },
    async include(key) {
      return (
        (await sql.run(`DELETE FROM subscription_exclusions WHERE ${WATCH_KEY}`, [
          key.teamId,
          key.channelId,
          key.shipmentId,
        ])) === 1
      );
    },
    async exclusion(key) {
      const [row] = await sql.all<{ subscription_id: string; excluded_by: string; excluded_at: number }>(
        `SELECT subscription_id, excluded_by, excluded_at FROM subscription_exclusions WHERE ${WATCH_KEY}`,
        [key.teamId, key.channelId, key.shipmentId],
      );
      return row
        ? {
            subscriptionId: row.subscription_id,
            excludedBy: row.excluded_by,
            excludedAt: Number(row.excluded_at),
          }
        : null;
    },
    async setMatched(id, matched, now) {
      await sql.run('UPDATE subscriptions SET matched = ?, swept_at = ? WHERE id = ?', [matched, now, id]);
    },
    join(watch, seenAt) {
      return sql.transaction(async (tx) => {
        const kept = await tx.all<{ one: number }>(
          `SELECT 1 AS one FROM subscription_exclusions WHERE ${WATCH_KEY}`,
          [watch.teamId, watch.channelId, watch.shipmentId],
        );
        if (kept.length > 0) return 'excluded';
        const inserted = await tx.run(
          `INSERT INTO watches (${WATCH_COLUMNS}) VALUES (${WATCH_COLUMNS.split(', ')
            .map(() => '?')
            .join(', ')}) ON CONFLICT (team_id, channel_id, shipment_id) DO NOTHING`,
          watchParams({ ...watch, subscriptionSeenAt: seenAt }),
        );
        if (inserted === 1) return 'joined';
        // Seen again; moved to this subscription when the one it came from is gone. A person's watch is left alone.
        const seen = await tx.run(
          `UPDATE watches SET subscription_seen_at = ?,
              subscription_id = CASE WHEN EXISTS (SELECT 1 FROM subscriptions AS s WHERE s.id = watches.subscription_id)
                THEN subscription_id ELSE ? END
            WHERE ${WATCH_KEY} AND subscription_id IS NOT NULL`,
          [seenAt, watch.subscriptionId, watch.teamId, watch.channelId, watch.shipmentId],
        );
        return seen === 1 ? 'seen' : 'kept';
      });
    },
    async unseen(subscriptionIds, since) {
      if (subscriptionIds.length === 0) return [];
      const rows = await sql.all<WatchRow>(
        `SELECT ${WATCH_COLUMNS} FROM watches WHERE subscription_id IN (${subscriptionIds.map(() => '?').join(', ')})
          AND (subscription_seen_at IS NULL OR subscription_seen_at < ?) ORDER BY created_at, shipment_id`,
        [...subscriptionIds, since],
      );
      return rows.map(toWatch);
    },
    async orphans(limit) {
      const rows = await sql.all<WatchRow>(
        `SELECT ${WATCH_COLUMNS} FROM watches WHERE subscription_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM subscriptions AS s WHERE s.id = watches.subscription_id)
          ORDER BY created_at, shipment_id LIMIT ?`,
        [limit],
      );
      return rows.map(toWatch);
    },
    async watches(subscriptionId) {
      const rows = await sql.all<WatchRow>(
        `SELECT ${WATCH_COLUMNS} FROM watches WHERE subscription_id = ? ORDER BY created_at, shipment_id`,
        [subscriptionId],
      );
      return rows.map(toWatch);
    },
    async move(key, subscriptionId, now) {
      const moved = await sql.run(
        `UPDATE watches SET subscription_id = ?, updated_at = ? WHERE ${WATCH_KEY} AND subscription_id IS NOT NULL`,
        [subscriptionId, now, key.teamId, key.channelId, key.shipmentId],
      );
      return moved === 1;
    },
  };
}
