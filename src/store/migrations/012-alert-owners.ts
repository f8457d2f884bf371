/**
 * Version 9: owning an alert (README "Owning an alert"). Who took a shipment in a workspace (shown on its watched
 * cards, and kept for App Home), and, per channel and container, a snooze of its reminders until an instant or
 * "done" (no more reminders for that box there), with who did it and when.
 */
import type { Migration } from './migration.js';

export const alertOwnersMigration: Migration = {
  version: 12,
  name: 'alert-owners',
  statements: [
    `CREATE TABLE shipment_owners (
      team_id TEXT NOT NULL,
      shipment_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      set_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, shipment_id)
    )`,
    'CREATE INDEX shipment_owners_user ON shipment_owners (team_id, user_id)',
    `CREATE TABLE container_alerts (
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      shipment_id TEXT NOT NULL,
      container_id TEXT NOT NULL,
      state TEXT NOT NULL,
      until_at BIGINT,
      set_by TEXT NOT NULL,
      set_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, channel_id, shipment_id, container_id)
    )`,
  ],
};
