/**
 * What an option of a container row's overflow menu asks for (cards/ids.ts renders the values): snooze or done on a
 * watched card's box (README "Owning an alert"), "Set custom field", or "Open in Terminal49", a link the platform
 * opens itself. Pure: the value read back.
 */
import { OPEN_IN_TERMINAL49_OPTION_PREFIX } from '../../cards/container-row.js';
import {
  ALERT_OPTION_PREFIX,
  type AlertOption,
  readAlertOption,
  readSetFieldValue,
  SET_FIELD_OPTION_PREFIX,
} from '../../cards/ids.js';
import type { SnoozePreset } from '../../domain/alerts/container-alerts.js';

/** What the person asked of one box's alert. */
export type BoxAlertChoice =
  | { kind: 'done'; containerId: string }
  | { kind: 'snooze'; containerId: string; preset: SnoozePreset };

export type ContainerMenuOption =
  | { kind: 'alert'; what: AlertOption; choice: BoxAlertChoice }
  | { kind: 'set_field'; containerId: string; containerNumber: string | null }
  /** Nothing to do: the link option, or an alert option that does not read. */
  | { kind: 'none' }
  /** An option this Shipwatch never rendered. */
  | { kind: 'unknown' };

export function readContainerMenuOption(value: string): ContainerMenuOption {
  if (value.startsWith(ALERT_OPTION_PREFIX)) {
    const option = readAlertOption(value);
    if (option === null) return { kind: 'none' };
    const choice: BoxAlertChoice =
      option.what === 'done'
        ? { kind: 'done', containerId: option.containerId }
        : {
            kind: 'snooze',
            containerId: option.containerId,
            preset: option.what === 'snooze_tomorrow' ? 'tomorrow' : 'next_working_day',
          };
    return { kind: 'alert', what: option.what, choice };
  }
  if (!value.startsWith(SET_FIELD_OPTION_PREFIX)) {
    // The "Open in Terminal49" option is a link: the platform opens it and still sends the action.
    return value.startsWith(OPEN_IN_TERMINAL49_OPTION_PREFIX) ? { kind: 'none' } : { kind: 'unknown' };
  }
  return { kind: 'set_field', ...readSetFieldValue(value.slice(SET_FIELD_OPTION_PREFIX.length)) };
}
