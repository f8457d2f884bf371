/**
 * Version 4: the replay guard's own table. Every signed Slack request is written here before it is acted on, so it
 * is the store's hottest write. Keyed by (signed_at, signature): rows arrive in time order and go to the end of one
 * B-tree, and the sweep deletes a range of that same key, so no second index is needed. On SQLite the table is
 * WITHOUT ROWID, the key is the table, which halves the pages one write touches (docs/store.md, "Batched writes").
 */
import type { Migration } from './migration.js';

const columns = `signed_at BIGINT NOT NULL,
      signature TEXT NOT NULL,
      PRIMARY KEY (signed_at, signature)`;

export const sightingsMigration: Migration = {
  version: 4,
  name: 'sightings',
  statements: [
    {
      sqlite: `CREATE TABLE sightings (${columns}) WITHOUT ROWID`,
      postgres: `CREATE TABLE sightings (${columns})`,
    },
  ],
};
