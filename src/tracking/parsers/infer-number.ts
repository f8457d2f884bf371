/** `POST /tracking_requests/infer_number` → InferredNumber (docs/tracking-api.md, infer_number). */
import { parseAttributes, parseSingleDocument } from '../jsonapi.js';
import type { CarrierCandidate, InferredNumber } from '../models.js';
import { candidateSchema, inferNumberAttributesSchema } from '../schemas/infer-number.js';

const NUMBER_TYPES = new Set(['container', 'bill_of_lading', 'booking']);
const DECISIONS = new Set(['auto_select', 'needs_confirmation', 'no_prediction']);

export function parseInferNumberDocument(json: unknown, sent: string): InferredNumber {
  const doc = parseSingleDocument(json, 'number inference');
  const a = parseAttributes(inferNumberAttributesSchema, doc.data);
  const line = a.shipping_line;
  // A malformed candidate is skipped rather than failing the whole inference: the person can still pick another.
  const candidates: CarrierCandidate[] = (line?.candidates ?? []).flatMap((raw) => {
    const parsed = candidateSchema.safeParse(raw);
    return parsed.success ? [toCandidate(parsed.data)] : [];
  });
  const decision = line?.decision && DECISIONS.has(line.decision) ? line.decision : 'no_prediction';
  const selected = line?.selected ? toCandidate(line.selected) : null;
  return {
    // SAFETY: checked against NUMBER_TYPES just before.
    numberType:
      a.number_type && NUMBER_TYPES.has(a.number_type)
        ? (a.number_type as InferredNumber['numberType'])
        : null,
    number: sent,
    isValid: a.validation?.is_valid ?? null,
    checkDigitPassed: a.validation?.check_digit_passed ?? null,
    invalidReason: a.validation?.reason ?? null,
    // SAFETY: checked against DECISIONS just before.
    decision: decision as InferredNumber['decision'],
    selected: decision === 'no_prediction' ? null : selected,
    candidates: candidates.length > 0 || selected === null ? candidates : [selected],
  };
}

function toCandidate(raw: {
  scac: string;
  name: string | null;
  confidence: number | null;
}): CarrierCandidate {
  return { scac: raw.scac.toUpperCase(), name: raw.name, confidence: raw.confidence };
}
