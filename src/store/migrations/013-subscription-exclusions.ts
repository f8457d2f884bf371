/**
 * Version 13: what a person's unwatch of a subscribed shipment leaves behind (docs/store.md "Subscriptions"), and
 * finding a channel's watch by its number.
 *
 * - `subscription_exclusions`: a channel and shipment no subscription of that channel brings back, with the
 *   subscription whose watch the person ended. Removing that subscription deletes the exclusion (subscribing again
 *   starts afresh); a person watching the shipment there again deletes it too.
 * - `watches_channel_number`: `/shipwatch unwatch <number>` reads the one watch it names, not the channel's thousands.
 */
import type { Migration } from './migration.js';

export const subscriptionExclusionsMigration: Migration = {
  version: 13,
  name: 'subscription-exclusions',
  statements: [
    `CREATE TABLE subscription_exclusions (
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      shipment_id TEXT NOT NULL,
      subscription_id TEXT NOT NULL,
      excluded_by TEXT NOT NULL,
      excluded_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, channel_id, shipment_id)
    )`,
    'CREATE INDEX subscription_exclusions_subscription ON subscription_exclusions (subscription_id)',
    'CREATE INDEX watches_channel_number ON watches (team_id, channel_id, UPPER(shipment_number))',
  ],
};
