/**
 * Version 2: watching shipments (README "Watching shipments", docs/store.md). Watches per workspace, channel and
 * shipment (the card they keep true, who created them, active or paused with the reason), each channel's settings,
 * the last snapshot of each watched shipment with its version (compare-and-set: one diff per change whichever
 * replica or path saw it), the webhook inbox (notification ids, deduplicated, swept after a retention), and each
 * watch's changes with when they were posted (the keys that make a change, or a reminder, go out once).
 */
import type { Migration } from './migration.js';

export const watchingMigration: Migration = {
  version: 2,
  name: 'watching',
  statements: [
    `CREATE TABLE watches (
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      shipment_id TEXT NOT NULL,
      shipment_number TEXT NOT NULL,
      card_ts TEXT NOT NULL,
      thread_ts TEXT,
      created_by TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      state TEXT NOT NULL,
      paused_reason TEXT,
      eta_told TEXT,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, channel_id, shipment_id)
    )`,
    'CREATE INDEX watches_shipment ON watches (shipment_id)',

    `CREATE TABLE channel_settings (
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      settings TEXT NOT NULL,
      updated_by TEXT,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, channel_id)
    )`,

    `CREATE TABLE shipment_snapshots (
      shipment_id TEXT PRIMARY KEY,
      version INTEGER NOT NULL,
      snapshot TEXT NOT NULL,
      detail TEXT NOT NULL,
      fetched_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,

    `CREATE TABLE webhook_inbox (
      notification_id TEXT PRIMARY KEY,
      event TEXT NOT NULL,
      shipment_id TEXT,
      facts TEXT,
      body TEXT NOT NULL,
      received_at BIGINT NOT NULL,
      processed_at BIGINT
    )`,
    'CREATE INDEX webhook_inbox_open ON webhook_inbox (shipment_id, received_at) WHERE processed_at IS NULL',
    'CREATE INDEX webhook_inbox_received_at ON webhook_inbox (received_at)',

    `CREATE TABLE watch_changes (
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      shipment_id TEXT NOT NULL,
      change_key TEXT NOT NULL,
      change TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      posted_at BIGINT,
      message_ts TEXT,
      PRIMARY KEY (team_id, channel_id, shipment_id, change_key)
    )`,
    'CREATE INDEX watch_changes_open ON watch_changes (team_id, channel_id, shipment_id) WHERE posted_at IS NULL',
    'CREATE INDEX watch_changes_posted_at ON watch_changes (posted_at)',
  ],
};
