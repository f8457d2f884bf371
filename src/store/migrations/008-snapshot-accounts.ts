/**
 * Version 8: which Terminal49 account a watched shipment is read with. In OAuth mode workspaces connect accounts of
 * their own, so the poll, the re-fetch and the minute sweep of a shipment must use its account's client and spend its
 * account's budget. Rows written before say nothing (NULL): they belong to the one account of single-workspace mode.
 */
import type { Migration } from './migration.js';

export const snapshotAccountsMigration: Migration = {
  version: 8,
  name: 'snapshot-accounts',
  statements: ['ALTER TABLE shipment_snapshots ADD COLUMN account_id TEXT'],
};
