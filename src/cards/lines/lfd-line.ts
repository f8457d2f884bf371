/** A container's last free day as one mrkdwn line of the container row. */
import type { ContainerAssessment } from '../../domain/container-assessment.js';
import { hasLeftTerminal } from '../../domain/container-state.js';
import {
  type DatedDeadline,
  type LfdAssessment,
  type LfdUrgency,
  STALE_AFTER_DAYS,
} from '../../domain/lfd.js';
import { compareCalendarDates } from '../../domain/time/calendar.js';
import { todayIn } from '../../domain/time/today.js';
import { plural } from '../../domain/words.js';
import { formatCalendarDate } from '../format/dates.js';
import { deadlinePlaceText } from '../format/deadline-place.js';
import { dayPhrase } from '../format/relative.js';

/**
 * The LFD as one mrkdwn line, always in the same form: marker, absolute date, countdown, source ("🔴 LFD Fri 5 Jul ·
 * 2 days overdue · terminal LFD (also line LFD Mon 8 Jul)"); null once the box has left the terminal. The countdown
 * is computed at render time (Refresh updates it), so the absolute date always stands next to it.
 */
export function lfdLine(lfd: LfdAssessment, nowMs: number): string | null {
  if (lfd.suppressed === 'left_terminal') return null;
  const date = formatDeadlineDate(lfd, nowMs);
  const sameDay = lfd.others.filter((other) => compareCalendarDates(other.date, lfd.date) === 0);
  const laterDays = lfd.others.filter((other) => compareCalendarDates(other.date, lfd.date) !== 0);
  const sources = [lfd.source, ...sameDay.map((other) => other.source)].filter(
    (source) => source !== 'coalesced',
  );
  const source = sources.length > 0 ? ` · ${[...new Set(sources)].join(' and ')} LFD` : '';
  const others = laterDays.length
    ? ` (also ${laterDays.map((other) => `${other.source} LFD ${formatDeadlineDate(other, nowMs)}`).join(', ')})`
    : '';
  const caveat = lfd.urgency === null ? ` · no countdown: ${suppressionWords(lfd)}` : '';
  return `${headline(lfd, date)}${source}${others}${caveat}`;
}

/** "2 days overdue", "today in Rotterdam", "tomorrow in Chicago", "in 2 days"; null when suppressed. */
export function lfdUrgencyPhrase(lfd: LfdAssessment): string | null {
  return lfd.urgency === null ? null : countdown(lfd);
}

const MARKER: Record<LfdUrgency, string> = { overdue: '🔴', today: '🟠', soon: '🟡', later: '🗓️' };

function headline(lfd: LfdAssessment, date: string): string {
  if (lfd.urgency === null) return `🗓️ LFD ${date}`;
  return `${MARKER[lfd.urgency]} LFD ${date} · ${countdown(lfd)}`;
}

/**
 * The countdown in the deadline's own calendar. "Today" and "tomorrow" name the deadline's place ("today in
 * Rotterdam"): the card does not know its readers' zones, and for some of them it may already be another day.
 */
function countdown(lfd: LfdAssessment): string {
  if (lfd.urgency === 'overdue') return `${plural(-lfd.daysLeft, 'day')} overdue`;
  const words = dayPhrase(lfd.daysLeft);
  if (lfd.daysLeft !== 0 && lfd.daysLeft !== 1) return words;
  const place = deadlinePlaceText(lfd.place, lfd.timeZone);
  return place !== null ? `${words} in ${place}` : words;
}

function suppressionWords(lfd: LfdAssessment): string {
  switch (lfd.suppressed) {
    case 'tracking_stopped':
      return 'tracking has stopped, so it may be out of date';
    case 'terminal_never_checked':
      return 'the terminal has never been checked';
    case 'terminal_stale':
      return `terminal data is ${plural(lfd.staleDays ?? STALE_AFTER_DAYS, 'day')} old`;
    default:
      return 'the data cannot be trusted';
  }
}

function formatDeadlineDate(deadline: DatedDeadline, nowMs: number): string {
  return formatCalendarDate(deadline.date, todayIn(deadline.timeZone, nowMs).year);
}

/** "🗓️ LFD date unknown · terminal LFD": the API sent a deadline that is no date; null when there is none. */
export function unreadableLfdLine(assessment: ContainerAssessment): string | null {
  if (assessment.unreadableLfd.length === 0 || hasLeftTerminal(assessment.state)) return null;
  const sources = [...new Set(assessment.unreadableLfd.filter((source) => source !== 'coalesced'))];
  return `🗓️ LFD date unknown: the API sent no readable date${sources.length > 0 ? ` · ${sources.join(' and ')} LFD` : ''}`;
}
