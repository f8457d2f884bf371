/**
 * Version 5: Terminal49 accounts as rows of their own. An account has a stable id; its API key is a credential of it,
 * found by the key's fingerprint (a hash, never the key), so replacing a key keeps the account and everything keyed
 * by it (its quota, its watches' budget). `account_bindings` says which account each tenant uses (a workspace, an
 * Enterprise Grid organisation, or `env` for the one workspace configured by the environment). The first account made
 * for a key takes the key's fingerprint as its id: the quota rows written before accounts existed were keyed by
 * that very hash, so they are the account's rows without moving them.
 */
import type { Migration } from './migration.js';

export const accountsMigration: Migration = {
  version: 5,
  name: 'accounts',
  statements: [
    `CREATE TABLE accounts (
      id TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL UNIQUE,
      key_ciphertext TEXT,
      webhook_id TEXT,
      webhook_secret_ciphertext TEXT,
      created_at BIGINT NOT NULL,
      updated_at BIGINT NOT NULL
    )`,
    `CREATE TABLE account_bindings (
      tenant_id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      bound_at BIGINT NOT NULL
    )`,
    'CREATE INDEX account_bindings_by_account ON account_bindings (account_id)',
  ],
};
