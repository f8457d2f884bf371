import { describe, expect, it } from 'vitest';
import { lfdLine, lfdUrgencyPhrase } from '../../../src/cards/lines/lfd-line.js';
import { assessLfd, type LfdAssessment } from '../../../src/domain/lfd.js';
import { zonePlaceName } from '../../../src/domain/time/zone-place.js';
import type { Container } from '../../../src/tracking/models.js';
import {
  CHICAGO,
  LA,
  lfd,
  makeContainer,
  makeShipment,
  NOW,
  NY,
  zoned,
} from '../../fixtures/cards/factories.js';

const now = NOW.getTime();
const AMSTERDAM = 'Europe/Amsterdam';
const shipment = makeShipment();

function assess(overrides: Partial<Container>, at = now) {
  const result = assessLfd(makeContainer(overrides), shipment, at);
  if (result === null) throw new Error('expected an LFD');
  return result;
}

describe('LFD urgency', () => {
  it('flags an LFD two days ago as overdue by 2 days', () => {
    const result = assess({ deadlines: [lfd('2024-07-03T07:00:00Z')] });
    expect(result.urgency).toBe('overdue');
    expect(result.daysLeft).toBe(-2);
    expect(lfdLine(result, now)).toBe('🔴 LFD Wed 3 Jul · 2 days overdue · terminal LFD');
    expect(lfdUrgencyPhrase(result)).toBe('2 days overdue');
  });

  it('flags an LFD today', () => {
    const result = assess({ deadlines: [lfd('2024-07-05T07:00:00Z')] });
    expect(result.urgency).toBe('today');
    expect(lfdLine(result, now)).toBe('🟠 LFD Fri 5 Jul · today in Los Angeles · terminal LFD');
  });

  it('flags an LFD in two days as soon', () => {
    const result = assess({ deadlines: [lfd('2024-07-07T07:00:00Z')] });
    expect(result.urgency).toBe('soon');
    expect(lfdLine(result, now)).toBe('🟡 LFD Sun 7 Jul · in 2 days · terminal LFD');
  });

  it('says tomorrow for an LFD one calendar day away', () => {
    expect(lfdLine(assess({ deadlines: [lfd('2024-07-06T07:00:00Z')] }), now)).toBe(
      '🟡 LFD Sat 6 Jul · tomorrow in Los Angeles · terminal LFD',
    );
  });

  it('shows an LFD next week as a plain date', () => {
    const result = assess({ deadlines: [lfd('2024-07-12T07:00:00Z')] });
    expect(result.urgency).toBe('later');
    expect(lfdLine(result, now)).toBe('🗓️ LFD Fri 12 Jul · in 7 days · terminal LFD');
  });

  it('writes every LFD in one form: marker, date, then the countdown, whatever its urgency', () => {
    const lines = ['2024-07-03', '2024-07-04', '2024-07-05', '2024-07-06', '2024-07-07', '2024-07-12'].map(
      (day) => lfdLine(assess({ deadlines: [lfd(`${day}T07:00:00Z`)] }), now),
    );
    expect(lines).toEqual([
      '🔴 LFD Wed 3 Jul · 2 days overdue · terminal LFD',
      '🔴 LFD Thu 4 Jul · 1 day overdue · terminal LFD',
      '🟠 LFD Fri 5 Jul · today in Los Angeles · terminal LFD',
      '🟡 LFD Sat 6 Jul · tomorrow in Los Angeles · terminal LFD',
      '🟡 LFD Sun 7 Jul · in 2 days · terminal LFD',
      '🗓️ LFD Fri 12 Jul · in 7 days · terminal LFD',
    ]);
  });

  it("counts days from today in the LFD's zone, not in UTC", () => {
    // 06:30 UTC on the 5th is still the evening of the 4th in Los Angeles.
    const lateEvening = Date.parse('2024-07-05T06:30:00Z');
    expect(assess({ deadlines: [lfd('2024-07-05T07:00:00Z')] }, lateEvening).urgency).toBe('soon');
    expect(assess({ deadlines: [lfd('2024-07-05T07:00:00Z')] }, lateEvening).daysLeft).toBe(1);
  });
});

const TO_NEW_YORK = makeShipment({
  portOfDischarge: { locode: 'USNYC', name: 'New York', timeZone: NY },
});
const TO_ROTTERDAM = makeShipment({
  portOfDischarge: { locode: 'NLRTM', name: 'Rotterdam', timeZone: AMSTERDAM },
});

describe("whose calendar 'today' is", () => {
  it("names the LFD's place when it says today, since the reader's calendar may be on another day", () => {
    const result = assessLfd(
      makeContainer({ podTimeZone: NY, deadlines: [lfd('2024-07-05T04:00:00Z', 'terminal', NY)] }),
      TO_NEW_YORK,
      now,
    );
    expect(lfdLine(result as LfdAssessment, now)).toBe('🟠 LFD Fri 5 Jul · today in New York · terminal LFD');
  });

  it('names the port, not the city its time zone is named after: Rotterdam, not Amsterdam', () => {
    const result = assessLfd(
      makeContainer({
        podTimeZone: AMSTERDAM,
        deadlines: [lfd('2024-07-05T22:00:00Z', 'terminal', AMSTERDAM)],
      }),
      TO_ROTTERDAM,
      now,
    );
    expect(lfdLine(result as LfdAssessment, now)).toBe(
      '🟡 LFD Sat 6 Jul · tomorrow in Rotterdam · terminal LFD',
    );
  });

  it('offers the zone only as a time when the API names no place', () => {
    const result = assessLfd(
      makeContainer({
        podTimeZone: AMSTERDAM,
        deadlines: [lfd('2024-07-05T22:00:00Z', 'terminal', AMSTERDAM)],
      }),
      makeShipment({ portOfDischarge: { locode: null, name: null, timeZone: AMSTERDAM } }),
      now,
    );
    expect(lfdLine(result as LfdAssessment, now)).toContain('tomorrow in Amsterdam time');
  });

  it('names the inland place of a rail LFD due tomorrow', () => {
    const result = assess({ deadlines: [lfd('2024-07-06T05:00:00Z', 'rail', CHICAGO)] });
    expect(lfdLine(result, now)).toContain('tomorrow in Chicago');
  });

  it('names places in the words people use, not as IANA zone ids', () => {
    expect(zonePlaceName('America/Los_Angeles')).toBe('Los Angeles');
    expect(zonePlaceName('America/Indiana/Indianapolis')).toBe('Indianapolis');
    expect(zonePlaceName('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh City');
    expect(zonePlaceName('Asia/Kolkata')).toBe('India');
    expect(zonePlaceName('Etc/UTC')).toBe('UTC');
    expect(zonePlaceName('US/Pacific')).toBe('US Pacific time');
    expect(zonePlaceName('Not/A_Zone')).toBeNull();
  });

  it('says a plain "today" when neither the place nor the zone is known, rather than name a place it cannot know', () => {
    const result = assessLfd(
      makeContainer({ podTimeZone: null, deadlines: [lfd('2024-07-05', 'terminal', null)] }),
      makeShipment({ portOfDischarge: { locode: null, name: null, timeZone: null } }),
      now,
    );
    expect(lfdLine(result as LfdAssessment, now)).toBe('🟠 LFD Fri 5 Jul · today · terminal LFD');
  });
});

describe('which LFD', () => {
  it('takes the earliest deadline and names its source, even when the coalesced line LFD is later', () => {
    const result = assess({
      pickupLfd: lfd('2024-07-10T07:00:00Z', 'coalesced'),
      deadlines: [lfd('2024-07-10T07:00:00Z', 'line'), lfd('2024-07-08T07:00:00Z', 'terminal')],
    });
    expect(result.source).toBe('terminal');
    expect(lfdLine(result, now)).toBe(
      '🟡 LFD Mon 8 Jul · in 3 days · terminal LFD (also line LFD Wed 10 Jul)',
    );
  });

  it('names both sources when they fall on the same day', () => {
    const result = assess({
      deadlines: [lfd('2024-07-08T07:00:00Z', 'line'), lfd('2024-07-08T07:00:00Z', 'terminal')],
    });
    expect(lfdLine(result, now)).toBe('🟡 LFD Mon 8 Jul · in 3 days · line and terminal LFD');
  });

  it('falls back to the coalesced pickup LFD when there are no deadlines', () => {
    const result = assess({ pickupLfd: lfd('2024-07-08T07:00:00Z', 'coalesced') });
    expect(lfdLine(result, now)).toBe('🟡 LFD Mon 8 Jul · in 3 days');
  });

  it('reads a rail LFD in the final destination zone', () => {
    const result = assess({ deadlines: [lfd('2024-07-09T05:00:00Z', 'rail', CHICAGO)] });
    expect(result.date).toEqual({ year: 2024, month: 7, day: 9 });
    expect(lfdLine(result, now)).toContain('LFD Tue 9 Jul');
  });

  it('still says Jul 7 for a New York LFD on a container whose POD zone is Los Angeles', () => {
    const result = assess({ podTimeZone: LA, deadlines: [lfd('2024-07-07T04:00:00Z', 'terminal', NY)] });
    expect(result.date).toEqual({ year: 2024, month: 7, day: 7 });
    expect(lfdLine(result, now)).toContain('Sun 7 Jul');
  });

  it('keeps a date-only LFD on its written day', () => {
    expect(assess({ deadlines: [lfd('2024-07-07', 'terminal', LA)] }).date).toEqual({
      year: 2024,
      month: 7,
      day: 7,
    });
  });

  it('uses the zone that belongs to the source when the deadline has none', () => {
    const result = assess({
      finalDestinationTimeZone: CHICAGO,
      deadlines: [lfd('2024-07-09T05:00:00Z', 'rail', null)],
    });
    expect(result.timeZone).toBe(CHICAGO);
    expect(result.date.day).toBe(9);
  });

  it('has nothing to say when there is no LFD at all', () => {
    expect(assessLfd(makeContainer(), shipment, now)).toBeNull();
  });
});

describe('when urgency is withheld', () => {
  const soon = [lfd('2024-07-06T07:00:00Z')];

  it('withholds it when tracking has stopped', () => {
    const stopped = makeShipment({
      lineTracking: {
        lastAttemptedAt: null,
        lastSucceededAt: null,
        stoppedAt: '2024-07-01T00:00:00Z',
        stoppedReason: null,
      },
    });
    const result = assessLfd(makeContainer({ deadlines: soon }), stopped, now);
    expect(result?.urgency).toBeNull();
    expect(result?.suppressed).toBe('tracking_stopped');
    expect(result && lfdLine(result, now)).toBe(
      '🗓️ LFD Sat 6 Jul · terminal LFD · no countdown: tracking has stopped, so it may be out of date',
    );
  });

  it('withholds it when the terminal has never been checked', () => {
    const result = assess({ deadlines: soon, terminalCheckedAt: null });
    expect(result.suppressed).toBe('terminal_never_checked');
    expect(lfdLine(result, now)).toContain('no countdown: the terminal has never been checked');
  });

  it('withholds it when the terminal data is more than a week old', () => {
    const result = assess({ deadlines: soon, terminalCheckedAt: '2024-06-25T16:00:00Z' });
    expect(result.suppressed).toBe('terminal_stale');
    expect(lfdLine(result, now)).toContain('no countdown: terminal data is 10 days old');
  });

  it('keeps it when the terminal was checked exactly a week ago', () => {
    expect(assess({ deadlines: soon, terminalCheckedAt: '2024-06-28T16:00:00Z' }).urgency).toBe('soon');
  });

  it('drops the LFD line once the container has been picked up', () => {
    const result = assess({ deadlines: soon, currentStatus: 'picked_up' });
    expect(result.suppressed).toBe('left_terminal');
    expect(lfdLine(result, now)).toBeNull();
  });

  it('drops the LFD line of a dropped container, which has left the terminal', () => {
    const result = assess({ deadlines: soon, currentStatus: 'dropped' });
    expect(result.suppressed).toBe('left_terminal');
    expect(lfdLine(result, now)).toBeNull();
  });

  it('drops the LFD line once the container has a full-out time, whatever its status says', () => {
    const result = assess({
      deadlines: soon,
      currentStatus: 'available',
      podFullOutAt: zoned('2024-07-05T10:00:00Z'),
    });
    expect(result.suppressed).toBe('left_terminal');
    expect(result.urgency).toBeNull();
  });
});

describe('the LFD a box is still subject to', () => {
  const TO_CHICAGO = makeShipment({ destination: { locode: 'USCHI', name: 'Chicago', timeZone: CHICAGO } });
  /** Out of the Los Angeles terminal by rail on 27 Jun, four days before its port terminal LFD of 1 Jul. */
  const LEFT_BY_RAIL: Partial<Container> = {
    currentStatus: 'on_rail',
    podDischargedAt: zoned('2024-06-26T10:00:00Z'),
    podFullOutAt: zoned('2024-06-27T10:00:00Z'),
    podRailLoadedAt: zoned('2024-06-27T10:00:00Z'),
    finalDestinationTimeZone: CHICAGO,
    indRailCarrierScac: 'BNSF',
  };

  it('drops the port terminal LFD once the box has left the port by rail: no "overdue" for a deadline behind it', () => {
    const container = makeContainer({
      ...LEFT_BY_RAIL,
      deadlines: [lfd('2024-07-01T07:00:00Z', 'terminal')],
    });
    expect(assessLfd(container, TO_CHICAGO, now)).toBeNull();
  });

  it('counts the rail LFD at the inland terminal instead, named after the inland place', () => {
    const container = makeContainer({
      ...LEFT_BY_RAIL,
      deadlines: [lfd('2024-07-01T07:00:00Z', 'terminal'), lfd('2024-07-06T05:00:00Z', 'rail', CHICAGO)],
    });
    const result = assessLfd(container, TO_CHICAGO, now) as LfdAssessment;
    expect(result.source).toBe('rail');
    expect(result.others).toEqual([]);
    expect(lfdLine(result, now)).toBe('🟡 LFD Sat 6 Jul · tomorrow in Chicago · rail LFD');
  });

  it('still counts the port terminal LFD while the box waits at the port for its rail leg', () => {
    const container = makeContainer({
      currentStatus: 'awaiting_inland_transfer',
      podDischargedAt: zoned('2024-06-26T10:00:00Z'),
      finalDestinationTimeZone: CHICAGO,
      deadlines: [lfd('2024-07-01T07:00:00Z', 'terminal')],
    });
    expect(assessLfd(container, TO_CHICAGO, now)?.urgency).toBe('overdue');
  });
});
