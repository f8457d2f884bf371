/**
 * Version 9: subscriptions (README "Subscriptions", docs/store.md "Subscriptions"). A channel subscribes to a slice of
 * its account's book (`tag:acme pod:USLAX`): each subscription is a row with its filter, the account whose shipment
 * list it matches, and how many shipments matched at the last sweep. The shipments it matches are watches like any
 * other, card-less until their first news, which name the subscription they came from and when the list sweep last
 * saw them match (a watch not seen by a completed sweep has left). Person-made watches keep both columns NULL.
 */
import type { Migration } from './migration.js';

export const subscriptionsMigration: Migration = {
  version: 10,
  name: 'subscriptions',
  statements: [
    `CREATE TABLE subscriptions (
      id TEXT PRIMARY KEY,
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      account_id TEXT NOT NULL,
      filter TEXT NOT NULL,
      terms TEXT NOT NULL,
      created_by TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      matched INTEGER,
      swept_at BIGINT
    )`,
    'CREATE UNIQUE INDEX subscriptions_channel_filter ON subscriptions (team_id, channel_id, filter)',
    'CREATE INDEX subscriptions_account ON subscriptions (account_id)',
    'ALTER TABLE watches ADD COLUMN subscription_id TEXT',
    'ALTER TABLE watches ADD COLUMN subscription_seen_at BIGINT',
    'CREATE INDEX watches_subscription ON watches (subscription_id) WHERE subscription_id IS NOT NULL',
  ],
};
