/**
 * A store holding a large watched book, as a team that watches thousands of shipments has one: `total` watches of a
 * mixed book (a fifth held at the terminal, three fifths at sea, a fifth already picked up), `bigChannel` holding
 * `inBigChannel` of them and the rest spread over 50 channels, each with its snapshot and its attention tier as the
 * refresh stores them. Written straight into the tables in multi-row inserts after the migrations (seeding 10,000
 * through the change engine would take minutes and measure nothing the scenario reports).
 */
import Database from 'libsql';
import pg from 'pg';
import { systemClock } from '../../src/clock.js';
import { attentionOf, isUrgentTier } from '../../src/domain/attention/index.js';
import { snapshotOf, watchPhase } from '../../src/domain/changes/index.js';
import { silentLogger } from '../../src/logger.js';
import { openStore } from '../../src/store/index.js';
import { embeddedFile } from '../../src/store/location.js';
import { defaultWatchConfig } from '../../src/watch/index.js';
import { type Phase, shipment } from './watch-world.js';

export type BookTarget = { kind: 'embedded'; dataDir: string } | { kind: 'postgres'; url: string };

export interface BookOptions {
  total: number;
  teamId: string;
  bigChannel: string;
  inBigChannel: number;
  now: number;
}

const WATCH_COLUMNS = [
  'team_id',
  'channel_id',
  'shipment_id',
  'shipment_number',
  'card_ts',
  'thread_ts',
  'created_by',
  'created_at',
  'state',
  'paused_reason',
  'eta_told',
  'updated_at',
  'tier',
  'tier_until',
];
const SNAPSHOT_COLUMNS = [
  'shipment_id',
  'version',
  'snapshot',
  'detail',
  'fetched_at',
  'updated_at',
  'account_id',
  'poll_every_ms',
  'urgent',
];
const CHUNK = 200;
type Row = Array<string | number | null>;

/** Migrates the store, then writes the book; answers how many watches need attention. */
export async function seedWatchedBook(
  target: BookTarget,
  options: BookOptions,
): Promise<{ needAttention: number }> {
  const store = await openStore({
    ...(target.kind === 'embedded' ? { dataDir: target.dataDir } : { databaseUrl: target.url }),
    clock: systemClock,
    logger: silentLogger,
  });
  await store.close();
  const config = defaultWatchConfig(100);
  const watches: Row[] = [];
  const snapshots: Row[] = [];
  let needAttention = 0;
  const phases: Phase[] = ['near', 'far', 'far', 'far', 'detention'];
  for (let i = 0; i < options.total; i++) {
    const id = `book-${String(i).padStart(5, '0')}`;
    const detail = shipment(id, 1 + (i % 3), phases[i % phases.length] ?? 'far', options.now);
    const snapshot = snapshotOf(detail);
    const { tier, changesAt } = attentionOf(snapshot, options.now, config.workingWeek);
    const channel = i < options.inBigChannel ? options.bigChannel : `CBOOK${i % 50}`;
    if (tier !== 'none' && channel === options.bigChannel) needAttention += 1;
    const ts = `${Math.floor(options.now / 1000) - i}.${String(i).padStart(6, '0')}`;
    watches.push([
      options.teamId,
      channel,
      id,
      detail.shipment.billOfLadingNumber,
      ts,
      ts,
      'UBENCH',
      options.now - i,
      'active',
      null,
      null,
      options.now,
      tier,
      changesAt,
    ]);
    const pollEvery = config.cadenceMs[watchPhase(snapshot, options.now)];
    snapshots.push([
      id,
      1,
      JSON.stringify(snapshot),
      JSON.stringify(detail),
      options.now,
      options.now,
      null,
      pollEvery,
      isUrgentTier(tier) ? 1 : 0,
    ]);
  }
  if (options.total === 0) return { needAttention };
  if (target.kind === 'embedded') {
    const db = new Database(embeddedFile(target.dataDir));
    try {
      db.exec('BEGIN');
      insertAll(watches, WATCH_COLUMNS, 'watches', (sql, params) => db.prepare(sql).run(params));
      insertAll(snapshots, SNAPSHOT_COLUMNS, 'shipment_snapshots', (sql, params) =>
        db.prepare(sql).run(params),
      );
      db.exec('COMMIT');
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const pending: Array<Promise<unknown>> = [];
      const run = (sql: string, params: Row) => {
        let n = 0;
        pending.push(
          client.query(
            sql.replace(/\?/g, () => `$${++n}`),
            params,
          ),
        );
      };
      insertAll(watches, WATCH_COLUMNS, 'watches', run);
      insertAll(snapshots, SNAPSHOT_COLUMNS, 'shipment_snapshots', run);
      await Promise.all(pending);
    } finally {
      await client.end();
    }
  }
  return { needAttention };
}

function insertAll(
  rows: Row[],
  columns: string[],
  table: string,
  run: (sql: string, params: Row) => unknown,
): void {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    run(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      chunk.flat(),
    );
  }
}
