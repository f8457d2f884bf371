/** Owning an alert: snooze presets in the LFD's zone, and which containers' reminders are held. */
export {
  type AlertState,
  nextSnoozeEnd,
  SNOOZE_HOUR,
  SNOOZE_PRESETS,
  type SnoozePreset,
  silencedContainers,
  snoozeUntil,
} from './container-alerts.js';
