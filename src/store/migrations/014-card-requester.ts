/**
 * Version 14: who a card was posted for. A tracking request's card (`/shipwatch track`) becomes the shipment's card,
 * watched in its channel, once Terminal49 finds the shipment; the watch is made for the person who asked in that
 * channel. The follow job's payload knew only the last asker of the request, and a webhook that hastened the job
 * before it was queued, or while it ran, left it knowing nobody; the card itself now remembers.
 */
import type { Migration } from './migration.js';

export const cardRequesterMigration: Migration = {
  version: 14,
  name: 'card-requester',
  statements: ['ALTER TABLE cards ADD COLUMN requested_by TEXT'],
};
