/**
 * The rows of a person's Home (docs/home.md): one per container of each watched shipment, sorted into the three lists
 * Home shows — what needs attention (the attention tiers of docs/domain-rules.md#attention-tiers, read per
 * container: LFD passed, today, next working day, held after discharge, within 3 days, and not picked up), what
 * arrives in the next 7 days, and the rest watched. Pure: stored readings and an instant; no request is made.
 */
import {
  type AttentionTier,
  tierAt,
  tierRank,
  tierWords,
  type WorkingWeek,
} from '../../domain/attention/index.js';
import { earliestLfd, type ShipmentSnapshot, snapshotOf } from '../../domain/changes/snapshot.js';
import { parseInstant } from '../../domain/time/calendar.js';
import type { ShipmentDetail } from '../../tracking/models.js';

export const HOME_LISTS = ['attention', 'arriving', 'watched'] as const;
export type HomeListName = (typeof HOME_LISTS)[number];

/** What Home reads per watch: the stored reading (null before the first) and where its card is. */
export interface HomeWatch {
  channelId: string;
  cardTs: string;
  shipmentNumber: string;
  detail: ShipmentDetail | null;
  /** The snapshot stored with that reading; derived from `detail` when absent. */
  snapshot?: ShipmentSnapshot | null;
  /** Why the watch is paused; null while active. */
  paused: string | null;
  /** Who took the shipment (README "Owning an alert"); null or absent: nobody. */
  owner?: string | null;
}

export interface HomeRow {
  list: HomeListName;
  /** The container number; null for a shipment with no container to show (no reading yet, none loaded). */
  container: string | null;
  shipmentNumber: string;
  channelId: string;
  cardTs: string;
  /** The container's own attention tier (null outside the attention list). */
  tier: AttentionTier | null;
  /** Plain words for where it stands ("LFD today", "arrives …", "paused: …"). */
  status: string;
  /** Its earliest last free day, `YYYY-MM-DD` in the LFD's zone. */
  lfd: string | null;
  /** The vessel's ETA at the port of discharge (ISO) while it has not arrived. */
  eta: string | null;
  terminal: string | null;
  customer: string | null;
  /** The Slack user who took the shipment; null: nobody. */
  owner: string | null;
}

const DAY_MS = 86_400_000;
/** How far ahead "arriving" looks; an ETA passed less than a day ago without an arrival still counts. */
const ARRIVING_AHEAD_MS = 7 * DAY_MS;
const ARRIVING_BEHIND_MS = DAY_MS;

const ATTENTION: ReadonlySet<AttentionTier> = new Set([
  'lfd_passed',
  'lfd_today',
  'lfd_next_working_day',
  'held_after_discharge',
  'lfd_within_3_days',
]);

export function homeRowsOf(watches: readonly HomeWatch[], nowMs: number, week: WorkingWeek): HomeRow[] {
  const rows: HomeRow[] = [];
  for (const watch of watches) rows.push(...rowsOfWatch(watch, nowMs, week));
  return sortRows(rows);
}

function rowsOfWatch(watch: HomeWatch, nowMs: number, week: WorkingWeek): HomeRow[] {
  const base = {
    shipmentNumber: watch.shipmentNumber,
    channelId: watch.channelId,
    cardTs: watch.cardTs,
    owner: watch.owner ?? null,
  };
  if (watch.paused !== null || watch.detail === null) {
    return [
      {
        ...base,
        list: 'watched',
        container: null,
        tier: null,
        status: watch.paused !== null ? `paused (${watch.paused.replace(/_/g, ' ')})` : 'no reading yet',
        lfd: null,
        eta: null,
        terminal: null,
        customer: null,
      },
    ];
  }
  const { detail } = watch;
  const snapshot = watch.snapshot ?? snapshotOf(detail);
  const terminal = detail.podTerminal?.nickname ?? detail.podTerminal?.name ?? null;
  const customer = detail.shipment.customerName;
  const eta = snapshot.arrivedAt === null && snapshot.eta !== null ? snapshot.eta.at : null;
  const etaMs = eta === null ? null : parseInstant(eta);
  const arriving =
    etaMs !== null && etaMs >= nowMs - ARRIVING_BEHIND_MS && etaMs <= nowMs + ARRIVING_AHEAD_MS;
  if (snapshot.containers.length === 0) {
    return [
      {
        ...base,
        list: arriving ? 'arriving' : 'watched',
        container: null,
        tier: null,
        status: arriving ? 'arriving' : 'no containers loaded',
        lfd: null,
        eta,
        terminal,
        customer,
      },
    ];
  }
  return snapshot.containers.map((box) => {
    // The container's own tier: the shipment's rule read over this one box.
    const alone: ShipmentSnapshot = { ...snapshot, containers: [box] };
    const tier = tierAt({ ...alone, eta: null }, nowMs, week);
    const lfd = box.pickedUp ? null : (earliestLfd(box)?.date ?? null);
    const list: HomeListName = ATTENTION.has(tier) ? 'attention' : arriving ? 'arriving' : 'watched';
    return {
      ...base,
      list,
      container: box.number,
      tier: list === 'attention' ? tier : null,
      status: statusOf(list, tier, box.pickedUp, box.phase),
      lfd,
      eta,
      terminal,
      customer,
    };
  });
}

function statusOf(list: HomeListName, tier: AttentionTier, pickedUp: boolean, phase: string): string {
  if (list === 'attention') return tierWords(tier) ?? 'needs attention';
  if (list === 'arriving') return 'arriving';
  if (pickedUp) return 'picked up';
  return phase.replace(/_/g, ' ');
}

/**
 * Attention by tier then LFD; arrivals by ETA; the rest by LFD, then number. Ties by shipment and container. Each
 * row's key is computed once and compared as plain strings (dates and numbers are ASCII): 10,000 rows sort in
 * milliseconds, where a key built per comparison and `localeCompare` took most of a Home's time.
 */
export function sortRows(rows: readonly HomeRow[]): HomeRow[] {
  const keyed = rows.map((row) => ({ row, rank: rankOf(row), key: keyOf(row) }));
  keyed.sort((a, b) => a.rank - b.rank || compare(a.key, b.key));
  return keyed.map((entry) => entry.row);
}

function rankOf(row: HomeRow): number {
  const list = HOME_LISTS.indexOf(row.list) * 100;
  return row.list === 'attention' ? list + tierRank(row.tier ?? 'none') : list;
}

function keyOf(row: HomeRow): string {
  const first = row.list === 'arriving' ? row.eta : row.lfd;
  return `${first ?? '9999'}\u0000${row.shipmentNumber}\u0000${row.container ?? ''}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
