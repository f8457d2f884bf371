/**
 * A subscription's filter (README "Subscriptions"): `tag:<tag>`, `customer:<name>`, `pod:<UN/LOCODE>`,
 * `carrier:<SCAC>`, `ref:<prefix>`. Terms combine with AND; a channel's several subscriptions combine with OR (the
 * caller's). Terminal49's shipment list filters only by `tracking_stopped` and `q`, so Shipwatch matches these fields
 * itself (docs/architecture.md "Subscriptions"): tags and customers ignore case and spacing, a port and a carrier are
 * codes in capitals, a reference matches by its start. A shipment whose tracking stopped matches nothing.
 * Pure: no I/O, no clock.
 */
import type { Shipment } from '../../tracking/models.js';

export const TERM_KINDS = ['tag', 'customer', 'pod', 'carrier', 'ref'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export interface FilterTerm {
  kind: TermKind;
  /** Normalised: lower case for tag, customer and ref (spaces collapsed), capitals for pod and carrier. */
  value: string;
}

export type ParsedFilter =
  | { ok: true; terms: FilterTerm[]; canonical: string }
  | { ok: false; problem: string };

/** What a filter is matched against: the few fields of a shipment in the account's list. */
export interface ShipmentFacts {
  tags: readonly string[];
  customerName: string | null;
  podLocode: string | null;
  scac: string | null;
  refNumbers: readonly string[];
  trackingStopped: boolean;
}

const MAX_VALUE = 100;
const MAX_TERMS = 10;
const LOCODE = /^[A-Z]{2}[A-Z0-9]{3}$/;
const SCAC = /^[A-Z]{2,4}$/;
/** `kind:value` or `kind:"a value with spaces"`. */
const TERM = /([A-Za-z]+):(?:"([^"]*)"|(\S+))/y;

const squash = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

function normalise(kind: TermKind, raw: string): { value: string } | { problem: string } {
  const text = raw.trim();
  if (text === '') return { problem: `\`${kind}:\` needs a value.` };
  if (text.length > MAX_VALUE) return { problem: `\`${kind}:\` takes at most ${MAX_VALUE} characters.` };
  if (kind === 'pod') {
    const code = text.toUpperCase().replace(/\s+/g, '');
    return LOCODE.test(code)
      ? { value: code }
      : { problem: '`pod:` takes a port’s UN/LOCODE, five letters like `USLAX`.' };
  }
  if (kind === 'carrier') {
    const code = text.toUpperCase();
    return SCAC.test(code)
      ? { value: code }
      : { problem: '`carrier:` takes a shipping line’s SCAC, two to four letters like `MAEU`.' };
  }
  return { value: squash(text) };
}

const isKind = (word: string): word is TermKind => (TERM_KINDS as readonly string[]).includes(word);

/** Reads `tag:acme pod:USLAX …`; the canonical form lists the terms in a fixed order (one filter, one spelling). */
export function parseFilter(text: string): ParsedFilter {
  const terms: FilterTerm[] = [];
  let at = 0;
  const source = text.trim();
  while (at < source.length) {
    while (source[at] === ' ' || source[at] === '\t') at += 1;
    if (at >= source.length) break;
    TERM.lastIndex = at;
    const found = TERM.exec(source);
    if (!found) {
      const word = source.slice(at).split(/\s+/)[0] ?? '';
      return {
        ok: false,
        problem: `\`${word}\` is not a filter term. Use ${TERM_KINDS.map((kind) => `\`${kind}:\``).join(', ')}.`,
      };
    }
    const kind = (found[1] ?? '').toLowerCase();
    if (!isKind(kind))
      return {
        ok: false,
        problem: `\`${kind}:\` is not a filter. Use ${TERM_KINDS.map((k) => `\`${k}:\``).join(', ')}.`,
      };
    const value = normalise(kind, found[2] ?? found[3] ?? '');
    if ('problem' in value) return { ok: false, problem: value.problem };
    if (!terms.some((term) => term.kind === kind && term.value === value.value))
      terms.push({ kind, value: value.value });
    at = TERM.lastIndex;
  }
  if (terms.length === 0) return { ok: false, problem: 'Name at least one filter term, like `tag:acme`.' };
  if (terms.length > MAX_TERMS) return { ok: false, problem: `A filter has at most ${MAX_TERMS} terms.` };
  terms.sort(
    (a, b) => TERM_KINDS.indexOf(a.kind) - TERM_KINDS.indexOf(b.kind) || a.value.localeCompare(b.value),
  );
  return { ok: true, terms, canonical: describeTerms(terms) };
}

/** `tag:acme customer:"acme corp"`: how a filter is shown and stored. */
export function describeTerms(terms: readonly FilterTerm[]): string {
  return terms
    .map((term) => `${term.kind}:${/\s/.test(term.value) ? `"${term.value}"` : term.value}`)
    .join(' ');
}

function holds(term: FilterTerm, facts: ShipmentFacts): boolean {
  switch (term.kind) {
    case 'tag':
      return facts.tags.some((tag) => squash(tag) === term.value);
    case 'customer':
      return facts.customerName !== null && squash(facts.customerName) === term.value;
    case 'pod':
      return facts.podLocode?.toUpperCase() === term.value;
    case 'carrier':
      return facts.scac?.toUpperCase() === term.value;
    case 'ref':
      return facts.refNumbers.some((ref) => squash(ref).startsWith(term.value));
  }
}

/** Every term holds (AND), and the shipment is still tracked. */
export function matchesFilter(terms: readonly FilterTerm[], facts: ShipmentFacts): boolean {
  return !facts.trackingStopped && terms.length > 0 && terms.every((term) => holds(term, facts));
}

/** The facts of a shipment as the list (or a read) gives it. */
export function factsOf(shipment: Shipment): ShipmentFacts {
  return {
    tags: shipment.tags,
    customerName: shipment.customerName,
    podLocode: shipment.portOfDischarge.locode,
    scac: shipment.shippingLine.scac,
    refNumbers: shipment.refNumbers,
    trackingStopped: shipment.lineTracking.stoppedAt !== null || shipment.lineTracking.stoppedReason !== null,
  };
}

/** Terms as stored (the store keeps them as given): the valid ones, or null when they cannot be read. */
export function readTerms(stored: unknown): FilterTerm[] | null {
  if (!Array.isArray(stored)) return null;
  const terms: FilterTerm[] = [];
  for (const item of stored) {
    const record = item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {}; // SAFETY: fields checked below.
    if (typeof record.kind !== 'string' || !isKind(record.kind) || typeof record.value !== 'string')
      return null;
    terms.push({ kind: record.kind, value: record.value });
  }
  return terms.length > 0 ? terms : null;
}
