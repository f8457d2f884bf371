/**
 * Version 9: cards found by their subject in every workspace. A tracking request's card is followed until Terminal49
 * finds the shipment; the follow job and the `tracking_request.*` webhooks start from the request alone, so its cards
 * are looked up by (kind, subject) without a workspace.
 */
import type { Migration } from './migration.js';

export const trackFromSlackMigration: Migration = {
  version: 11,
  name: 'track-from-slack',
  statements: ['CREATE INDEX cards_kind_subject ON cards (kind, subject_id)'],
};
