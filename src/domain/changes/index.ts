/** The change engine's pure rules: snapshots, their diff, LFD reminders, time boundaries and the polling phase. */
export { nextBoundary } from './boundary.js';
export {
  CHANGE_CATEGORIES,
  type ChangeCategory,
  type ChangeKind,
  type ContainerRef,
  categoryOf,
  isImportant,
  type ReminderKind,
  type WatchChange,
} from './change.js';
export { type ChangeSet, DEFAULT_DIFF_SETTINGS, type DiffSettings, diffSnapshots } from './diff.js';
export { dueReminders, REMINDER_HOUR, reminderTimes } from './reminders.js';
export {
  applicableLfds,
  type ContainerSnapshot,
  earliestLfd,
  type HoldRef,
  type LfdDate,
  type ObservedFacts,
  type PostedFee,
  type ShipmentSnapshot,
  snapshotOf,
  type VesselRef,
} from './snapshot.js';
export { NEAR_ARRIVAL_MS, type WatchPhase, watchPhase } from './watch-phase.js';
