import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { elapsedPhrase, relativePhrase } from '../../../../src/cards/format/relative.js';
import {
  describeTimestamp,
  formatSystemTime,
  formatTimestamp,
  slackDateToken,
} from '../../../../src/cards/format/time.js';
import { wallTimeInZone } from '../../../../src/domain/time/calendar.js';
import { calendarDateOf } from '../../../../src/domain/time/today.js';
import { CHICAGO, LA, NOW, NY, SHANGHAI } from '../../../fixtures/cards/factories.js';

const now = NOW.getTime();

describe('describeTimestamp', () => {
  it("shows the port's wall time with its zone abbreviation and the reader's time as a Slack date token", () => {
    const text = describeTimestamp({ at: '2024-07-08T15:00:00Z', timeZone: LA }, now);
    expect(text.local).toBe('Mon 8 Jul 08:00 PDT');
    expect(text.token).toBe('<!date^1720450800^{date_short_pretty} {time} your time|Mon 8 Jul 15:00 UTC>');
    expect(text.relative).toBe('in 3 days');
    expect(text.shortDate).toBe('Mon 8 Jul');
  });

  it('shows the same instant in Shanghai on the next calendar day', () => {
    expect(describeTimestamp({ at: '2024-07-08T18:30:00Z', timeZone: SHANGHAI }, now).local).toBe(
      'Tue 9 Jul 02:30 GMT+8',
    );
  });

  it('uses European abbreviations for European ports', () => {
    expect(describeTimestamp({ at: '2024-07-08T12:00:00Z', timeZone: 'Europe/Amsterdam' }, now).local).toBe(
      'Mon 8 Jul 14:00 CEST',
    );
  });

  it('switches from PST to PDT exactly at the spring-forward instant on the US DST date', () => {
    const march = Date.parse('2024-03-08T12:00:00Z');
    expect(describeTimestamp({ at: '2024-03-10T09:59:00Z', timeZone: LA }, march).local).toBe(
      'Sun 10 Mar 01:59 PST',
    );
    expect(describeTimestamp({ at: '2024-03-10T10:00:00Z', timeZone: LA }, march).local).toBe(
      'Sun 10 Mar 03:00 PDT',
    );
  });

  it('shows the repeated 01:30 of the fall-back night once as PDT and once as PST', () => {
    const october = Date.parse('2024-10-30T12:00:00Z');
    expect(describeTimestamp({ at: '2024-11-03T08:30:00Z', timeZone: LA }, october).local).toBe(
      'Sun 3 Nov 01:30 PDT',
    );
    expect(describeTimestamp({ at: '2024-11-03T09:30:00Z', timeZone: LA }, october).local).toBe(
      'Sun 3 Nov 01:30 PST',
    );
  });

  it('counts days across a DST change in calendar days of the port', () => {
    const friday = Date.parse('2024-03-08T20:00:00Z');
    expect(describeTimestamp({ at: '2024-03-10T19:00:00Z', timeZone: LA }, friday).relative).toBe(
      'in 2 days',
    );
  });

  it('shows a timestamp whose zone is unknown as written, marked, and without a date token', () => {
    const text = describeTimestamp({ at: '2024-07-08T15:00:00Z', timeZone: null }, now);
    expect(text.local).toBe('Mon 8 Jul 15:00 (zone unknown)');
    expect(text.token).toBeNull();
    expect(formatTimestamp({ at: '2024-07-08T15:00:00Z', timeZone: null }, now)).not.toContain('<!date');
  });

  it('keeps the written wall time of a zone-less timestamp even when it carries an offset', () => {
    expect(describeTimestamp({ at: '2024-07-08T15:00:00-07:00', timeZone: null }, now).local).toBe(
      'Mon 8 Jul 15:00 (zone unknown)',
    );
  });

  it('falls back to UTC, still with a date token, when the zone name is not a real IANA zone', () => {
    const text = describeTimestamp({ at: '2024-07-08T15:00:00Z', timeZone: 'Mars/Olympus_Mons' }, now);
    expect(text.local).toBe('Mon 8 Jul 15:00 UTC');
    expect(text.token).not.toBeNull();
  });

  it('adds the year only when it differs from the current year', () => {
    expect(describeTimestamp({ at: '2025-01-02T12:00:00Z', timeZone: LA }, now).local).toBe(
      'Thu 2 Jan 2025 04:00 PST',
    );
  });

  it('shows an unparseable value escaped and without a token', () => {
    const text = describeTimestamp({ at: '<!here> soon', timeZone: LA }, now);
    expect(text.local).toBe('&lt;!here&gt; soon');
    expect(text.token).toBeNull();
  });

  it('reads a timestamp without a zone designator as UTC, never as server-local time', () => {
    expect(describeTimestamp({ at: '2024-07-08T15:00:00', timeZone: LA }, now).local).toBe(
      'Mon 8 Jul 08:00 PDT',
    );
  });
});

describe('formatTimestamp', () => {
  it('joins local time, reader time and the relative phrase on one line', () => {
    expect(formatTimestamp({ at: '2024-07-08T15:00:00Z', timeZone: LA }, now)).toBe(
      'Mon 8 Jul 08:00 PDT · <!date^1720450800^{date_short_pretty} {time} your time|Mon 8 Jul 15:00 UTC> · in 3 days',
    );
  });

  it('says "your time" only inside the date token, so where Slack shows the UTC fallback it is not called the reader’s time', () => {
    const line = formatTimestamp({ at: '2024-07-08T15:00:00Z', timeZone: LA }, now);
    expect(line).toContain('{time} your time|');
    expect(line).not.toContain('UTC> your time');
  });
});

describe('formatSystemTime', () => {
  it('shows a UTC system timestamp in the reader zone with how long ago it was', () => {
    expect(formatSystemTime('2024-07-05T13:00:00Z', now)).toBe(
      `${slackDateToken(Date.parse('2024-07-05T13:00:00Z'))} (3 hours ago)`,
    );
  });

  it('never says yesterday for a system timestamp, since the reader’s calendar day is unknown', () => {
    // 07:44 UTC on the 20th is 23:44 on the 19th in Los Angeles: "yesterday" by the UTC calendar would be wrong there.
    const saturday = Date.parse('2026-11-21T18:00:00Z');
    expect(formatSystemTime('2026-11-20T07:44:00Z', saturday)).toMatch(/\(1 day ago\)$/);
  });

  it('counts the days of a system timestamp as whole 24-hour periods elapsed', () => {
    expect(formatSystemTime('2024-07-03T17:00:00Z', now)).toMatch(/\(1 day ago\)$/);
    expect(formatSystemTime('2024-07-03T16:00:00Z', now)).toMatch(/\(2 days ago\)$/);
  });

  it('says how far ahead a system timestamp from a clock running fast is', () => {
    expect(formatSystemTime('2024-07-05T18:30:00Z', now)).toMatch(/\(in 2 hours\)$/);
  });
});

describe('calendarDateOf (last free days)', () => {
  it('reads local midnight in New York as that day in New York', () => {
    expect(calendarDateOf('2024-07-07T04:00:00Z', NY)).toEqual({ year: 2024, month: 7, day: 7 });
  });

  it('would shift the same instant to the day before in Los Angeles, which is why the zone must be the LFD’s own', () => {
    expect(calendarDateOf('2024-07-07T04:00:00Z', LA)).toEqual({ year: 2024, month: 7, day: 6 });
  });

  it('keeps a date-only LFD literally, whatever the zone', () => {
    expect(calendarDateOf('2024-07-07', LA)).toEqual({ year: 2024, month: 7, day: 7 });
    expect(calendarDateOf('2024-07-07', 'Pacific/Kiritimati')).toEqual({ year: 2024, month: 7, day: 7 });
  });

  it('uses the written date when the zone is unknown', () => {
    expect(calendarDateOf('2024-07-07T00:00:00-05:00', null)).toEqual({ year: 2024, month: 7, day: 7 });
  });
});

describe('relative phrases', () => {
  it('speaks in minutes, hours and calendar days', () => {
    expect(relativePhrase(now + 30_000, now, LA)).toBe('just now');
    expect(relativePhrase(now + 20 * 60_000, now, LA)).toBe('in 20 minutes');
    expect(relativePhrase(now - 5 * 3_600_000, now, LA)).toBe('5 hours ago');
    expect(relativePhrase(Date.parse('2024-07-06T20:00:00Z'), now, LA)).toBe('tomorrow');
    expect(relativePhrase(Date.parse('2024-07-03T20:00:00Z'), now, LA)).toBe('2 days ago');
  });

  it('says how long ago by elapsed time', () => {
    expect(elapsedPhrase(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(elapsedPhrase(now - 26 * 3_600_000, now)).toBe('1 day ago');
    expect(elapsedPhrase(now - 47 * 3_600_000, now)).toBe('1 day ago');
    expect(elapsedPhrase(now + 5_000, now)).toBe('just now');
    expect(elapsedPhrase(now + 50 * 3_600_000, now)).toBe('in 2 days');
  });
});

describe('zone conversion', () => {
  it('agrees with date-fns-tz for any instant in any of the zones the API uses', () => {
    const zones = [LA, NY, CHICAGO, SHANGHAI, 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const wall = wallTimeInZone(ms, zone);
          const ours = `${wall?.year}-${pad(wall?.month)}-${pad(wall?.day)} ${pad(wall?.hour)}:${pad(wall?.minute)}`;
          expect(ours).toBe(formatInTimeZone(new Date(ms), zone, 'yyyy-MM-dd HH:mm'));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('zone conversion around DST transitions', () => {
  it('matches Intl minute by minute through the 2024 spring and autumn changes in the US, Europe and Australia', () => {
    const windows: Array<[string, string]> = [
      [LA, '2024-03-10T09:00:00Z'],
      [LA, '2024-11-03T08:00:00Z'],
      [NY, '2024-03-10T06:00:00Z'],
      ['Europe/London', '2024-03-31T00:00:00Z'],
      ['Europe/Berlin', '2024-10-27T00:00:00Z'],
      ['Australia/Lord_Howe', '2024-04-06T14:00:00Z'],
    ];
    for (const [zone, start] of windows) {
      const intl = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      for (let minute = 0; minute < 180; minute += 1) {
        const ms = Date.parse(start) + minute * 60_000;
        const wall = wallTimeInZone(ms, zone);
        const parts = Object.fromEntries(intl.formatToParts(ms).map((part) => [part.type, part.value]));
        const expected = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
        expect(
          `${wall?.year}-${pad(wall?.month)}-${pad(wall?.day)} ${pad(wall?.hour)}:${pad(wall?.minute)}`,
        ).toBe(expected);
      }
    }
  });
});

function pad(value: number | undefined): string {
  return String(value ?? -1).padStart(2, '0');
}
