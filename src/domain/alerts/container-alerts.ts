/**
 * Owning an alert (docs/domain-rules.md#owning-an-alert): a container's reminders in a channel can be snoozed until a
 * preset — tomorrow 08:00 or the next working day 08:00, in the zone of the box's last free day (where the deadline
 * runs; the person's own zone is shown beside it) — or marked done (no more reminders for that box there). Pure: the
 * caller brings the stored alerts and an instant of its injected clock.
 */
import { addDays, isoDate, nextWorkingDay, type WorkingWeek } from '../attention/working-week.js';
import { todayIn } from '../time/today.js';
import { instantOfWallTime } from '../time/wall-instant.js';

/** The hour a snooze ends, in the LFD's zone: when the working day starts, as the LFD reminders do. */
export const SNOOZE_HOUR = 8;

export type SnoozePreset = 'tomorrow' | 'next_working_day';

export const SNOOZE_PRESETS: readonly SnoozePreset[] = ['tomorrow', 'next_working_day'];

export interface AlertState {
  containerId: string;
  state: 'snoozed' | 'done';
  until: number | null;
}

/** When a snooze preset ends: 08:00 tomorrow, or 08:00 on the next working day, in `zone` (UTC when null). */
export function snoozeUntil(
  preset: SnoozePreset,
  nowMs: number,
  zone: string | null,
  week: WorkingWeek,
): number {
  const today = todayIn(zone, nowMs);
  const day = preset === 'tomorrow' ? addDays(today, 1) : nextWorkingDay(today, week);
  return instantOfWallTime(isoDate(day), SNOOZE_HOUR, 0, zone) ?? nowMs + 86_400_000;
}

/** The containers whose reminders are held at `nowMs`: done, or snoozed until later. */
export function silencedContainers(alerts: readonly AlertState[], nowMs: number): Set<string> {
  return new Set(
    alerts
      .filter((alert) => alert.state === 'done' || (alert.until !== null && alert.until > nowMs))
      .map((alert) => alert.containerId),
  );
}

/** The first snooze still running at `nowMs` to end (when its reminders are due again); null when none. */
export function nextSnoozeEnd(alerts: readonly AlertState[], nowMs: number): number | null {
  const ends = alerts
    .filter((alert) => alert.state === 'snoozed' && alert.until !== null && alert.until > nowMs)
    .map((alert) => alert.until as number); // SAFETY: filtered to non-null just above.
  return ends.length === 0 ? null : Math.min(...ends);
}
