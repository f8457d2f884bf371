/** A container's availability and holds as one mrkdwn line of the container row, with its marker. */
import type { Availability } from '../../domain/availability.js';
import { holdWords } from '../../domain/holds.js';
import { capitalise } from '../../domain/words.js';
import type { TerminalHold } from '../../tracking/models.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';

/**
 * The availability line; null when there is nothing to say here (the container has left the terminal, or is moving
 * inland, which the rail line covers). An active hold is always named, whatever the state: the terminal only lists a
 * hold while it is in force (docs/domain-rules.md#holds).
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
      return availability.activeHolds.length > 0
        ? `⛔ ${capitalise(holdList(availability.activeHolds))} still listed by the terminal`
        : null;
  }
}

/** "customs hold (CBP HOLD)", "other hold ONDOCK": the name in words with the terminal's own text. */
function holdLabel(hold: TerminalHold): string {
  return inlineMrkdwn(holdWords(hold));
}

function holdList(holds: TerminalHold[]): string {
  return holds.map(holdLabel).join(', ');
}
