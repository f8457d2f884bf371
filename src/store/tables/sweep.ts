/**
 * Deletes what has expired, so nothing the store keeps grows without bound: claims, cached members, quota slots and
 * pauses past their time; sightings of signed requests older than Slack's window; intents finished or failed longer ago than their retention (running and written intents
 * are never swept: recovery owns them); cards not updated within their retention.
 */
import type { SqlRunner } from '../sql/sql.js';
import { DEFAULT_WATCHING_RETENTION, type WatchingRetention } from '../watching-types.js';
import { SHARED_READS_KEPT_MS } from './shared-reads.js';
import { sweepWatching } from './watching.js';

export interface Retention extends WatchingRetention {
  /** How long a finished or failed intent is kept (longer than any duplicate window callers use). */
  intentsMs: number;
  /** How long a card nobody updated stays findable. */
  cardsMs: number;
  /** How long a signed request's sighting is kept: past Slack's 5-minute window, where a replay is refused anyway. */
  sightingsMs: number;
}

export const DEFAULT_RETENTION: Retention = {
  intentsMs: 7 * 24 * 3600_000,
  cardsMs: 90 * 24 * 3600_000,
  sightingsMs: 10 * 60_000,
  ...DEFAULT_WATCHING_RETENTION,
};

export async function sweepExpired(
  sql: SqlRunner,
  now: number,
  retention: Retention,
): Promise<Record<string, number>> {
  return {
    claims: await sql.run('DELETE FROM claims WHERE expires_at <= ?', [now]),
    sightings: await sql.run('DELETE FROM sightings WHERE signed_at < ?', [
      Math.floor((now - retention.sightingsMs) / 1000),
    ]),
    members: await sql.run('DELETE FROM members WHERE expires_at <= ?', [now]),
    quotaSlots: await sql.run('DELETE FROM quota_slots WHERE free_at <= ?', [now]),
    quotaPauses: await sql.run('DELETE FROM quota_pauses WHERE until_at <= ?', [now]),
    intents: await sql.run("DELETE FROM intents WHERE state IN ('finished', 'failed') AND updated_at < ?", [
      now - retention.intentsMs,
    ]),
    cards: await sql.run('DELETE FROM cards WHERE updated_at < ?', [now - retention.cardsMs]),
    sharedReads: await sql.run(
      'DELETE FROM shared_reads WHERE lease_until <= ? AND COALESCE(fetched_at, 0) < ?',
      [now, now - SHARED_READS_KEPT_MS],
    ),
    ...(await sweepWatching(sql, now, retention)),
  };
}
