/**
 * The one change engine both paths go through (README "Watching shipments"): a fetched shipment becomes a domain
 * snapshot, is diffed against the stored one, and is stored by compare-and-set on the version, in one transaction
 * with the changes it produced for every active watch, the Slack deliveries, the shipment's next poll and its next
 * time boundary, and its attention tier (on the snapshot and every watch). Whichever replica, and whichever path
 * (webhook or poll), commits a change first is the only one that records it; a loser re-reads and diffs against the
 * winner's snapshot, which then shows nothing new. The next poll is urgent or routine by the tier, at the cadence of
 * the shipment's phase stretched by the polling plan (poll-planner.ts) when the budget falls short.
 */
import {
  type DiffSettings,
  diffSnapshots,
  nextBoundary,
  type ObservedFacts,
  type ShipmentSnapshot,
  snapshotOf,
  type WatchChange,
} from '../domain/changes/index.js';
import { parseInstant } from '../domain/time/calendar.js';
import type { Logger } from '../logger.js';
import type { JobInput, Store } from '../store/index.js';
import type { ShipmentDetail } from '../tracking/models.js';
import { WatchError } from './errors.js';
import type { WatchJobs } from './job-factory.js';
import type { PollPlanner } from './poll-planner.js';
import { shipmentAttention } from './shipment-attention.js';
import { type WatchClocks, wallInstantOf, wallTimeOf } from './watch-clocks.js';
import { behindAfterMs, firstPollAt, nextPollAt, type WatchConfig } from './watch-config.js';

export interface IngestInput {
  detail: ShipmentDetail;
  /** Webhook notifications this reading accounts for (marked processed with it). */
  inboxIds?: readonly string[];
  /** What only those notifications said (a berth, a failed request). */
  observed?: ObservedFacts;
}

export interface IngestResult {
  /** The stored version after this reading; null when a newer reading was already stored (nothing done). */
  version: number | null;
  changes: WatchChange[];
  /** Whether anything a card shows differs from the previous reading. */
  contentChanged: boolean;
}

export interface ChangeEngine {
  ingest(input: IngestInput): Promise<IngestResult>;
}

export interface ChangeEngineOptions {
  store: Pick<Store, 'watching'>;
  clocks: WatchClocks;
  config: Pick<WatchConfig, 'cadenceMs' | 'jitter' | 'workingWeek'>;
  logger: Logger;
  jobs: WatchJobs;
  planner: PollPlanner;
  /** The Terminal49 account the readings come from (stored with the snapshot: its polls use that account). */
  accountId?: string;
  diff?: DiffSettings;
  random?: () => number;
  /** Told after every commit that queued work (the worker runs it at once). */
  onQueued?: () => void;
}

const MAX_ATTEMPTS = 5;

export function createChangeEngine(options: ChangeEngineOptions): ChangeEngine {
  const { store, clocks, config, logger } = options;
  const random = options.random ?? Math.random;

  return {
    async ingest({ detail: reading, inboxIds = [], observed = {} }) {
      const shipmentId = reading.shipment.id;
      // Readings are stamped in card time (demo time in the local workspace); polls and leases keep wall time.
      const stamped = parseInstant(reading.fetchedAt);
      const fetchedAt = stamped === null ? clocks.wall.now().getTime() : wallInstantOf(clocks, stamped);
      const plan = await options.planner.fresh();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        const stored = await store.watching.snapshots.get(shipmentId);
        if (stored !== null && stored.fetchedAt > fetchedAt) {
          // A later reading is already stored: diffing this older one against it would report changes backwards.
          return { version: null, changes: [], contentChanged: false };
        }
        const previous = stored === null ? null : readSnapshot(stored.snapshot);
        const detail = withKnownCustomFields(reading, stored?.detail);
        const after = snapshotOf(detail, previous, observed);
        const { changes, next } =
          previous === null ? { changes: [], next: after } : diffSnapshots(previous, after, options.diff);
        const contentChanged = previous === null || sameContent(previous, next) === false;
        const cardNow = clocks.clock.now().getTime();
        const wallNow = clocks.wall.now().getTime();
        const jobs: JobInput[] = [];
        const { attention, phase } = shipmentAttention(next, clocks, config);
        const stretch = attention.urgent ? plan.urgentStretch : plan.routineStretch;
        const pollAt =
          previous === null
            ? firstPollAt(config, phase, wallNow, random, stretch)
            : nextPollAt(config, phase, wallNow, random, stretch);
        if (pollAt !== null) jobs.push(options.jobs.poll(shipmentId, pollAt, attention.urgent));
        // The card is re-rendered when the date changes what it says, or when this reading grows older than its
        // cadence allows without a newer one (its footer then says "behind schedule").
        const dated = nextBoundary(next, cardNow);
        const behindAfter = behindAfterMs(config, phase);
        const boundaries = [
          ...(dated === null ? [] : [wallTimeOf(clocks, dated)]),
          ...(behindAfter === null ? [] : [fetchedAt + behindAfter + 1]),
        ];
        if (boundaries.length > 0) jobs.push(options.jobs.boundary(shipmentId, Math.min(...boundaries)));
        // A card that said "behind schedule" is re-rendered by the reading that brings it up to date.
        const wasBehind =
          stored !== null && behindAfter !== null && fetchedAt - stored.fetchedAt > behindAfter;
        const result = await store.watching.snapshots.commit({
          shipmentId,
          expectedVersion: stored?.version ?? 0,
          snapshot: next,
          detail,
          fetchedAt,
          now: wallNow,
          ...(options.accountId ? { accountId: options.accountId } : {}),
          changes: changes.map((change) => ({ key: change.key, change })),
          inboxIds,
          jobs,
          attention,
          jobsFor: (watch) =>
            contentChanged || changes.length > 0 || wasBehind
              ? [
                  options.jobs.deliver(watch, wallNow, {
                    urgent: attention.urgent,
                    news: contentChanged || changes.length > 0,
                  }),
                ]
              : [],
        });
        if (result.ok) {
          if (changes.length > 0)
            logger.info('shipment changed', { shipmentId, changes: changes.length, version: result.version });
          options.onQueued?.();
          return { version: result.version, changes, contentChanged };
        }
        logger.debug('snapshot compare-and-set lost; diffing again', { shipmentId, attempt });
      }
      throw new WatchError('snapshot_conflict', `the snapshot of ${shipmentId} kept changing under us`);
    },
  };
}

/** A stored snapshot (written by this module); null when it is not one (then the next reading starts afresh). */
export function readSnapshot(value: unknown): ShipmentSnapshot | null {
  if (value === null || typeof value !== 'object') return null;
  const candidate = value as { shipmentId?: unknown; containers?: unknown }; // SAFETY: fields checked here.
  if (typeof candidate.shipmentId !== 'string' || !Array.isArray(candidate.containers)) return null;
  // SAFETY: written by `ingest` from a ShipmentSnapshot and read back from JSON unchanged.
  return value as ShipmentSnapshot;
}

/**
 * Custom fields are read apart from the shipment (only where a person just set one), so a poll's reading has none:
 * the last ones known are carried to it, or the card would drop them at the next change.
 */
function withKnownCustomFields(reading: ShipmentDetail, stored: unknown): ShipmentDetail {
  if (reading.customFields !== undefined) return reading;
  // SAFETY: the engine stores the ShipmentDetail it was given, as JSON; only its customFields are read here.
  const known = (stored as Partial<ShipmentDetail> | null | undefined)?.customFields;
  return known === undefined ? reading : { ...reading, customFields: known };
}

/** The same facts, whenever they were read. */
function sameContent(a: ShipmentSnapshot, b: ShipmentSnapshot): boolean {
  return JSON.stringify({ ...a, capturedAt: '' }) === JSON.stringify({ ...b, capturedAt: '' });
}
