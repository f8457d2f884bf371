/**
 * LFD reminders (README "Watching shipments"): for each container not yet picked up, one the day before its last
 * free day and one on its morning, both at 08:00 in the LFD's own zone (a terminal LFD in the port's zone, a rail
 * LFD at the inland destination), and one once it is overdue (midnight after the LFD). Only the latest reminder that
 * is due is sent: a channel that starts watching on the LFD's morning gets "today", not "tomorrow" too. Keys carry
 * the LFD's date, so a moved LFD is reminded again and the same reminder is never sent twice.
 */

import { instantOfWallTime } from '../time/wall-instant.js';
import type { WatchChange } from './change.js';
import { earliestLfd, type ShipmentSnapshot } from './snapshot.js';

/** Reminders go out at this local hour. */
export const REMINDER_HOUR = 8;

export interface ReminderTimes {
  tomorrow: number;
  today: number;
  overdue: number;
}

/** When the three reminders of an LFD fall, in epoch ms. */
export function reminderTimes(date: string, zone: string | null): ReminderTimes | null {
  const tomorrow = instantOfWallTime(date, REMINDER_HOUR, 0, zone, -1);
  const today = instantOfWallTime(date, REMINDER_HOUR, 0, zone);
  const overdue = instantOfWallTime(date, 0, 0, zone, 1);
  return tomorrow === null || today === null || overdue === null ? null : { tomorrow, today, overdue };
}

/**
 * The reminders due at `nowMs` that were not sent yet (`sent` holds the keys already sent in this channel). None
 * once tracking stopped: the LFD may be stale and the card says so.
 */
export function dueReminders(
  snapshot: ShipmentSnapshot,
  sent: ReadonlySet<string>,
  nowMs: number,
): WatchChange[] {
  if (snapshot.trackingStopped !== null) return [];
  const due: WatchChange[] = [];
  for (const container of snapshot.containers) {
    if (container.pickedUp) continue;
    const lfd = earliestLfd(container);
    if (lfd === null) continue;
    const times = reminderTimes(lfd.date, lfd.timeZone);
    if (times === null) continue;
    const when =
      nowMs >= times.overdue
        ? 'overdue'
        : nowMs >= times.today
          ? 'today'
          : nowMs >= times.tomorrow
            ? 'tomorrow'
            : null;
    if (when === null) continue;
    const key = `reminder:${container.id}:${when}:${lfd.date}`;
    if (sent.has(key)) continue;
    due.push({
      kind: 'lfd_reminder',
      key,
      container: { id: container.id, number: container.number },
      when,
      lfd,
    });
  }
  return due;
}
