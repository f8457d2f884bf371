/** The thread lines of a watched shipment: what changed, from what to what, when, in the place's zone. */
import { describe, expect, it } from 'vitest';
import { changeLine } from '../../../../src/cards/watch/change-line.js';
import { renderUpdateMessage } from '../../../../src/cards/watch/update-message.js';
import type { WatchChange } from '../../../../src/domain/changes/index.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';

const AMS = 'Europe/Amsterdam';
const NOW = Date.parse('2026-03-11T12:00:00Z');
const condensed = { nowMs: NOW, format: 'condensed' as const };
const box = (n: number) => ({ id: `box-${n}`, number: `CSNU880412${n}` });
const discharged = (n: number): WatchChange => ({
  kind: 'discharged',
  key: `discharged:${n}`,
  container: box(n),
  at: { at: `2026-03-11T1${n}:00:00Z`, timeZone: AMS },
  place: 'Rotterdam',
});

describe('change lines', () => {
  it('says an ETA move from the old to the new ETA in the port’s zone, and against the original', () => {
    const line = changeLine(
      {
        kind: 'eta_changed',
        key: 'eta',
        container: null,
        from: { at: '2026-03-11T08:00:00Z', timeZone: AMS },
        to: { at: '2026-03-11T14:00:00Z', timeZone: AMS },
        original: { at: '2026-03-10T08:00:00Z', timeZone: AMS },
        place: 'Rotterdam',
      },
      condensed,
    );
    expect(line).toBe(
      '🕒 ETA Rotterdam moved from Wed 11 Mar 09:00 CET → Wed 11 Mar 15:00 CET (6 hours later; 1 day later than first announced)',
    );
  });

  it('names the hold that was released and the box', () => {
    expect(
      changeLine(
        { kind: 'hold_released', key: 'h', container: box(1), hold: 'customs', pending: false },
        condensed,
      ),
    ).toBe('✅ Customs hold released on CSNU8804121');
  });

  it('tells an `other` hold by its description, the way terminals name them', () => {
    expect(
      changeLine(
        {
          kind: 'hold_released',
          key: 'h',
          container: box(1),
          hold: 'other',
          description: 'ONDOCK',
          pending: false,
        },
        condensed,
      ),
    ).toBe('✅ Other hold ONDOCK released on CSNU8804121');
  });

  it('gives the reader’s own time as well in the detailed form', () => {
    expect(changeLine(discharged(1), { nowMs: NOW, format: 'detailed' })).toMatch(
      /^📦 CSNU8804121 discharged at Rotterdam · Wed 11 Mar 12:00 CET \(<!date\^\d+\^/,
    );
  });

  it('says a reminder in the LFD’s own place: the port, not the city its zone is named after', () => {
    const line = changeLine(
      {
        kind: 'lfd_reminder',
        key: 'r',
        container: box(1),
        when: 'today',
        lfd: { source: 'terminal', date: '2026-03-13', timeZone: AMS, place: 'Rotterdam' },
      },
      condensed,
    );
    expect(line).toBe(
      '🟠 Last free day today in Rotterdam for CSNU8804121 (terminal LFD Fri 13 Mar (Rotterdam)): not picked up yet',
    );
  });

  it('says "the next working day", not "tomorrow", for a reminder sent before days off', () => {
    const reminder = (afterDaysOff: boolean): WatchChange => ({
      kind: 'lfd_reminder',
      key: 'r',
      container: box(1),
      when: 'tomorrow',
      lfd: { source: 'terminal', date: '2026-03-16', timeZone: AMS, place: 'Rotterdam' },
      ...(afterDaysOff ? { afterDaysOff } : {}),
    });
    expect(changeLine(reminder(true), condensed)).toBe(
      '⏰ Last free day on the next working day in Rotterdam for CSNU8804121 (terminal LFD Mon 16 Mar (Rotterdam)): not picked up yet',
    );
    expect(changeLine(reminder(false), condensed)).toContain('⏰ Last free day tomorrow in Rotterdam');
  });

  it('offers the zone only as a time when no place was recorded with the LFD', () => {
    const line = changeLine(
      {
        kind: 'lfd_reminder',
        key: 'r',
        container: box(1),
        when: 'today',
        lfd: { source: 'terminal', date: '2026-03-13', timeZone: AMS },
      },
      condensed,
    );
    expect(line).toContain('today in Amsterdam time');
  });

  it('says tracking failed with the API’s reason in words, escaped', () => {
    const failed = (reason: string | null): WatchChange => ({
      kind: 'tracking_failed',
      key: 'tracking_failed:1',
      container: null,
      at: '2026-03-11T08:00:00Z',
      reason,
    });
    expect(changeLine(failed('booking_cancelled'), condensed)).toBe('❌ Tracking failed (booking cancelled)');
    expect(changeLine(failed(null), condensed)).toBe('❌ Tracking failed');
    expect(changeLine(failed('<!here> down'), condensed)).not.toContain('<!here>');
  });

  it('escapes what comes from the API', () => {
    const line = changeLine(
      {
        kind: 'hold_added',
        key: 'h',
        container: { id: 'x', number: '<!channel>' },
        hold: '<@U1>',
        pending: false,
      },
      condensed,
    );
    expect(line).not.toContain('<!channel>');
    expect(line).not.toContain('<@U1>');
  });
});

describe('the grouped thread message', () => {
  it('folds the same event on several boxes into one line when condensed', () => {
    const message = renderUpdateMessage(
      { shipmentNumber: 'COSU6312345670', changes: [discharged(1), discharged(2), discharged(3)] },
      condensed,
    );
    const text = JSON.stringify(message.blocks);
    expect(text).toContain(
      '📦 3 containers discharged at Rotterdam: CSNU8804121, CSNU8804122, CSNU8804123 · Wed 11 Mar 14:00 CET',
    );
    // One line to read is one update, however many boxes it names.
    expect(text).toContain('COSU6312345670* · 1 update"');
    assertWithinBlockKitLimits(message);
  });

  it('keeps a line per box when detailed, important ones first', () => {
    const available: WatchChange = {
      kind: 'available',
      key: 'a',
      container: box(4),
      from: 'blocked',
      place: 'Rotterdam',
    };
    const message = renderUpdateMessage(
      { shipmentNumber: 'COSU6312345670', changes: [discharged(1), discharged(2), available] },
      { nowMs: NOW, format: 'detailed' },
    );
    const section = message.blocks.find((block) => block.type === 'section');
    const lines = section && 'text' in section ? (section.text?.text ?? '').split('\n') : [];
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('🟢 CSNU8804124 available for pickup at Rotterdam (was: on hold)');
  });

  it('stays within Block Kit’s limits for a burst of hundreds of changes', () => {
    const many = Array.from(
      { length: 300 },
      (_, i): WatchChange => ({
        kind: 'fees_posted',
        key: `f${i}`,
        container: { id: `b${i}`, number: `ABCU${String(i).padStart(7, '0')}` },
        fee: { type: 'demurrage', currencyCode: 'EUR', amount: 100 + i },
        previousAmount: null,
      }),
    );
    assertWithinBlockKitLimits(renderUpdateMessage({ shipmentNumber: 'X', changes: many }, condensed));
  });
});

describe('every thread line says when', () => {
  const seenAt = { at: '2026-03-11T08:00:00Z', timeZone: AMS };
  const WITHOUT_OWN_TIME: Array<[string, WatchChange]> = [
    [
      'available',
      { kind: 'available', key: 'a', container: box(1), from: 'blocked', place: 'Rotterdam', seenAt },
    ],
    [
      'not available',
      { kind: 'not_available', key: 'n', container: box(1), to: 'blocked', holds: ['customs'], seenAt },
    ],
    [
      'hold added',
      { kind: 'hold_added', key: 'h', container: box(1), hold: 'customs', pending: false, seenAt },
    ],
    [
      'hold released',
      { kind: 'hold_released', key: 'r', container: box(1), hold: 'customs', pending: false, seenAt },
    ],
    [
      'LFD set',
      {
        kind: 'lfd_set',
        key: 'l',
        container: box(1),
        from: null,
        to: { source: 'terminal', date: '2026-03-13', timeZone: AMS, place: 'Rotterdam' },
        seenAt,
      },
    ],
    [
      'fees posted',
      {
        kind: 'fees_posted',
        key: 'f',
        container: box(1),
        fee: { type: 'demurrage', currencyCode: 'EUR', amount: 150 },
        previousAmount: null,
        seenAt,
      },
    ],
  ];

  it.each(WITHOUT_OWN_TIME)('%s: when Shipwatch saw it, in the port’s zone', (_what, change) => {
    expect(changeLine(change, condensed)).toContain(' · seen Wed 11 Mar 09:00 CET');
  });

  it('says when a folded line of boxes released together was seen', () => {
    const released = (n: number): WatchChange => ({
      kind: 'hold_released',
      key: `r${n}`,
      container: box(n),
      hold: 'customs',
      pending: false,
      seenAt,
    });
    const message = renderUpdateMessage(
      { shipmentNumber: 'COSU6312345670', changes: [released(1), released(2)] },
      condensed,
    );
    expect(JSON.stringify(message.blocks)).toContain(
      'Customs hold released on 2 containers: CSNU8804121, CSNU8804122 · seen Wed 11 Mar 09:00 CET',
    );
  });
});
