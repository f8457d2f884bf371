/**
 * Version 1: the tables of the first durable store. The same DDL runs on SQLite and PostgreSQL (BIGINT epoch
 * milliseconds, TEXT for ids and JSON, INTEGER 0/1 for flags), so there is one logical schema. Every table that
 * could grow has an expiry column `sweep` deletes by, and an index to find what to delete.
 */
import type { Migration } from './migration.js';

export const initialMigration: Migration = {
  version: 1,
  name: 'initial',
  statements: [
    `CREATE TABLE claims (
      key TEXT PRIMARY KEY,
      expires_at BIGINT NOT NULL
    )`,
    'CREATE INDEX claims_expires_at ON claims (expires_at)',

    `CREATE TABLE intents (
      key TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL,
      state TEXT NOT NULL,
      owner TEXT NOT NULL,
      lease_until BIGINT NOT NULL,
      result TEXT,
      attempts INTEGER NOT NULL,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    // Recovery scans only the unfinished rows, oldest lease first.
    `CREATE INDEX intents_open_lease ON intents (lease_until) WHERE state IN ('running', 'written')`,
    `CREATE INDEX intents_closed_updated ON intents (updated_at) WHERE state IN ('finished', 'failed')`,

    `CREATE TABLE quota_slots (
      id TEXT PRIMARY KEY,
      account TEXT NOT NULL,
      free_at BIGINT NOT NULL
    )`,
    'CREATE INDEX quota_slots_account_free_at ON quota_slots (account, free_at)',
    'CREATE INDEX quota_slots_free_at ON quota_slots (free_at)',
    `CREATE TABLE quota_pauses (
      account TEXT PRIMARY KEY,
      until_at BIGINT NOT NULL
    )`,

    `CREATE TABLE cards (
      team_id TEXT NOT NULL,
      channel_id TEXT NOT NULL,
      message_ts TEXT NOT NULL,
      thread_ts TEXT,
      kind TEXT NOT NULL,
      subject_id TEXT NOT NULL,
      is_private INTEGER NOT NULL,
      rendered_version TEXT,
      posted_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, channel_id, message_ts)
    )`,
    'CREATE INDEX cards_subject ON cards (team_id, kind, subject_id)',
    'CREATE INDEX cards_updated_at ON cards (updated_at)',

    `CREATE TABLE members (
      team_id TEXT NOT NULL,
      user_id TEXT NOT NULL,
      value TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (team_id, user_id)
    )`,
    'CREATE INDEX members_expires_at ON members (expires_at)',

    `CREATE TABLE jobs (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      key TEXT,
      payload TEXT NOT NULL,
      state TEXT NOT NULL,
      run_at BIGINT NOT NULL,
      owner TEXT,
      lease_until BIGINT,
      attempts INTEGER NOT NULL,
      last_error TEXT
    )`,
    // One pending job per (kind, key): enqueue upserts into it. A running job with the same key does not count, so work that
    // arrives while a job runs is not lost.
    `CREATE UNIQUE INDEX jobs_pending_key ON jobs (kind, key) WHERE state = 'pending'`,
    'CREATE INDEX jobs_due ON jobs (kind, run_at)',
  ],
};
