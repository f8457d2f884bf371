/**
 * LFD reminders, the time boundaries of a watched card and the polling phase, with fixed instants across zones and
 * daylight-saving changes (Europe switches on 29 March 2026, New York falls back on 1 November 2026).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_WEEK, type WorkingWeek } from '../../../../src/domain/attention/index.js';
import {
  dueReminders,
  nextBoundary,
  reminderTimes,
  type ShipmentSnapshot,
  snapshotOf,
  watchPhase,
} from '../../../../src/domain/changes/index.js';
import type { Container } from '../../../../src/tracking/models.js';
import { lfd, makeContainer, makeDetail, zoned } from '../../../fixtures/cards/factories.js';

const AMS = 'Europe/Amsterdam';
/** A channel that works every day: its reminders fall on the calendar day before, weekend or not. */
const EVERY_DAY: WorkingWeek = { daysOff: new Set() };
const SATURDAYS_TOO: WorkingWeek = { daysOff: new Set([0]) };
const NYC = 'America/New_York';
const at = (iso: string) => Date.parse(iso);

function watched(container: Partial<Container>, shipment = {}): ShipmentSnapshot {
  return snapshotOf(
    makeDetail({
      shipment,
      containers: [
        makeContainer({
          id: 'box-1',
          number: 'CSNU8804120',
          podTimeZone: AMS,
          podDischargedAt: zoned('2026-03-27T13:00:00Z', AMS),
          ...container,
        }),
      ],
    }),
  );
}

const lfdOn = (date: string, zone: string | null = AMS, source: 'terminal' | 'line' | 'rail' = 'terminal') =>
  watched({ deadlines: [lfd(date, source, zone)] });

describe('reminder times', () => {
  it('falls at 08:00 local the day before and on the day, and at midnight after, across the spring change', () => {
    expect(reminderTimes('2026-03-30', AMS, EVERY_DAY)).toEqual({
      tomorrow: at('2026-03-29T06:00:00Z'), // 08:00 CEST, the first morning of summer time
      today: at('2026-03-30T06:00:00Z'),
      overdue: at('2026-03-30T22:00:00Z'),
      afterDaysOff: false,
    });
    expect(reminderTimes('2026-03-29', AMS, EVERY_DAY)).toEqual({
      tomorrow: at('2026-03-28T07:00:00Z'), // 08:00 CET, still winter time
      today: at('2026-03-29T06:00:00Z'),
      overdue: at('2026-03-29T22:00:00Z'),
      afterDaysOff: false,
    });
  });

  it('keeps 08:00 local across the autumn change in New York', () => {
    expect(reminderTimes('2026-11-02', NYC, EVERY_DAY)).toEqual({
      tomorrow: at('2026-11-01T13:00:00Z'), // 08:00 EST, the first morning after falling back
      today: at('2026-11-02T13:00:00Z'),
      overdue: at('2026-11-03T05:00:00Z'),
      afterDaysOff: false,
    });
  });

  it('reads the times as UTC wall times when the LFD zone is unknown', () => {
    expect(reminderTimes('2026-03-30', null)?.today).toBe(at('2026-03-30T08:00:00Z'));
  });
});

describe('dueReminders', () => {
  const snapshot = lfdOn('2026-03-30');
  const due = (iso: string, sent: string[] = []) =>
    dueReminders(snapshot, new Set(sent), at(iso), EVERY_DAY).map((change) =>
      change.kind === 'lfd_reminder' ? change.when : change.kind,
    );

  it('sends nothing before 08:00 on the day before (a channel that works every day)', () => {
    expect(due('2026-03-29T05:59:00Z')).toEqual([]);
  });

  it('reminds the day before, on the morning, and once overdue, each at its time in the LFD zone', () => {
    expect(due('2026-03-29T06:00:00Z')).toEqual(['tomorrow']);
    expect(due('2026-03-30T06:00:00Z')).toEqual(['today']);
    expect(due('2026-03-30T22:00:00Z')).toEqual(['overdue']);
  });

  it('never sends a reminder twice', () => {
    const [first] = dueReminders(snapshot, new Set(), at('2026-03-30T07:00:00Z'));
    expect(first?.key).toBe('reminder:box-1:today:2026-03-30');
    expect(due('2026-03-30T09:00:00Z', [first?.key ?? ''])).toEqual([]);
  });

  it('sends only the latest reminder due to a channel that starts watching late', () => {
    expect(due('2026-04-02T10:00:00Z')).toEqual(['overdue']);
  });

  it('reminds again for an LFD that moved', () => {
    const moved = lfdOn('2026-04-01');
    expect(
      dueReminders(moved, new Set(['reminder:box-1:today:2026-03-30']), at('2026-03-31T06:30:00Z')).map(
        (c) => c.key,
      ),
    ).toEqual(['reminder:box-1:tomorrow:2026-04-01']);
  });

  it('uses the earliest LFD, each in its own zone (a rail LFD in Chicago)', () => {
    const rail = watched({
      finalDestinationTimeZone: 'America/Chicago',
      deadlines: [lfd('2026-03-31', 'terminal', AMS), lfd('2026-03-30', 'rail', 'America/Chicago')],
    });
    // 08:00 in Chicago (CDT, UTC−5) is 13:00Z; at 12:00Z it is not yet the rail LFD's morning there.
    expect(dueReminders(rail, new Set(), at('2026-03-30T12:00:00Z')).map((c) => c.key)).toEqual([
      'reminder:box-1:tomorrow:2026-03-30',
    ]);
    expect(dueReminders(rail, new Set(), at('2026-03-30T13:00:00Z')).map((c) => c.key)).toEqual([
      'reminder:box-1:today:2026-03-30',
    ]);
  });

  it('does not remind about a box that was picked up, nor once tracking stopped', () => {
    const gone = watched({
      deadlines: [lfd('2026-03-30', 'terminal', AMS)],
      currentStatus: 'picked_up',
      podFullOutAt: zoned('2026-03-29T09:00:00Z', AMS),
    });
    expect(dueReminders(gone, new Set(), at('2026-03-30T07:00:00Z'))).toEqual([]);
    const stopped = snapshotOf(
      makeDetail({
        shipment: {
          lineTracking: {
            lastAttemptedAt: null,
            lastSucceededAt: null,
            stoppedAt: '2026-03-28T00:00:00Z',
            stoppedReason: 'no_updates_at_line',
          },
        },
        containers: [makeContainer({ deadlines: [lfd('2026-03-30', 'terminal', AMS)] })],
      }),
    );
    expect(dueReminders(stopped, new Set(), at('2026-03-30T07:00:00Z'))).toEqual([]);
  });
});

describe('reminders on working days', () => {
  // Monday 30 March 2026 in Amsterdam; Friday 27 March is still winter time (08:00 CET = 07:00 UTC).
  const monday = lfdOn('2026-03-30');
  const reminders = (snapshot: ShipmentSnapshot, iso: string, week: WorkingWeek) =>
    dueReminders(snapshot, new Set(), at(iso), week).map((change) =>
      change.kind === 'lfd_reminder' ? `${change.when}${change.afterDaysOff ? ' after days off' : ''}` : '',
    );

  it('announces a Monday LFD on Friday at 08:00, not on Sunday, when the weekend is off', () => {
    expect(reminders(monday, '2026-03-27T06:59:00Z', DEFAULT_WORKING_WEEK)).toEqual([]);
    expect(reminders(monday, '2026-03-27T07:00:00Z', DEFAULT_WORKING_WEEK)).toEqual([
      'tomorrow after days off',
    ]);
    expect(reminders(monday, '2026-03-30T06:00:00Z', DEFAULT_WORKING_WEEK)).toEqual(['today']);
    // Without a week the channel's default is the weekend off.
    expect(dueReminders(monday, new Set(), at('2026-03-27T07:00:00Z'))).toHaveLength(1);
  });

  it('announces it on Saturday at 08:00 to a channel that works Saturdays', () => {
    expect(reminders(monday, '2026-03-27T07:00:00Z', SATURDAYS_TOO)).toEqual([]);
    expect(reminders(monday, '2026-03-28T06:59:00Z', SATURDAYS_TOO)).toEqual([]);
    expect(reminders(monday, '2026-03-28T07:00:00Z', SATURDAYS_TOO)).toEqual(['tomorrow after days off']);
  });

  it('says "tomorrow" for an LFD the day after a working day, weekend off or not', () => {
    const tuesday = lfdOn('2026-03-31');
    expect(reminders(tuesday, '2026-03-30T06:00:00Z', DEFAULT_WORKING_WEEK)).toEqual(['tomorrow']);
    const saturday = lfdOn('2026-03-28');
    expect(reminders(saturday, '2026-03-27T07:00:00Z', SATURDAYS_TOO)).toEqual(['tomorrow']);
  });

  it('announces a weekend LFD on the Friday before it, and still on its own morning', () => {
    const sunday = lfdOn('2026-03-29');
    expect(reminders(sunday, '2026-03-27T07:00:00Z', DEFAULT_WORKING_WEEK)).toEqual([
      'tomorrow after days off',
    ]);
    expect(reminders(sunday, '2026-03-29T06:00:00Z', DEFAULT_WORKING_WEEK)).toEqual(['today']);
  });

  it('plans the next boundary at the earliest reminder of every watching channel', () => {
    const saturdayMorning = at('2026-03-28T07:00:00Z');
    const fridayMorning = at('2026-03-27T07:00:00Z');
    const thursdayNoon = at('2026-03-26T12:00:00Z');
    expect(nextBoundary(monday, thursdayNoon, [SATURDAYS_TOO])).toBe(at('2026-03-26T23:00:00Z')); // midnight first
    expect(nextBoundary(monday, at('2026-03-27T00:00:00Z'), [SATURDAYS_TOO])).toBe(
      at('2026-03-27T23:00:00Z'),
    );
    expect(nextBoundary(monday, at('2026-03-27T00:00:00Z'), [SATURDAYS_TOO, DEFAULT_WORKING_WEEK])).toBe(
      fridayMorning,
    );
    expect(nextBoundary(monday, at('2026-03-28T00:00:00Z'), [SATURDAYS_TOO])).toBe(saturdayMorning);
  });
});

describe('nextBoundary', () => {
  it('is the next midnight in the LFD zone when that comes before any reminder', () => {
    const snapshot = lfdOn('2026-04-03');
    // 10:00Z on 29 March is 12:00 CEST; the next change of "in 5 days" is at midnight CEST (22:00Z).
    expect(nextBoundary(snapshot, at('2026-03-29T10:00:00Z'))).toBe(at('2026-03-29T22:00:00Z'));
  });

  it('is the reminder time when that comes first', () => {
    expect(nextBoundary(lfdOn('2026-03-31'), at('2026-03-30T01:00:00Z'))).toBe(at('2026-03-30T06:00:00Z'));
  });

  it('is the ETA when the vessel is due before the next midnight', () => {
    const coming = snapshotOf(
      makeDetail({
        shipment: { podEtaAt: zoned('2026-03-29T15:00:00Z', AMS), podAtaAt: null },
        containers: [makeContainer({ currentStatus: 'on_ship', availableForPickup: null })],
      }),
    );
    expect(nextBoundary(coming, at('2026-03-29T10:00:00Z'))).toBe(at('2026-03-29T15:00:00Z'));
  });

  it('is null when nothing on the card depends on the date any more', () => {
    const gone = watched({
      currentStatus: 'empty_returned',
      emptyTerminatedAt: zoned('2026-03-29T09:00:00Z', AMS),
    });
    expect(nextBoundary(gone, at('2026-03-30T10:00:00Z'))).toBeNull();
  });
});

describe('watchPhase', () => {
  const atSea = (eta: string) =>
    snapshotOf(
      makeDetail({
        shipment: { podEtaAt: zoned(eta, AMS), podAtaAt: null },
        containers: [
          makeContainer({ currentStatus: 'on_ship', availableForPickup: null, availabilityKnown: null }),
        ],
      }),
    );

  it('is far at sea more than 72 h out, near within 72 h', () => {
    expect(watchPhase(atSea('2026-04-10T10:00:00Z'), at('2026-04-01T00:00:00Z'))).toBe('far');
    expect(watchPhase(atSea('2026-04-03T10:00:00Z'), at('2026-04-01T00:00:00Z'))).toBe('near');
  });

  it('is near while boxes wait at the terminal, detention once all are out, done once all are back', () => {
    expect(watchPhase(lfdOn('2026-03-30'), at('2026-03-29T00:00:00Z'))).toBe('near');
    const out = watched({ currentStatus: 'picked_up', podFullOutAt: zoned('2026-03-29T09:00:00Z', AMS) });
    expect(watchPhase(out, at('2026-03-30T00:00:00Z'))).toBe('detention');
    const back = watched({
      currentStatus: 'empty_returned',
      podFullOutAt: zoned('2026-03-29T09:00:00Z', AMS),
      emptyTerminatedAt: zoned('2026-03-30T09:00:00Z', AMS),
    });
    expect(watchPhase(back, at('2026-03-31T00:00:00Z'))).toBe('done');
  });
});

describe('reminders only for boxes still subject to the LFD', () => {
  const RAIL_INLAND = {
    currentStatus: 'on_rail',
    podFullOutAt: zoned('2026-03-26T10:00:00Z', AMS),
    podRailLoadedAt: zoned('2026-03-26T10:00:00Z', AMS),
    finalDestinationTimeZone: 'Europe/Berlin',
  };

  it('sends no "passed" alert for the port terminal LFD of a box that left by rail four days before it', () => {
    const snapshot = watched({ ...RAIL_INLAND, deadlines: [lfd('2026-03-30', 'terminal', AMS)] });
    expect(dueReminders(snapshot, new Set(), at('2026-04-02T09:00:00Z'))).toEqual([]);
    expect(nextBoundary(snapshot, at('2026-03-27T09:00:00Z'))).toBeNull();
  });

  it('reminds of the rail LFD at the inland terminal instead', () => {
    const snapshot = watched({
      ...RAIL_INLAND,
      deadlines: [lfd('2026-03-30', 'terminal', AMS), lfd('2026-04-03', 'rail', 'Europe/Berlin')],
    });
    const due = dueReminders(snapshot, new Set(), at('2026-04-03T09:00:00Z'));
    expect(
      due.map((change) => (change.kind === 'lfd_reminder' ? [change.when, change.lfd.source] : null)),
    ).toEqual([['today', 'rail']]);
  });

  it('names the port where the LFD runs, not the city its zone is named after', () => {
    const snapshot = watched(
      { deadlines: [lfd('2026-03-30', 'terminal', AMS)] },
      { portOfDischarge: { locode: 'NLRTM', name: 'Rotterdam', timeZone: AMS } },
    );
    const [reminder] = dueReminders(snapshot, new Set(), at('2026-03-29T07:00:00Z'));
    expect(reminder?.kind === 'lfd_reminder' ? reminder.lfd.place : null).toBe('Rotterdam');
  });
});
