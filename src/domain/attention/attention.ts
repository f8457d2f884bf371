/**
 * A watched shipment's attention tier at an instant, and when the passage of time alone next changes it
 * (docs/domain-rules.md#attention-tiers). Pure: the snapshot the change engine keeps, an instant from an injected
 * clock, and the working week.
 *
 * Per container not yet picked up: its earliest LFD, as a calendar date in the LFD's zone, against today's date in
 * that same zone — passed, today, on or before the next working day, within 3 days; held after discharge when it is
 * at the terminal with a hold in force. For the shipment: arriving within 24 h when no arrival is recorded and the
 * ETA is less than 24 h away (or passed less than 24 h ago). The shipment's tier is its most urgent.
 *
 * The clock changes a tier only at a few instants: an LFD tier at local midnights in the LFD's zone (3 days before,
 * the start of the last working day before it, its own day, the day after), the arrival tier 24 h either side of the
 * ETA. `changesAt` is the first of those at which the tier really differs; data changes are the refresh's business.
 */
import { earliestLfd, type ShipmentSnapshot } from '../changes/snapshot.js';
import { daysBetween, parseDateOnly, parseInstant } from '../time/calendar.js';
import { todayIn } from '../time/today.js';
import { instantOfWallTime } from '../time/wall-instant.js';
import { type AttentionTier, moreUrgent } from './attention-tier.js';
import {
  DEFAULT_WORKING_WEEK,
  isoDate,
  nextWorkingDay,
  previousWorkingDay,
  type WorkingWeek,
} from './working-week.js';

const HOUR_MS = 3_600_000;
/** How close to the ETA (either side) a shipment is "arriving". */
const ARRIVAL_WINDOW_MS = 24 * HOUR_MS;
/** Days before its LFD at which a box enters "LFD within 3 days". */
const SOON_DAYS = 3;

export interface Attention {
  tier: AttentionTier;
  /** When the clock alone next changes `tier`; null when nothing will without new data. */
  changesAt: number | null;
}

export function attentionOf(
  snapshot: ShipmentSnapshot,
  nowMs: number,
  week: WorkingWeek = DEFAULT_WORKING_WEEK,
): Attention {
  const tier = tierAt(snapshot, nowMs, week);
  const candidates = transitions(snapshot, week)
    .filter((at) => at > nowMs)
    .sort((a, b) => a - b);
  for (const at of candidates) {
    if (tierAt(snapshot, at, week) !== tier) return { tier, changesAt: at };
  }
  return { tier, changesAt: null };
}

/** The shipment's tier at `atMs`. */
export function tierAt(snapshot: ShipmentSnapshot, atMs: number, week: WorkingWeek): AttentionTier {
  // A shipment whose tracking stopped has data nobody refreshes: no urgency can be claimed from it.
  if (snapshot.trackingStopped !== null) return 'none';
  let tier: AttentionTier = 'none';
  for (const box of snapshot.containers) {
    if (box.pickedUp) continue;
    if (box.phase === 'at_terminal' && box.holds.length > 0) tier = moreUrgent(tier, 'held_after_discharge');
    const lfd = earliestLfd(box);
    const date = lfd ? parseDateOnly(lfd.date) : null;
    if (lfd === null || date === null) continue;
    const today = todayIn(lfd.timeZone, atMs);
    const daysLeft = daysBetween(today, date);
    if (daysLeft < 0) tier = moreUrgent(tier, 'lfd_passed');
    else if (daysLeft === 0) tier = moreUrgent(tier, 'lfd_today');
    else if (daysBetween(nextWorkingDay(today, week), date) <= 0)
      tier = moreUrgent(tier, 'lfd_next_working_day');
    else if (daysLeft <= SOON_DAYS) tier = moreUrgent(tier, 'lfd_within_3_days');
  }
  const eta = snapshot.arrivedAt === null && snapshot.eta !== null ? parseInstant(snapshot.eta.at) : null;
  if (eta !== null && atMs >= eta - ARRIVAL_WINDOW_MS && atMs < eta + ARRIVAL_WINDOW_MS)
    tier = moreUrgent(tier, 'arriving_within_24h');
  return tier;
}

/** Every instant at which the clock could change the tier. */
function transitions(snapshot: ShipmentSnapshot, week: WorkingWeek): number[] {
  const instants: number[] = [];
  const push = (at: number | null) => {
    if (at !== null) instants.push(at);
  };
  for (const box of snapshot.containers) {
    if (box.pickedUp) continue;
    const lfd = earliestLfd(box);
    const date = lfd ? parseDateOnly(lfd.date) : null;
    if (lfd === null || date === null) continue;
    const midnight = (iso: string, days: number) => instantOfWallTime(iso, 0, 0, lfd.timeZone, days);
    push(midnight(lfd.date, -SOON_DAYS));
    push(midnight(isoDate(previousWorkingDay(date, week)), 0));
    push(midnight(lfd.date, 0));
    push(midnight(lfd.date, 1));
  }
  const eta = snapshot.arrivedAt === null && snapshot.eta !== null ? parseInstant(snapshot.eta.at) : null;
  if (eta !== null) instants.push(eta - ARRIVAL_WINDOW_MS, eta + ARRIVAL_WINDOW_MS);
  return instants;
}
