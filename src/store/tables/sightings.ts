/**
 * The replay guard's sightings of signed Slack requests: a request is known by its signed timestamp and its
 * signature, and the first process to write that pair acts on it. The insert decides (`ON CONFLICT DO NOTHING`), so
 * of two replicas seeing one request at once exactly one wins, on both backends.
 *
 * Sightings of one turn of the event loop share a statement (batch.ts). A lone sighting reads the row count; a batch
 * returns its inserted keys, and a request seen twice in one batch wins only for its first caller.
 */
import { createBatcher } from '../batch.js';
import type { SqlRunner } from '../sql/sql.js';
import type { SightingStore } from '../types.js';

/** Sightings per statement: 2 parameters each. */
const MAX_BATCH = 200;

interface Sighting {
  signedAt: number;
  signature: string;
}

const keyOf = (sighting: Sighting) => `${sighting.signedAt}:${sighting.signature}`;

export function sightingStore(sql: SqlRunner): SightingStore {
  const batcher = createBatcher<Sighting, boolean>({
    maxItems: MAX_BATCH,
    async run(sightings) {
      const [only] = sightings;
      if (sightings.length === 1 && only) {
        const inserted = await sql.run(
          'INSERT INTO sightings (signed_at, signature) VALUES (?, ?) ON CONFLICT DO NOTHING',
          [only.signedAt, only.signature],
        );
        return [inserted === 1];
      }
      const rows = await sql.all<{ signed_at: number | string; signature: string }>(
        `INSERT INTO sightings (signed_at, signature) VALUES ${sightings.map(() => '(?, ?)').join(', ')}
          ON CONFLICT DO NOTHING
          RETURNING signed_at, signature`,
        sightings.flatMap((sighting) => [sighting.signedAt, sighting.signature]),
      );
      // BIGINT comes back as a string from PostgreSQL.
      const inserted = new Set(rows.map((row) => `${Number(row.signed_at)}:${row.signature}`));
      return sightings.map((sighting) => inserted.delete(keyOf(sighting)));
    },
  });
  return {
    first: (signedAt, signature) => batcher.add({ signedAt, signature }),
  };
}
