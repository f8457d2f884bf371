/**
 * Can this container be picked up? (notes/tracking-api.md §4.3, §3.6.) Ready means the terminal says available AND
 * no hold is active; a `pending` hold is only a warning that one is coming. `availability_known = false` means the
 * terminal does not report availability, which is "unknown", never "not available". When the terminal says not
 * available but lists no hold, the two feeds disagree: the data is out of sync until the next update.
 */
import type { Container, TerminalHold } from '../../tracking/models.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { hasLeftTerminal } from './left-terminal.js';
import { humanise, INLAND_STATUSES, NOT_ARRIVED_STATUSES } from './status-words.js';

export type AvailabilityKind =
  | 'ready'
  | 'blocked'
  | 'pending_hold'
  | 'out_of_sync'
  | 'unknown'
  | 'not_arrived'
  | 'inland'
  | 'left_terminal';

export interface Availability {
  kind: AvailabilityKind;
  /** Holds with status `hold` (and any status the API may add: treated as blocking to be safe). */
  activeHolds: TerminalHold[];
  /** Holds with status `pending`: expected, not yet active. */
  pendingHolds: TerminalHold[];
}

const HOLD_NAMES: Record<string, string> = {
  freight: 'freight hold',
  customs: 'customs hold',
  USDA: 'USDA hold',
  VACIS: 'VACIS exam hold',
  TMF: 'TMF hold',
  other: 'other hold',
};

/** Decides the availability of `container` from its status, availability flags and holds. */
export function assessAvailability(container: Container): Availability {
  const activeHolds: TerminalHold[] = [];
  const pendingHolds: TerminalHold[] = [];
  for (const hold of container.holds) (hold.status === 'pending' ? pendingHolds : activeHolds).push(hold);
  const status = container.currentStatus ?? '';
  return { kind: decide(container, status, activeHolds, pendingHolds), activeHolds, pendingHolds };
}

/**
 * The availability as one mrkdwn line with its marker; null when there is nothing to say here (the container has
 * left the terminal, or is moving inland, which the rail line covers).
 */
export function availabilityLine(availability: Availability): string | null {
  const pending =
    availability.pendingHolds.length > 0 ? `pending ${holdList(availability.pendingHolds)}` : '';
  switch (availability.kind) {
    case 'ready':
      return `✅ Ready for pickup${pending ? ` · ⚠️ ${pending} expected` : ''}`;
    case 'blocked':
      return `⛔ Not ready: ${holdList(availability.activeHolds)}${pending ? ` · ⚠️ ${pending}` : ''}`;
    case 'pending_hold':
      return `⚠️ Not ready: ${pending}`;
    case 'out_of_sync':
      return '⏳ Not released yet, but no hold is listed: the terminal data is out of sync, wait for the next update';
    case 'unknown':
      return "❔ Availability unknown: the terminal doesn't report it";
    case 'not_arrived':
      return `🚢 Not at the terminal yet${pending ? ` · ⚠️ ${pending}` : ''}`;
    case 'inland':
      // The row's rail line already says where the box is going; only a coming hold is worth its own line.
      return pending ? `⚠️ ${capitalise(pending)}` : null;
    case 'left_terminal':
      return null;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "customs hold (CBP HOLD)": the canonical name in words plus the terminal's own text when it has any. */
function holdLabel(hold: TerminalHold): string {
  const name = HOLD_NAMES[hold.name] ?? `${humanise(hold.name)} hold`;
  const description = hold.description?.trim();
  return description ? `${name} (${inlineMrkdwn(description)})` : name;
}

function holdList(holds: TerminalHold[]): string {
  return holds.map(holdLabel).join(', ');
}

function decide(
  container: Container,
  status: string,
  activeHolds: TerminalHold[],
  pendingHolds: TerminalHold[],
): AvailabilityKind {
  if (hasLeftTerminal(container)) return 'left_terminal';
  if (activeHolds.length > 0) return 'blocked';
  if (NOT_ARRIVED_STATUSES.has(status)) return 'not_arrived';
  if (INLAND_STATUSES.has(status)) return 'inland';
  if (container.availabilityKnown === false) return 'unknown';
  if (container.availableForPickup === true) return 'ready';
  if (container.availableForPickup === false) return pendingHolds.length > 0 ? 'pending_hold' : 'out_of_sync';
  return 'unknown';
}
