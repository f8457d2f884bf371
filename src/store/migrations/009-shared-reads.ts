/**
 * Version 9: reads shared by replicas (docs/store.md, "Shared reads"). One row per tracking account and GET URL: the
 * last answer's body with when it arrived, and a lease naming the one process fetching it now, so replicas that look
 * up the same shipment together send one request and the others read its answer. Rows are a cache: the sweep
 * deletes old ones, and a write through the API deletes its account's rows.
 */
import type { Migration } from './migration.js';

export const sharedReadsMigration: Migration = {
  version: 9,
  name: 'shared-reads',
  statements: [
    `CREATE TABLE shared_reads (
      account TEXT NOT NULL,
      read_key TEXT NOT NULL,
      body TEXT,
      received_at BIGINT,
      fetched_at BIGINT,
      lease_owner TEXT,
      lease_until BIGINT NOT NULL DEFAULT 0,
      PRIMARY KEY (account, read_key)
    )`,
    'CREATE INDEX shared_reads_fetched_at ON shared_reads (fetched_at)',
  ],
};
