/**
 * Finding shipping numbers in free text (a forwarded arrival notice, an e-mail pasted into Slack): container numbers
 * (ISO 6346: owner code, category U/J/Z, six-digit serial, check digit — the check digit verified, so a phone number
 * or an invoice number that happens to look like one is not taken), bills of lading (a carrier's 4-letter prefix and
 * at least six more characters with digits, `MAEU240817361`) and booking numbers (8 to 12 digits, only right after a
 * word that names them: "booking", "bkg", "B/L", so phone numbers and dates are not). At most `MAX_FOUND`, in the order
 * they appear, each once.
 */
import { isValidContainerNumber } from './container-number.js';

export type ShippingNumberKind = 'container' | 'bill_of_lading_or_booking';

export interface ShippingNumber {
  number: string;
  kind: ShippingNumberKind;
}

export const MAX_FOUND = 10;

/** `MSKU 907032-3` and `MSKU9070323` alike: separators inside are dropped. */
const CONTAINER = /\b([A-Z]{3}[UJZ])[ \t]?(\d{6})[ \t-]?(\d)\b/g;
/** Four letters then 6–21 letters or digits, with at least four digits among them. */
const PREFIXED = /\b([A-Z]{4}[A-Z0-9]{6,21})\b/g;
const BOOKING =
  /\b(?:BOOKING|BKG|B\/L|BL|BOOKING NO\.?|BOOKING NUMBER)[\s:#.-]*(?:NO\.?|NUMBER|#)?[\s:#.-]*(\d{8,12})\b/g;
/** Slack's own markup (`<https://…|label>`, `<@U123>`): not read, so a link's URL or a mention is never a number. */
const SLACK_MARKUP = /<[^>\n]*>/g;

export function findShippingNumbers(text: string): ShippingNumber[] {
  const upper = text.replace(SLACK_MARKUP, ' ').toUpperCase();
  const found: Array<ShippingNumber & { at: number }> = [];
  const seen = new Set<string>();
  const add = (number: string, kind: ShippingNumberKind, at: number) => {
    if (seen.has(number)) return;
    seen.add(number);
    found.push({ number, kind, at });
  };
  for (const match of upper.matchAll(CONTAINER)) {
    const number = `${match[1]}${match[2]}${match[3]}`;
    if (isValidContainerNumber(number)) add(number, 'container', match.index ?? 0);
  }
  for (const match of upper.matchAll(PREFIXED)) {
    const number = match[1] ?? '';
    // A container number (valid or a typo) is not a bill of lading; nor is a word with too few digits.
    if (/^[A-Z]{4}\d{7}$/.test(number) || (number.match(/\d/g) ?? []).length < 4) continue;
    add(number, 'bill_of_lading_or_booking', match.index ?? 0);
  }
  for (const match of upper.matchAll(BOOKING)) {
    add(match[1] ?? '', 'bill_of_lading_or_booking', match.index ?? 0);
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_FOUND)
    .map(({ number, kind }) => ({ number, kind }));
}
