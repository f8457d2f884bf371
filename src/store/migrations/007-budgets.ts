/**
 * Version 7: budgets (README "Watching shipments", docs/store.md "Budgets"). Jobs get a place in line (`claim_order`:
 * lower is claimed first, so a webhook re-fetch goes ahead of every poll and an urgent poll ahead of routine ones)
 * and the budget they spend (`lane`: a claim skips the lanes whose budget said no, instead of re-claiming them).
 * Watches keep their attention tier and when it next changes; a snapshot keeps whether its polls are urgent and
 * its cadence before any stretching (the polls per minute the book needs are summed from it); a webhook
 * notification keeps Terminal49's `created_at` (where catching up resumes after an outage, and its age).
 * Existing jobs keep their order (`claim_order = run_at`: oldest first, as before).
 */
import type { Migration } from './migration.js';

export const budgetsMigration: Migration = {
  version: 7,
  name: 'budgets',
  statements: [
    'ALTER TABLE jobs ADD COLUMN claim_order BIGINT NOT NULL DEFAULT 0',
    'UPDATE jobs SET claim_order = run_at',
    'ALTER TABLE jobs ADD COLUMN lane TEXT',
    `CREATE INDEX jobs_pending_order ON jobs (claim_order) WHERE state = 'pending'`,
    'ALTER TABLE watches ADD COLUMN tier TEXT',
    'ALTER TABLE watches ADD COLUMN tier_until BIGINT',
    'CREATE INDEX watches_tier_until ON watches (tier_until)',
    'ALTER TABLE shipment_snapshots ADD COLUMN poll_every_ms BIGINT',
    'ALTER TABLE shipment_snapshots ADD COLUMN urgent INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE webhook_inbox ADD COLUMN sent_at BIGINT',
    'CREATE INDEX webhook_inbox_sent_at ON webhook_inbox (sent_at)',
  ],
};
