/**
 * LFD reminders (README "Watching shipments"): for each container not yet picked up, one on the last working day
 * before its last free day and one on its morning, both at 08:00 in the LFD's own zone (a terminal LFD in the port's
 * zone, a rail LFD at the inland destination), and one once it is overdue (midnight after the LFD). Working days are
 * the channel's (Saturday and Sunday off unless it says otherwise), so a Monday LFD is announced on Friday morning,
 * while people are there to book a truck, not on Sunday; a channel that works Saturdays hears it on Saturday. Only
 * the latest reminder that is due is sent: a channel that starts watching on the LFD's morning gets "today", not
 * "tomorrow" too. Keys carry the LFD's date, so a moved LFD is reminded again and the same reminder is never sent
 * twice. Pure: every instant comes from the caller's injected clock.
 */

import {
  addDays,
  DEFAULT_WORKING_WEEK,
  isoDate,
  previousWorkingDay,
  type WorkingWeek,
} from '../attention/working-week.js';
import { daysBetween, parseDateOnly } from '../time/calendar.js';
import { instantOfWallTime } from '../time/wall-instant.js';
import type { WatchChange } from './change.js';
import { earliestLfd, type ShipmentSnapshot } from './snapshot.js';

/** Reminders go out at this local hour. */
export const REMINDER_HOUR = 8;

export interface ReminderTimes {
  /** 08:00 on the last working day before the LFD. */
  tomorrow: number;
  today: number;
  overdue: number;
  /** The `tomorrow` reminder falls more than a calendar day before the LFD (days off in between). */
  afterDaysOff: boolean;
}

/** When the three reminders of an LFD fall, in epoch ms, for a channel with working week `week`. */
export function reminderTimes(
  date: string,
  zone: string | null,
  week: WorkingWeek = DEFAULT_WORKING_WEEK,
): ReminderTimes | null {
  const day = parseDateOnly(date);
  if (day === null) return null;
  const before = previousWorkingDay(day, week);
  const tomorrow = instantOfWallTime(isoDate(before), REMINDER_HOUR, 0, zone);
  const today = instantOfWallTime(date, REMINDER_HOUR, 0, zone);
  const overdue = instantOfWallTime(isoDate(addDays(day, 1)), 0, 0, zone);
  return tomorrow === null || today === null || overdue === null
    ? null
    : { tomorrow, today, overdue, afterDaysOff: daysBetween(before, day) > 1 };
}

/**
 * The reminders due at `nowMs` in a channel with working week `week` that were not sent yet (`sent` holds the keys
 * already sent in this channel). None once tracking stopped: the LFD may be stale and the card says so.
 */
export function dueReminders(
  snapshot: ShipmentSnapshot,
  sent: ReadonlySet<string>,
  nowMs: number,
  week: WorkingWeek = DEFAULT_WORKING_WEEK,
): WatchChange[] {
  if (snapshot.trackingStopped !== null) return [];
  const due: WatchChange[] = [];
  for (const container of snapshot.containers) {
    if (container.pickedUp) continue;
    const lfd = earliestLfd(container);
    if (lfd === null) continue;
    const times = reminderTimes(lfd.date, lfd.timeZone, week);
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
      ...(when === 'tomorrow' && times.afterDaysOff ? { afterDaysOff: true } : {}),
    });
  }
  return due;
}
