/**
 * How watching spends the tracking API's quota and paces Slack (README "Watching shipments": polling cadence and
 * budget). Polling is the safety net under webhooks and the only source without them: one `GET /shipments/{id}` per
 * watched shipment at a cadence set by where the shipment is, with jitter so a thousand watches do not fall due
 * together (jitter only ever brings a poll forward), within a budget of requests per minute that leaves the rest of the account's quota to people's lookups.
 */
import { DEFAULT_POLL_CADENCE } from '../config/poll-cadence.js';
import { DEFAULT_WORKING_WEEK, type WorkingWeek } from '../domain/attention/index.js';
import type { WatchPhase } from '../domain/changes/index.js';

export interface WatchConfig {
  /** Poll interval per phase; null = no polling in that phase. */
  cadenceMs: Readonly<Record<WatchPhase, number | null>>;
  /** Up to this fraction of the interval earlier, at random (never later: a shipment is polled within its cadence). */
  jitter: number;
  /** Background requests (polls and webhook re-fetches) per rolling minute, across replicas. */
  budgetPerMinute: number;
  /** Notifications for one shipment within this window share one re-fetch. */
  coalesceMs: number;
  /** A shipment is re-fetched at most this often because of webhooks (its next poll is not affected). */
  minRefetchMs: number;
  /** How long a job is leased to a replica before another may take it over. */
  leaseMs: number;
  /** How often a replica looks for due jobs enqueued elsewhere (its own are run at once). */
  pollIntervalMs: number;
  /** Slack: at most one thread message per channel per this long (Slack allows about one per second). */
  channelPaceMs: number;
  /**
   * Slack: card updates per workspace per rolling minute, across replicas. chat.update is Tier 3 (about 50 a minute);
   * a few are left for people's own clicks (Refresh, Watch), which update cards outside this pace.
   */
  cardUpdatesPerMinute: number;
  /** Jobs run at once by one replica. */
  concurrency: number;
  /** The days that count for "LFD next working day" (docs/domain-rules.md#attention-tiers). */
  workingWeek: WorkingWeek;
  /**
   * How often an account with subscriptions reads its whole shipment list again (README "Subscriptions"): the pass
   * that finds shipments webhooks did not announce and those that left. Optional: default 10 minutes.
   */
  subscriptionSweepMs?: number;
  /**
   * Where watched cards' own URLs point (`<base>/s/<shipment id>`, docs/unfurls.md); null or absent: cards name none.
   * From SHIPWATCH_PUBLIC_URL (features/unfurls/shipment-links.ts `cardLinkBase`).
   */
  cardLinkBase?: string | null;
}

/** The default cadence per phase (config/poll-cadence.ts reads SHIPWATCH_POLL_CADENCE). */
export const DEFAULT_CADENCE = DEFAULT_POLL_CADENCE;

export { parsePollCadence as parseCadence } from '../config/poll-cadence.js';

/** The defaults; `budgetPerMinute` is half the account's quota unless configured. */
export function defaultWatchConfig(accountLimitPerMinute: number): WatchConfig {
  return {
    cadenceMs: DEFAULT_CADENCE,
    jitter: 0.1,
    budgetPerMinute: Math.max(1, Math.floor(accountLimitPerMinute / 2)),
    coalesceMs: 500,
    minRefetchMs: 5_000,
    leaseMs: 30_000,
    pollIntervalMs: 1_000,
    channelPaceMs: 1_000,
    cardUpdatesPerMinute: 45,
    concurrency: 8,
    workingWeek: DEFAULT_WORKING_WEEK,
    subscriptionSweepMs: DEFAULT_SUBSCRIPTION_SWEEP_MS,
  };
}

/** A pass over an account's shipment list every 10 minutes: 20 requests for a book of 2,000, in the sweep class. */
export const DEFAULT_SUBSCRIPTION_SWEEP_MS = 10 * 60_000;

/**
 * When a watched card's data counts as behind schedule: older than its phase's cadence (before any stretching) by a
 * quarter more (a poll runs up to 10 % early, a busy minute may make it a little late). Null when not polled.
 */
export function behindAfterMs(config: Pick<WatchConfig, 'cadenceMs'>, phase: WatchPhase): number | null {
  const base = config.cadenceMs[phase];
  return base === null ? null : Math.round(base * 1.25);
}

/**
 * The next poll of a shipment in `phase`, from `now`, with jitter; null when it is not polled any more. `stretch`
 * (≥ 1) lengthens the cadence when the polling plan says the budget falls short (src/jobs/polling-plan.ts).
 */
export function nextPollAt(
  config: Pick<WatchConfig, 'cadenceMs' | 'jitter'>,
  phase: WatchPhase,
  now: number,
  random: () => number = Math.random,
  stretch = 1,
): number | null {
  const base = config.cadenceMs[phase];
  if (base === null) return null;
  const interval = base * Math.max(1, stretch);
  const spread = interval * config.jitter;
  return Math.round(now + interval - random() * spread);
}

/**
 * The first poll of a newly watched shipment: somewhere in the second half of its interval, at random, so a
 * thousand shipments watched at once (a migration, a bulk import) do not all fall due in the same minute and queue
 * past their cadence behind the budget. The reading that started the watch covers the first half.
 */
export function firstPollAt(
  config: Pick<WatchConfig, 'cadenceMs'>,
  phase: WatchPhase,
  now: number,
  random: () => number = Math.random,
  stretch = 1,
): number | null {
  const base = config.cadenceMs[phase];
  return base === null ? null : Math.round(now + base * Math.max(1, stretch) * (0.5 + 0.5 * random()));
}
