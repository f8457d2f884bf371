/**
 * What a person types into `/shipment …` is messy: pasted from e-mails with spaces, lowercase, zero-width characters.
 * Normalising keeps hyphens because the API's own test numbers are `TEST-TR-SUCCEEDED` / `TEST-TR-FAILED`.
 */

const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]+/g;

/** Trims, uppercases and drops inner whitespace (and zero-width characters); hyphens are kept. */
export function normalizeQuery(input: string): string {
  return input.replace(INVISIBLE, '').toUpperCase();
}

const CONTAINER_SHAPE = /^[A-Z]{4}\d{7}$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Bills of lading and booking numbers: letters and digits only (a SCAC prefix is common), or the API's test numbers. */
const BL_OR_BOOKING_SHAPE = /^(?:[A-Z0-9]{6,25}|TEST-TR-[A-Z]+)$/;

/** `AAAA1234567`: four letters and seven digits (owner code, category, serial, check digit). */
export function looksLikeContainerNumber(normalized: string): boolean {
  return CONTAINER_SHAPE.test(normalized);
}

export function looksLikeUuid(raw: string): boolean {
  return UUID_SHAPE.test(raw);
}

export function looksLikeBillOfLadingOrBooking(normalized: string): boolean {
  return BL_OR_BOOKING_SHAPE.test(normalized);
}
