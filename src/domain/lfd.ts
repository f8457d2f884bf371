/**
 * Last free day and its urgency (docs/domain-rules.md#last-free-day). The API's `pickup_lfd` follows a fixed source
 * priority, not the earliest date, so demurrage risk uses the earliest of `import_deadlines` and says which source it
 * came from. Each deadline is a calendar date in its own zone (terminal: POD zone, rail: final destination zone), and
 * "days left" counts calendar days from today in that same zone. Urgency is withheld when the terminal data cannot be
 * trusted: tracking stopped, terminal never checked, or last checked more than a week ago. Once the box has left the
 * port (through the gate, on rail, at the inland ramp) the port terminal's LFD is behind it and no longer counts: the
 * rail LFD at the inland terminal does. Each deadline is said with its place (the port, the inland destination),
 * never with the city an IANA zone happens to be named after.
 */
import type { Container, LastFreeDay, Shipment } from '../tracking/models.js';
import { type ContainerState, deriveContainerState, hasLeftTerminal } from './container-state.js';
import { type CalendarDate, compareCalendarDates, daysBetween, parseInstant } from './time/calendar.js';
import { calendarDateOf, todayIn } from './time/today.js';

/** Days left at or below which an LFD is flagged as close (MCP "imminent"). */
export const SOON_DAYS = 3;
/** Terminal data older than this no longer supports an urgency claim. */
export const STALE_AFTER_DAYS = 7;
const DAY_MS = 86_400_000;

export type LfdUrgency = 'overdue' | 'today' | 'soon' | 'later';
export type LfdSuppression =
  | 'left_terminal'
  | 'tracking_stopped'
  | 'terminal_never_checked'
  | 'terminal_stale';

export interface DatedDeadline {
  date: CalendarDate;
  source: LastFreeDay['source'];
  timeZone: string | null;
  /** Where the deadline runs: the port of discharge, or the inland destination (null when the API names neither). */
  place: string | null;
}

export interface LfdAssessment extends DatedDeadline {
  /** Calendar days from today (in the deadline's zone) to the LFD; negative when past. */
  daysLeft: number;
  /** null when suppressed. */
  urgency: LfdUrgency | null;
  suppressed: LfdSuppression | null;
  /** Age in days of the terminal data when that is why urgency is withheld. */
  staleDays: number | null;
  /** The other deadlines, for "also line LFD …". */
  others: DatedDeadline[];
}

/** The earliest deadline of `container` and how urgent it is at `nowMs`; null when there is no LFD at all. */
export function assessLfd(
  container: Container,
  shipment: Shipment,
  nowMs: number,
  state: ContainerState = deriveContainerState(container, shipment),
): LfdAssessment | null {
  const dated: DatedDeadline[] = [];
  for (const deadline of candidatesOf(container, state)) {
    const timeZone = deadline.timeZone ?? fallbackZone(container, deadline.source);
    const date = calendarDateOf(deadline.at, timeZone);
    const place = deadlinePlace(deadline.source, container, shipment);
    if (date !== null) dated.push({ date, source: deadline.source, timeZone, place });
  }
  const earliest = dated.reduce<DatedDeadline | null>(
    (best, next) => (best === null || compareCalendarDates(next.date, best.date) < 0 ? next : best),
    null,
  );
  if (earliest === null) return null;
  const daysLeft = daysBetween(todayIn(earliest.timeZone, nowMs), earliest.date);
  const { suppressed, staleDays } = suppression(container, shipment, state, nowMs);
  // Built field by field: object spread costs about a microsecond per call on Node 20, times 100 containers.
  return {
    date: earliest.date,
    source: earliest.source,
    timeZone: earliest.timeZone,
    place: earliest.place,
    daysLeft,
    urgency: suppressed === null ? urgencyOf(daysLeft) : null,
    suppressed,
    staleDays,
    others: dated.filter((deadline) => deadline !== earliest),
  };
}

function urgencyOf(daysLeft: number): LfdUrgency {
  if (daysLeft < 0) return 'overdue';
  if (daysLeft === 0) return 'today';
  return daysLeft <= SOON_DAYS ? 'soon' : 'later';
}

function suppression(
  container: Container,
  shipment: Shipment,
  state: ContainerState,
  nowMs: number,
): { suppressed: LfdSuppression | null; staleDays: number | null } {
  if (hasLeftTerminal(state)) return { suppressed: 'left_terminal', staleDays: null };
  if (shipment.lineTracking.stoppedAt !== null || shipment.lineTracking.stoppedReason !== null) {
    return { suppressed: 'tracking_stopped', staleDays: null };
  }
  const checked = container.terminalCheckedAt !== null ? parseInstant(container.terminalCheckedAt) : null;
  if (checked === null) return { suppressed: 'terminal_never_checked', staleDays: null };
  const ageDays = Math.floor((nowMs - checked) / DAY_MS);
  if (ageDays > STALE_AFTER_DAYS) return { suppressed: 'terminal_stale', staleDays: ageDays };
  return { suppressed: null, staleDays: null };
}

/**
 * The sources of the deadlines the API sent whose value is no date (`0000-00-00`): the card says the LFD is unknown
 * rather than drop it silently. Empty when every deadline reads as a date.
 */
export function unreadableDeadlineSources(
  container: Container,
  state: ContainerState,
): Array<LastFreeDay['source']> {
  const sources: Array<LastFreeDay['source']> = [];
  for (const deadline of candidatesOf(container, state)) {
    const timeZone = deadline.timeZone ?? fallbackZone(container, deadline.source);
    if (calendarDateOf(deadline.at, timeZone) === null) sources.push(deadline.source);
  }
  return sources;
}

function candidatesOf(container: Container, state: ContainerState): LastFreeDay[] {
  const all = container.deadlines.length > 0 ? container.deadlines : compact([container.pickupLfd]);
  // A box gone for good keeps its deadlines: the LFD is then withheld as a whole ("left the terminal").
  if (hasLeftTerminal(state)) return all;
  return all.filter((deadline) => stillApplies(deadline.source, state.leftPort));
}

/**
 * Whether a deadline of `source` still binds a box that has (or has not) left the port: the port terminal's LFD
 * stops mattering once the box is out of its gate (docs/domain-rules.md#last-free-day).
 */
export function stillApplies(source: LastFreeDay['source'], leftPort: boolean): boolean {
  return !(leftPort && source === 'terminal');
}

/**
 * Where a deadline runs, named as people name it: the terminal LFD at the port of discharge, the rail LFD at the
 * inland destination, the line LFD at the destination when the box moves inland and at the port otherwise.
 */
export function deadlinePlace(
  source: LastFreeDay['source'],
  container: Pick<Container, 'finalDestinationTimeZone'>,
  shipment: Pick<Shipment, 'portOfDischarge' | 'destination'>,
): string | null {
  const port = shipment.portOfDischarge.name ?? shipment.portOfDischarge.locode;
  const inland = shipment.destination.name ?? shipment.destination.locode;
  if (source === 'rail') return inland ?? null;
  if (source === 'line' && container.finalDestinationTimeZone !== null) return inland ?? port;
  return port;
}

/** The zone a deadline belongs to when the mapper could not say (docs/domain-rules.md#time-zones). */
function fallbackZone(container: Container, source: LastFreeDay['source']): string | null {
  if (source === 'rail') return container.finalDestinationTimeZone;
  if (source === 'line') return container.finalDestinationTimeZone ?? container.podTimeZone;
  return container.podTimeZone;
}

function compact<T>(values: Array<T | null>): T[] {
  return values.filter((value): value is T => value !== null);
}
