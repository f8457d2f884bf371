/**
 * A tracking request's state (docs/domain-rules.md#tracking-requests): which phase it is in and, in plain words, what
 * is happening, what happens next and, for a failure, what the person can do. `failed_reason` is "the last reason",
 * so a pending request that is retrying carries a temporary reason too; it is phrased as the last attempt's problem,
 * not as a failure.
 */
import type { TrackingRequest } from '../tracking/models.js';
import { parseInstant } from './time/calendar.js';
import { elapsedDays } from './time/days.js';
import { capitalise, humanise } from './words.js';

/** Terminal49 retries a pending request this many times (about 24 h). */
const MAX_RETRIES = 14;
/** BL and booking requests wait this many days for the manifest before failing. */
const AWAITING_MANIFEST_DAYS = 7;

export type TrackingRequestPhase =
  | 'queued'
  | 'retrying'
  | 'awaiting_manifest'
  | 'tracking'
  | 'failed'
  | 'stopped'
  | 'unknown';

export interface TrackingRequestState {
  phase: TrackingRequestPhase;
  /** One line, plain text: "Queued, Terminal49 is retrying (attempt 3 of 14)". */
  headline: string;
  /** The reason and the next step, plain text; null when there is nothing to add. */
  detail: string | null;
}

const FAILED_REASON: Record<string, string> = {
  booking_cancelled: 'the carrier says the booking was cancelled.',
  duplicate: 'this number is already tracked on the account; look it up with /shipment instead.',
  expired: 'the carrier published no data within 7 days. Check the number and carrier, then track it again.',
  internal_processing_error: 'Terminal49 hit an internal error. Try tracking it again later.',
  invalid_number: 'the carrier says this is not a valid number. Check it for typos.',
  not_found: 'the carrier does not know this number. Check the number and the carrier (SCAC).',
  retries_exhausted: 'the carrier could not be read after 14 attempts over about a day. Try again later.',
  shipping_line_unreachable: "the carrier's website could not be reached.",
  unrecognized_response: "the carrier's website answered with something Terminal49 could not read.",
  data_unavailable: 'the carrier no longer shares this data (private, or past its retention period).',
  scac_auto_detect_failed:
    'the carrier could not be detected. Track it again with the carrier (SCAC) chosen.',
};

const TEMPORARY_REASON: Record<string, string> = {
  shipping_line_unreachable: "the carrier's website could not be reached",
  unrecognized_response: "the carrier's website answered with something unreadable",
  internal_processing_error: 'Terminal49 hit an internal error',
  awaiting_manifest: 'the manifest is not published yet',
};

/** The state of `request` in words, with day counts taken from `nowMs`. */
export function describeTrackingRequest(request: TrackingRequest, nowMs: number): TrackingRequestState {
  switch (request.status) {
    case 'pending':
      return describePending(request);
    case 'awaiting_manifest':
      return {
        phase: 'awaiting_manifest',
        headline: 'Awaiting manifest',
        detail: `The carrier hasn't published the manifest yet; re-checked daily for up to ${AWAITING_MANIFEST_DAYS} days${manifestDay(request, nowMs)}.`,
      };
    case 'created':
      return {
        phase: 'tracking',
        headline: 'Tracking',
        detail: 'Terminal49 found the shipment and is tracking it.',
      };
    case 'failed':
      return {
        phase: 'failed',
        headline: 'Failed',
        detail: request.failedReason ? failedReasonWords(request.failedReason) : 'Terminal49 gave no reason.',
      };
    case 'tracking_stopped':
      return {
        phase: 'stopped',
        headline: 'Tracking stopped',
        detail: 'Terminal49 no longer updates this shipment.',
      };
    default:
      return { phase: 'unknown', headline: humanise(request.status), detail: null };
  }
}

/** A permanent failure reason explained with what to do next. */
export function failedReasonWords(reason: string): string {
  const words = FAILED_REASON[reason];
  return words ? capitalise(words) : `Reason: ${humanise(reason)}.`;
}

function describePending(request: TrackingRequest): TrackingRequestState {
  if (!request.isRetrying) {
    return {
      phase: 'queued',
      headline: 'Queued',
      detail: 'Terminal49 is looking the number up with the carrier.',
    };
  }
  const attempt = request.retryCount !== null ? ` (attempt ${request.retryCount} of ${MAX_RETRIES})` : '';
  const reason = request.failedReason
    ? (TEMPORARY_REASON[request.failedReason] ?? humanise(request.failedReason))
    : null;
  return {
    phase: 'retrying',
    headline: `Queued, Terminal49 is retrying${attempt}`,
    detail: `${reason ? `Last attempt: ${reason}. ` : ''}Retries run for about a day before the request fails.`,
  };
}

function manifestDay(request: TrackingRequest, nowMs: number): string {
  const created = request.createdAt !== null ? parseInstant(request.createdAt) : null;
  if (created === null) return '';
  // Terminal49 gives up 7 days after creation: count those days as elapsed time, not UTC calendar days.
  const day = elapsedDays(created, nowMs) + 1;
  return day >= 1 && day <= AWAITING_MANIFEST_DAYS ? ` (day ${day} of ${AWAITING_MANIFEST_DAYS})` : '';
}
