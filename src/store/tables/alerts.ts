/**
 * Owning an alert (migration 009, watching-types.ts `AlertStore`): a shipment's owner per workspace, and per channel
 * and container a snooze or "done". Each is one row replaced in place (`ON CONFLICT … DO UPDATE`), so the last
 * person to act wins on every replica alike.
 */
import type { Sql } from '../sql/sql.js';
import type { AlertStore, ContainerAlert, ShipmentOwner } from '../watching-types.js';
import { chunksOf, placeholders } from './in-list.js';

interface OwnerRow {
  team_id: string;
  shipment_id: string;
  user_id: string;
  set_at: number;
}

interface AlertRow {
  team_id: string;
  channel_id: string;
  shipment_id: string;
  container_id: string;
  state: string;
  until_at: number | null;
  set_by: string;
  set_at: number;
}

const toOwner = (row: OwnerRow): ShipmentOwner => ({
  teamId: row.team_id,
  shipmentId: row.shipment_id,
  userId: row.user_id,
  setAt: Number(row.set_at),
});

const toAlert = (row: AlertRow): ContainerAlert => ({
  teamId: row.team_id,
  channelId: row.channel_id,
  shipmentId: row.shipment_id,
  containerId: row.container_id,
  state: row.state === 'done' ? 'done' : 'snoozed',
  until: row.until_at === null ? null : Number(row.until_at),
  setBy: row.set_by,
  setAt: Number(row.set_at),
});

export function alertStore(sql: Sql): AlertStore {
  const getOwner = async (teamId: string, shipmentId: string) => {
    const rows = await sql.all<OwnerRow>(
      'SELECT team_id, shipment_id, user_id, set_at FROM shipment_owners WHERE team_id = ? AND shipment_id = ?',
      [teamId, shipmentId],
    );
    return rows[0] ? toOwner(rows[0]) : null;
  };
  return {
    owners: {
      get: getOwner,
      set(owner) {
        return sql.transaction(async (tx) => {
          const before = await tx.all<OwnerRow>(
            'SELECT team_id, shipment_id, user_id, set_at FROM shipment_owners WHERE team_id = ? AND shipment_id = ?',
            [owner.teamId, owner.shipmentId],
          );
          await tx.run(
            `INSERT INTO shipment_owners (team_id, shipment_id, user_id, set_at) VALUES (?, ?, ?, ?)
              ON CONFLICT (team_id, shipment_id) DO UPDATE SET user_id = excluded.user_id, set_at = excluded.set_at`,
            [owner.teamId, owner.shipmentId, owner.userId, owner.setAt],
          );
          return before[0] ? toOwner(before[0]) : null;
        });
      },
      async listByUser(teamId, userId) {
        const rows = await sql.all<OwnerRow>(
          `SELECT team_id, shipment_id, user_id, set_at FROM shipment_owners WHERE team_id = ? AND user_id = ?
            ORDER BY set_at, shipment_id`,
          [teamId, userId],
        );
        return rows.map(toOwner);
      },
      async getMany(teamId, shipmentIds) {
        const owners: ShipmentOwner[] = [];
        for (const chunk of chunksOf([...new Set(shipmentIds)])) {
          const rows = await sql.all<OwnerRow>(
            `SELECT team_id, shipment_id, user_id, set_at FROM shipment_owners
              WHERE team_id = ? AND shipment_id IN (${placeholders(chunk)})`,
            [teamId, ...chunk],
          );
          owners.push(...rows.map(toOwner));
        }
        return owners;
      },
    },
    containers: {
      async set(alert) {
        await sql.run(
          `INSERT INTO container_alerts
              (team_id, channel_id, shipment_id, container_id, state, until_at, set_by, set_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (team_id, channel_id, shipment_id, container_id) DO UPDATE SET state = excluded.state,
              until_at = excluded.until_at, set_by = excluded.set_by, set_at = excluded.set_at`,
          [
            alert.teamId,
            alert.channelId,
            alert.shipmentId,
            alert.containerId,
            alert.state,
            alert.until,
            alert.setBy,
            alert.setAt,
          ],
        );
      },
      async list(key) {
        const rows = await sql.all<AlertRow>(
          `SELECT team_id, channel_id, shipment_id, container_id, state, until_at, set_by, set_at
            FROM container_alerts WHERE team_id = ? AND channel_id = ? AND shipment_id = ? ORDER BY container_id`,
          [key.teamId, key.channelId, key.shipmentId],
        );
        return rows.map(toAlert);
      },
    },
  };
}
