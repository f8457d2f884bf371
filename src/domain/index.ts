/**
 * The domain layer's public surface: what a shipment and its containers mean, as pure functions of the tracking
 * models and an instant (epoch milliseconds from an injected clock). No Block Kit, no mrkdwn, no I/O; every word it
 * returns is plain text. Import direction: tracking ← domain ← cards (and alerts, digests, App Home).
 */
export { type Availability, type AvailabilityKind, assessAvailability } from './availability.js';
export {
  assessContainer,
  assessContainers,
  type ContainerAssessment,
  sortMostUrgentFirst,
} from './container-assessment.js';
export { type ContainerCounts, countContainers } from './container-counts.js';
export {
  type ContainerPhase,
  type ContainerState,
  deriveContainerState,
  happened,
  hasLeftTerminal,
  leftForPickupElsewhere,
} from './container-state.js';
export { type Slippage, slippage } from './eta-slippage.js';
export { type FeeItem, type FeeSummary, feeTypeWords, summariseFees } from './fees.js';
export { holdNameWords, type SplitHolds, splitHolds } from './holds.js';
export { assessJourney, type Journey, type MilestoneReading, readMilestone } from './journey.js';
export {
  assessLfd,
  type DatedDeadline,
  type LfdAssessment,
  type LfdSuppression,
  type LfdUrgency,
  SOON_DAYS,
  STALE_AFTER_DAYS,
  unreadableDeadlineSources,
} from './lfd.js';
export {
  type AssessShipmentOptions,
  assessShipment,
  type ShipmentAssessment,
  type ShipmentHeadline,
  type ShipmentHeadlineKind,
} from './shipment-assessment.js';
export {
  containerStateWords,
  containerStatusWords,
  requestTypeWords,
  trackingStoppedReasonWords,
} from './status-words.js';
export { type CalendarDate, isReadableTimestamp, parseInstant } from './time/calendar.js';
export { calendarDaysBetween, elapsedDays } from './time/days.js';
export { calendarDateOf, todayIn } from './time/today.js';
export { zonePlaceName } from './time/zone-place.js';
export {
  describeTrackingRequest,
  failedReasonWords,
  type TrackingRequestPhase,
  type TrackingRequestState,
} from './tracking-request-state.js';
export { capitalise, humanise, plural } from './words.js';
