/**
 * Every migration, in order. Migrations are additive (new tables, columns, indexes; never a drop or a rename in the
 * same release that stops using it), so a replica still running the previous version keeps working against a schema
 * one step ahead during a rolling deploy.
 */
import { initialMigration } from './001-initial.js';
import { watchingMigration } from './002-watching.js';
import { runningJobsMigration } from './003-running-jobs.js';
import { sightingsMigration } from './004-sightings.js';
import { accountsMigration } from './005-accounts.js';
import { installationsMigration } from './006-installations.js';
import { budgetsMigration } from './007-budgets.js';
import { snapshotAccountsMigration } from './008-snapshot-accounts.js';
import { sharedReadsMigration } from './009-shared-reads.js';
import { subscriptionsMigration } from './010-subscriptions.js';
import { trackFromSlackMigration } from './011-track-from-slack.js';
import { alertOwnersMigration } from './012-alert-owners.js';
import { subscriptionExclusionsMigration } from './013-subscription-exclusions.js';
import { cardRequesterMigration } from './014-card-requester.js';
import type { Migration } from './migration.js';

export const MIGRATIONS: readonly Migration[] = [
  initialMigration,
  watchingMigration,
  runningJobsMigration,
  sightingsMigration,
  accountsMigration,
  installationsMigration,
  budgetsMigration,
  snapshotAccountsMigration,
  sharedReadsMigration,
  subscriptionsMigration,
  trackFromSlackMigration,
  alertOwnersMigration,
  subscriptionExclusionsMigration,
  cardRequesterMigration,
];

export const LATEST_VERSION = MIGRATIONS.reduce(
  (latest, migration) => Math.max(latest, migration.version),
  0,
);

export type { Migration, MigrationStatement } from './migration.js';
