/**
 * What `POST /tracking_requests/infer_number` decides about a number, by rules a test can choose from:
 * - `AAAU1234567` is a container number; its check digit is verified (ISO 6346). A carrier's own owner code (MSKU,
 *   HLXU, ONEU…) selects that carrier; a leasing company's (TCLU, TGHU, SEGU…) needs confirmation among three
 *   candidates; any other owner code gives no prediction.
 * - A number starting with a carrier's BL prefix (MAEU, HLCU, ONEY, MEDU, COSU, EGLV, OOLU, CMDU, ZIMU, HDMU, YMJA,
 *   WHLC, APLU, MATS, PABV, `TEST-TR-`) is that carrier's bill of lading, selected with confidence.
 * - Digits only (8 to 12) is a booking number, most likely Maersk's: needs confirmation.
 * - Anything else of letters and digits is a bill of lading of no known carrier; shorter than 4 characters, or with
 *   other characters, is not a number at all (422).
 */
import { CARRIERS } from '../demo/carriers.js';
import { containerCheckDigit } from '../demo/iso6346.js';
import { shippingLineByScac } from '../demo/shipping-lines.js';

export type NumberType = 'container' | 'bill_of_lading' | 'booking';
export type Decision = 'auto_select' | 'needs_confirmation' | 'no_prediction';

export interface Candidate {
  scac: string;
  name: string;
  confidence: number;
}

export interface Inference {
  numberType: NumberType;
  validation: {
    is_valid: boolean | null;
    type: 'container' | 'shipment';
    check_digit_passed: boolean | null;
    parsed_number: string | null;
    reason: string | null;
  };
  decision: Decision;
  candidates: Candidate[];
}

/** Container owner codes of the lines' own boxes. */
const OWNERS: Readonly<Record<string, string>> = {
  MSKU: 'MAEU',
  MRKU: 'MAEU',
  MAEU: 'MAEU',
  HLXU: 'HLCU',
  HLBU: 'HLCU',
  HAMU: 'HLCU',
  ONEU: 'ONEY',
  MSCU: 'MSCU',
  MEDU: 'MSCU',
  CSNU: 'COSU',
  CBHU: 'COSU',
  CCLU: 'COSU',
  EGHU: 'EGLV',
  EMCU: 'EGLV',
  EISU: 'EGLV',
  OOLU: 'OOLU',
  OOCU: 'OOLU',
  CMAU: 'CMDU',
  CGMU: 'CMDU',
  ECMU: 'CMDU',
  ZIMU: 'ZIMU',
  ZCSU: 'ZIMU',
  HDMU: 'HDMU',
  YMLU: 'YMLU',
  YMMU: 'YMLU',
  WHLU: 'WHLC',
};

/** Leasing companies' owner codes: their boxes sail with any line. */
const LESSORS = new Set([
  'TCLU',
  'TGHU',
  'SEGU',
  'BMOU',
  'FCIU',
  'CAIU',
  'TRHU',
  'GESU',
  'TEMU',
  'TCNU',
  'DRYU',
]);

/** How bills of lading start, by line. */
const BL_PREFIXES: ReadonlyArray<readonly [prefix: string, scac: string]> = [
  ['TEST-TR-', 'TEST'],
  ['MAEU', 'MAEU'],
  ['HLCU', 'HLCU'],
  ['ONEY', 'ONEY'],
  ['MEDU', 'MSCU'],
  ['MSCU', 'MSCU'],
  ['COSU', 'COSU'],
  ['EGLV', 'EGLV'],
  ['OOLU', 'OOLU'],
  ['CMDU', 'CMDU'],
  ['ZIMU', 'ZIMU'],
  ['HDMU', 'HDMU'],
  ['YMJA', 'YMLU'],
  ['YMLU', 'YMLU'],
  ['WHLC', 'WHLC'],
  ['APLU', 'APLU'],
  ['MATS', 'MATS'],
  ['PABV', 'PABV'],
];

/** Who shares the big lines' boxes and bookings, for the candidates of an uncertain number. */
const LIKELY: readonly string[] = ['MAEU', 'MSCU', 'CMDU', 'HLCU', 'COSU', 'ONEY', 'EGLV'];

function candidate(scac: string, confidence: number): Candidate {
  const line = shippingLineByScac(scac);
  return { scac, name: line?.name ?? scac, confidence };
}

/** Three likely lines for a number, the same three for the same number. */
function likelyLines(number: string, first?: string): Candidate[] {
  let hash = 0;
  for (const char of number) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const start = hash % LIKELY.length;
  const ordered = [...LIKELY.slice(start), ...LIKELY.slice(0, start)];
  const lines = first ? [first, ...ordered.filter((scac) => scac !== first)] : ordered;
  return lines.slice(0, 3).map((scac, index) => candidate(scac, [0.52, 0.31, 0.17][index] ?? 0));
}

/** Trimmed, upper-cased, inner spaces removed: how every rule reads the number. */
export function normalizeNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export function isInferableNumber(number: string): boolean {
  return /^[A-Z0-9-]{4,40}$/.test(number);
}

export function inferNumber(raw: string): Inference | null {
  const number = normalizeNumber(raw);
  if (!isInferableNumber(number)) return null;
  if (/^[A-Z]{3}[UJZ]\d{7}$/.test(number)) {
    const expected = containerCheckDigit(number.slice(0, 10));
    const passed = expected === Number(number.charAt(10));
    const owner = number.slice(0, 4);
    const scac = OWNERS[owner];
    const decision: Decision = scac
      ? 'auto_select'
      : LESSORS.has(owner)
        ? 'needs_confirmation'
        : 'no_prediction';
    return {
      numberType: 'container',
      validation: {
        is_valid: passed,
        type: 'container',
        check_digit_passed: passed,
        parsed_number: null,
        reason: passed ? null : `Check digit should be ${expected}`,
      },
      decision,
      candidates: scac
        ? [candidate(scac, 0.97)]
        : decision === 'needs_confirmation'
          ? likelyLines(number)
          : [],
    };
  }
  const shipment = (parsed: string | null) => ({
    is_valid: true,
    type: 'shipment' as const,
    check_digit_passed: null,
    parsed_number: parsed,
    reason: null,
  });
  const prefixed = BL_PREFIXES.find(([prefix]) => number.startsWith(prefix) && number.length > prefix.length);
  if (prefixed) {
    const [prefix, scac] = prefixed;
    return {
      numberType: 'bill_of_lading',
      validation: shipment(number.slice(prefix.length)),
      decision: 'auto_select',
      candidates: [candidate(scac, scac === 'TEST' ? 1 : 0.98)],
    };
  }
  if (/^\d{8,12}$/.test(number)) {
    return {
      numberType: 'booking',
      validation: shipment(number),
      decision: 'needs_confirmation',
      candidates: likelyLines(number, CARRIERS.maersk.scac),
    };
  }
  return {
    numberType: 'bill_of_lading',
    validation: shipment(number),
    decision: 'no_prediction',
    candidates: [],
  };
}

/** The `infer_number_results` attributes as the API sends them. */
export function inferenceAttributes(inference: Inference): Record<string, unknown> {
  const [selected] = inference.candidates;
  return {
    number_type: inference.numberType,
    validation: inference.validation,
    shipping_line: {
      decision: inference.decision,
      selected: inference.decision === 'no_prediction' || !selected ? null : selected,
      candidates: inference.candidates,
    },
  };
}
