/**
 * What becomes of a new tracking request, decided by its number so a test or a demo can choose: every request is
 * `pending` for two demo minutes, then
 * - `TEST-TR-SUCCEEDED` (Terminal49's test number) is created, and `TEST-TR-FAILED` fails (`not_found`);
 * - a container number whose check digit is wrong fails (`invalid_number`), and so does a request whose carrier
 *   was to be detected when no carrier can be inferred (`scac_auto_detect_failed`);
 * - otherwise the number's last character decides: a letter or 0–5 → created; 6 → awaiting manifest, created a
 *   day later; 7 → awaiting manifest, failed (`expired`) after seven days; 8 → failed (`not_found`); 9 → still
 *   pending while the line is unreachable (`is_retrying`), created an hour later.
 */
import { containerCheckDigit } from '../demo/iso6346.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** How long a request stays pending before its first outcome. */
export const FIRST_OUTCOME_MS = 2 * MINUTE_MS;

export type Transition =
  | { kind: 'created' }
  | { kind: 'awaiting_manifest' }
  | { kind: 'failed'; reason: string }
  | { kind: 'retrying'; reason: string };

export interface PlannedTransition {
  afterMs: number;
  transition: Transition;
}

export interface RequestFacts {
  /** Normalised. */
  number: string;
  type: 'bill_of_lading' | 'booking_number' | 'container';
  /** null when the carrier was to be detected and none could be. */
  scac: string | null;
}

const at = (afterMs: number, transition: Transition): PlannedTransition => ({ afterMs, transition });
const failed = (reason: string, afterMs = FIRST_OUTCOME_MS) => at(afterMs, { kind: 'failed', reason });
const created = (afterMs = FIRST_OUTCOME_MS) => at(afterMs, { kind: 'created' });

function checkDigitFails(number: string): boolean {
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(number)) return true;
  return containerCheckDigit(number.slice(0, 10)) !== Number(number.charAt(10));
}

export function planOutcome(request: RequestFacts): PlannedTransition[] {
  const { number } = request;
  if (number === 'TEST-TR-SUCCEEDED') return [created()];
  if (number === 'TEST-TR-FAILED') return [failed('not_found')];
  if (request.type === 'container' && checkDigitFails(number)) return [failed('invalid_number')];
  if (request.scac === null) return [failed('scac_auto_detect_failed')];
  switch (number.charAt(number.length - 1)) {
    case '6':
      return [at(FIRST_OUTCOME_MS, { kind: 'awaiting_manifest' }), created(DAY_MS)];
    case '7':
      return [at(FIRST_OUTCOME_MS, { kind: 'awaiting_manifest' }), failed('expired', 7 * DAY_MS)];
    case '8':
      return [failed('not_found')];
    case '9':
      return [
        at(FIRST_OUTCOME_MS, { kind: 'retrying', reason: 'shipping_line_unreachable' }),
        created(HOUR_MS),
      ];
    default:
      return [created()];
  }
}
