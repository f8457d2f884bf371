/**
 * Before a number is tracked: what kind of number it is and which carrier issued it (`POST
 * /tracking_requests/infer_number`, docs/tracking-api.md). A carrier the person named is taken as said; one Terminal49
 * selects with confidence is certain; otherwise the person confirms it among the candidates (the Slack layer asks in a
 * modal). A container number whose check digit does not add up is refused before anything is created.
 */

import { isValidContainerNumber } from '../../domain/container-number.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { CarrierCandidate, InferredNumber, TrackingRequestType } from '../../tracking/models.js';
import { normalizeQuery } from '../../tracking/normalize-query.js';
import { type FeatureContext, trackingOf } from '../context.js';

export type CarrierChoice =
  | {
      kind: 'certain';
      number: string;
      requestType: TrackingRequestType;
      scac: string;
      carrier: string | null;
    }
  | { kind: 'uncertain'; number: string; requestType: TrackingRequestType; candidates: CarrierCandidate[] }
  | { kind: 'invalid'; number: string; reason: string };

const SCAC_SHAPE = /^[A-Z]{2,4}$/;

/** A SCAC as typed (`maeu` → `MAEU`), or null when it cannot be one. */
export function readScac(typed: string): string | null {
  const scac = typed.trim().toUpperCase();
  return SCAC_SHAPE.test(scac) ? scac : null;
}

/** The number to track, as Shipwatch sends it: upper case, no spaces. */
export function trackingNumberOf(typed: string): string {
  return normalizeQuery(typed);
}

export async function chooseCarrier(
  ctx: FeatureContext,
  typed: string,
  scac: string | null = null,
): Promise<CarrierChoice> {
  const number = trackingNumberOf(typed);
  let inferred: InferredNumber;
  try {
    inferred = await trackingOf(ctx).inferNumber(number);
  } catch (error) {
    // 422 "This reference number is not valid.": not a number any carrier issues.
    if (isTrackingApiError(error) && error.status === 422) {
      return { kind: 'invalid', number, reason: 'Terminal49 says this is not a valid reference number.' };
    }
    throw error;
  }
  const requestType = requestTypeOf(inferred, number);
  if (requestType === 'container' && !isValidContainerNumber(number)) {
    return {
      kind: 'invalid',
      number,
      reason:
        inferred.invalidReason ??
        'The last digit of a container number is a check digit, and it does not add up. Check it for typos.',
    };
  }
  if (scac !== null) {
    const named = inferred.candidates.find((candidate) => candidate.scac === scac);
    return { kind: 'certain', number, requestType, scac, carrier: named?.name ?? null };
  }
  if (inferred.decision === 'auto_select' && inferred.selected) {
    return {
      kind: 'certain',
      number,
      requestType,
      scac: inferred.selected.scac,
      carrier: inferred.selected.name,
    };
  }
  return { kind: 'uncertain', number, requestType, candidates: inferred.candidates };
}

/** infer_number's `booking` is the request type `booking_number`; an unknown type is tracked as a bill of lading. */
function requestTypeOf(inferred: InferredNumber, number: string): TrackingRequestType {
  if (inferred.numberType === 'container') return 'container';
  if (inferred.numberType === 'booking') return 'booking_number';
  if (inferred.numberType === null && /^[A-Z]{4}\d{7}$/.test(number)) return 'container';
  return 'bill_of_lading';
}
