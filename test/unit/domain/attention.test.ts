/**
 * Attention tiers (docs/domain-rules.md#attention-tiers): one rule for what needs someone now, read from the snapshot
 * the change engine keeps and an injected instant. LFDs are calendar dates in their own zone, so the tiers flip at that
 * zone's midnight; the working week decides what "the next working day" is.
 */
import { describe, expect, it } from 'vitest';
import {
  attentionOf,
  DEFAULT_WORKING_WEEK,
  isUrgentTier,
  type Weekday,
} from '../../../src/domain/attention/index.js';
import type { ContainerSnapshot, ShipmentSnapshot } from '../../../src/domain/changes/index.js';

const LA = 'America/Los_Angeles';

function box(overrides: Partial<ContainerSnapshot> = {}): ContainerSnapshot {
  return {
    id: 'box-1',
    number: 'MSCU1234565',
    phase: 'at_terminal',
    availability: 'ready',
    holds: [],
    pendingHolds: [],
    fees: [],
    lfds: [],
    appointmentAt: null,
    dischargedAt: { at: '2026-03-02T10:00:00Z', timeZone: LA },
    pickedUp: false,
    pickedUpAt: null,
    railLoadedAt: null,
    railArrivedAt: null,
    inlandArrivedAt: null,
    emptyReturnedAt: null,
    ...overrides,
  };
}

function shipment(
  containers: ContainerSnapshot[],
  overrides: Partial<ShipmentSnapshot> = {},
): ShipmentSnapshot {
  return {
    shipmentId: 'shp-1',
    number: 'MEDU1234567',
    capturedAt: '2026-03-02T10:00:00Z',
    portOfDischarge: 'Los Angeles',
    podTimeZone: LA,
    destination: null,
    eta: null,
    originalEta: null,
    etaBaseline: null,
    departedAt: null,
    arrivedAt: { at: '2026-03-01T10:00:00Z', timeZone: LA },
    berthedAt: null,
    vessel: { name: null, imo: null, voyage: null },
    trackingStopped: null,
    trackingFailed: null,
    containers,
    ...overrides,
  };
}

const withLfd = (date: string, zone: string | null = LA, overrides: Partial<ContainerSnapshot> = {}) =>
  shipment([box({ lfds: [{ source: 'terminal', date, timeZone: zone }], ...overrides })]);

/** 2026-03-06 is a Friday; noon in Los Angeles is 20:00 UTC. */
const FRIDAY_NOON_LA = Date.parse('2026-03-06T20:00:00Z');

describe('the attention tier of a shipment', () => {
  it.each([
    ['2026-03-05', 'lfd_passed'],
    ['2026-03-06', 'lfd_today'],
    ['2026-03-09', 'lfd_next_working_day'],
    ['2026-03-10', 'none'],
  ] as const)('on a Friday, an LFD on %s is %s', (date, tier) => {
    expect(attentionOf(withLfd(date), FRIDAY_NOON_LA).tier).toBe(tier);
  });

  it('calls an LFD three days out "within 3 days" mid-week, and the day after that "next working day"', () => {
    const tuesday = Date.parse('2026-03-03T20:00:00Z');
    expect(attentionOf(withLfd('2026-03-06'), tuesday).tier).toBe('lfd_within_3_days');
    expect(attentionOf(withLfd('2026-03-04'), tuesday).tier).toBe('lfd_next_working_day');
  });

  it('counts a weekend LFD as due by the next working day: on Friday an LFD on Saturday cannot wait for Monday', () => {
    expect(attentionOf(withLfd('2026-03-07'), FRIDAY_NOON_LA).tier).toBe('lfd_next_working_day');
  });

  it('follows the working week it is given: with Friday and Saturday off, on Thursday an LFD on Sunday is next', () => {
    const thursday = Date.parse('2026-03-05T20:00:00Z');
    const week = { daysOff: new Set<Weekday>([5, 6]) };
    expect(attentionOf(withLfd('2026-03-08'), thursday, week).tier).toBe('lfd_next_working_day');
    expect(attentionOf(withLfd('2026-03-08'), thursday, DEFAULT_WORKING_WEEK).tier).toBe('lfd_within_3_days');
  });

  it('flips at midnight in the LFD’s own zone, not in UTC, and says when', () => {
    // 23:30 on Thursday in Los Angeles is already Friday 07:30 in UTC.
    const lateThursdayLa = Date.parse('2026-03-06T07:30:00Z');
    const attention = attentionOf(withLfd('2026-03-06'), lateThursdayLa);
    expect(attention.tier).toBe('lfd_next_working_day');
    expect(new Date(attention.changesAt ?? 0).toISOString()).toBe('2026-03-06T08:00:00.000Z');
    expect(attentionOf(withLfd('2026-03-06'), attention.changesAt ?? 0).tier).toBe('lfd_today');
  });

  it('says when a far LFD enters its last three days, skipping instants that change nothing', () => {
    const attention = attentionOf(withLfd('2026-03-20'), FRIDAY_NOON_LA);
    expect(attention.tier).toBe('none');
    expect(new Date(attention.changesAt ?? 0).toISOString()).toBe('2026-03-17T07:00:00.000Z');
  });

  it('ranks a box held at the terminal above one whose LFD is within 3 days, and both as the shipment’s', () => {
    const tuesday = Date.parse('2026-03-03T20:00:00Z');
    const held = box({ id: 'held', holds: ['customs'] });
    const soon = box({ id: 'soon', lfds: [{ source: 'terminal', date: '2026-03-06', timeZone: LA }] });
    expect(attentionOf(shipment([soon, held]), tuesday).tier).toBe('held_after_discharge');
    expect(attentionOf(shipment([soon]), tuesday).tier).toBe('lfd_within_3_days');
  });

  it('ignores boxes already picked up, and claims nothing once tracking stopped', () => {
    expect(
      attentionOf(withLfd('2026-03-05', LA, { pickedUp: true, phase: 'picked_up' }), FRIDAY_NOON_LA).tier,
    ).toBe('none');
    const stopped = { ...withLfd('2026-03-05'), trackingStopped: { at: null, reason: 'expired' } };
    expect(attentionOf(stopped, FRIDAY_NOON_LA)).toEqual({ tier: 'none', changesAt: null });
  });

  it('calls a vessel due within 24 h arriving, until 24 h past an ETA that never turned into an arrival', () => {
    const eta = Date.parse('2026-03-07T08:00:00Z');
    const coming = shipment([box({ phase: 'not_arrived', dischargedAt: null })], {
      arrivedAt: null,
      eta: { at: '2026-03-07T08:00:00Z', timeZone: LA },
    });
    const twoDaysBefore = attentionOf(coming, eta - 48 * 3_600_000);
    expect(twoDaysBefore.tier).toBe('none');
    expect(twoDaysBefore.changesAt).toBe(eta - 24 * 3_600_000);
    const dayBefore = attentionOf(coming, eta - 3_600_000);
    expect(dayBefore).toEqual({ tier: 'arriving_within_24h', changesAt: eta + 24 * 3_600_000 });
  });

  it('treats exactly the first four tiers as urgent', () => {
    const urgent = ['lfd_passed', 'lfd_today', 'lfd_next_working_day', 'held_after_discharge'] as const;
    for (const tier of urgent) expect(isUrgentTier(tier)).toBe(true);
    for (const tier of ['lfd_within_3_days', 'arriving_within_24h', 'none'] as const)
      expect(isUrgentTier(tier)).toBe(false);
  });
});
