/**
 * When the passage of time next changes what a watched card says, so it is re-rendered then and not on a timer:
 * midnight in each LFD's zone (an LFD goes from "in 2 days" to "tomorrow" to "today" to "overdue"), midnight in the
 * port's zone while the vessel is still coming ("ETA in 3 days"), the ETA itself passing ("arrived", or "passed"),
 * and the reminder times of every channel watching it (each by its own working week). Null when nothing on the card
 * depends on the date any more.
 */
import { DEFAULT_WORKING_WEEK, type WorkingWeek } from '../attention/working-week.js';
import { parseInstant } from '../time/calendar.js';
import { nextMidnight } from '../time/wall-instant.js';
import { reminderTimes } from './reminders.js';
import { applicableLfds, type ShipmentSnapshot } from './snapshot.js';

export function nextBoundary(
  snapshot: ShipmentSnapshot,
  nowMs: number,
  weeks: readonly WorkingWeek[] = [DEFAULT_WORKING_WEEK],
): number | null {
  let next: number | null = null;
  const consider = (at: number | null) => {
    if (at !== null && at > nowMs && (next === null || at < next)) next = at;
  };
  if (snapshot.trackingStopped !== null) return null;
  const zones = new Set<string | null>();
  for (const container of snapshot.containers) {
    if (container.pickedUp) continue;
    for (const lfd of applicableLfds(container)) {
      zones.add(lfd.timeZone);
      for (const week of weeks) {
        const times = reminderTimes(lfd.date, lfd.timeZone, week);
        if (times) for (const at of [times.tomorrow, times.today, times.overdue]) consider(at);
      }
    }
  }
  const eta = snapshot.arrivedAt === null && snapshot.eta !== null ? parseInstant(snapshot.eta.at) : null;
  if (snapshot.eta !== null && eta !== null && eta > nowMs) {
    zones.add(snapshot.eta.timeZone ?? snapshot.podTimeZone);
    consider(eta);
  }
  for (const zone of zones) consider(nextMidnight(nowMs, zone));
  return next;
}
