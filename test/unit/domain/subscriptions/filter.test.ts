import { describe, expect, it } from 'vitest';
import {
  type FilterTerm,
  matchesFilter,
  parseFilter,
  readTerms,
  type ShipmentFacts,
} from '../../../../src/domain/subscriptions/index.js';

const facts = (overrides: Partial<ShipmentFacts> = {}): ShipmentFacts => ({
  tags: ['Priority', 'ACME'],
  customerName: 'Acme  Home Goods',
  podLocode: 'USLAX',
  scac: 'MAEU',
  refNumbers: ['PO-4411-A', 'INV 77'],
  trackingStopped: false,
  ...overrides,
});

const terms = (text: string): FilterTerm[] => {
  const parsed = parseFilter(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.terms;
};

describe('a subscription filter', () => {
  it('reads every kind of term, with quoted values, into one canonical spelling whatever the order and case', () => {
    const a = parseFilter('pod:uslax  tag:ACME customer:"Acme Home Goods" carrier:maeu ref:PO-44');
    const b = parseFilter('ref:po-44 carrier:MAEU customer:"acme   home goods" TAG:acme pod:USLAX tag:acme');
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      ok: true,
      canonical: 'tag:acme customer:"acme home goods" pod:USLAX carrier:MAEU ref:po-44',
    });
  });

  it('says what is wrong with a filter it cannot read', () => {
    expect(parseFilter('')).toMatchObject({ ok: false, problem: expect.stringContaining('at least one') });
    expect(parseFilter('colour:blue')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('`colour:` is not a filter'),
    });
    expect(parseFilter('acme')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('`acme` is not a filter term'),
    });
    expect(parseFilter('pod:Los Angeles')).toMatchObject({ ok: false });
    expect(parseFilter('pod:LAX')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('UN/LOCODE'),
    });
    expect(parseFilter('carrier:MAERSK1')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('SCAC'),
    });
    expect(parseFilter('tag:')).toMatchObject({ ok: false });
  });

  it('matches when every term holds (AND): tags and customers ignoring case and spacing, codes exactly, references by their start', () => {
    expect(matchesFilter(terms('tag:acme'), facts())).toBe(true);
    expect(matchesFilter(terms('customer:"acme home goods" pod:USLAX carrier:MAEU'), facts())).toBe(true);
    expect(matchesFilter(terms('ref:po-4411'), facts())).toBe(true);
    expect(matchesFilter(terms('ref:4411'), facts())).toBe(false);
    expect(matchesFilter(terms('tag:acme pod:NLRTM'), facts())).toBe(false);
    expect(matchesFilter(terms('customer:acme'), facts())).toBe(false);
    expect(matchesFilter(terms('carrier:MAEU'), facts({ scac: null }))).toBe(false);
  });

  it('matches nothing whose tracking stopped', () => {
    expect(matchesFilter(terms('tag:acme'), facts({ trackingStopped: true }))).toBe(false);
  });

  it('reads stored terms back, and refuses what it cannot trust', () => {
    expect(readTerms(terms('tag:acme pod:USLAX'))).toEqual(terms('tag:acme pod:USLAX'));
    expect(readTerms([{ kind: 'colour', value: 'blue' }])).toBeNull();
    expect(readTerms('tag:acme')).toBeNull();
    expect(readTerms([])).toBeNull();
  });
});
