/**
 * When a daily digest is due: 08:00 in the setter's zone stays 08:00 local on both sides of a daylight-saving change
 * (so the UTC instant moves by an hour), a time skipped by the spring-forward gap lands just after it, working-days-only
 * digests skip the channel's days off, and an occurrence is due only within its grace.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKING_WEEK, type Weekday } from '../../../../src/domain/attention/index.js';
import {
  type DigestSchedule,
  dueDigest,
  nextDigest,
  parseDigestTime,
  previousDigest,
} from '../../../../src/domain/digest/index.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const amsterdam: DigestSchedule = {
  hour: 8,
  minute: 0,
  timeZone: 'Europe/Amsterdam',
  workingDaysOnly: false,
};
const newYork: DigestSchedule = { hour: 8, minute: 0, timeZone: 'America/New_York', workingDaysOnly: false };

describe('the digest schedule', () => {
  it('reads HH:MM and refuses what is not a time of day', () => {
    expect(parseDigestTime('08:00')).toEqual({ hour: 8, minute: 0 });
    expect(parseDigestTime('7:30')).toEqual({ hour: 7, minute: 30 });
    expect(parseDigestTime('24:00')).toBeNull();
    expect(parseDigestTime('08:60')).toBeNull();
    expect(parseDigestTime('8am')).toBeNull();
  });

  it('keeps 08:00 local across the spring-forward change in Amsterdam (07:00 UTC, then 06:00 UTC)', () => {
    const saturday = nextDigest(amsterdam, at('2026-03-27T12:00:00Z'), DEFAULT_WORKING_WEEK);
    expect(saturday).toEqual({ localDate: '2026-03-28', at: at('2026-03-28T07:00:00Z') });
    const sunday = nextDigest(amsterdam, saturday.at, DEFAULT_WORKING_WEEK);
    expect(sunday).toEqual({ localDate: '2026-03-29', at: at('2026-03-29T06:00:00Z') });
  });

  it('keeps 08:00 local across the fall-back change in Amsterdam (06:00 UTC, then 07:00 UTC)', () => {
    const saturday = nextDigest(amsterdam, at('2026-10-23T12:00:00Z'), DEFAULT_WORKING_WEEK);
    expect(iso(saturday.at)).toBe('2026-10-24T06:00:00.000Z');
    const sunday = nextDigest(amsterdam, saturday.at, DEFAULT_WORKING_WEEK);
    expect(sunday).toEqual({ localDate: '2026-10-25', at: at('2026-10-25T07:00:00Z') });
  });

  it('keeps 08:00 local across New York’s change, two weeks before Europe’s', () => {
    const before = nextDigest(newYork, at('2026-03-07T00:00:00Z'), DEFAULT_WORKING_WEEK);
    expect(before).toEqual({ localDate: '2026-03-07', at: at('2026-03-07T13:00:00Z') });
    const after = nextDigest(newYork, before.at, DEFAULT_WORKING_WEEK);
    expect(after).toEqual({ localDate: '2026-03-08', at: at('2026-03-08T12:00:00Z') });
  });

  it('puts a time the spring-forward gap skips just after the gap, once that day', () => {
    const gap: DigestSchedule = { ...amsterdam, hour: 2, minute: 30 };
    const day = nextDigest(gap, at('2026-03-28T12:00:00Z'), DEFAULT_WORKING_WEEK);
    expect(day.localDate).toBe('2026-03-29');
    // 02:30 does not exist that night: 01:30 UTC is 03:30 CEST, the first wall time after the gap.
    expect(iso(day.at)).toBe('2026-03-29T01:30:00.000Z');
    expect(nextDigest(gap, day.at, DEFAULT_WORKING_WEEK).localDate).toBe('2026-03-30');
  });

  it('skips the days off of a working-days-only digest, and the channel decides which days are off', () => {
    const weekdays = { ...amsterdam, workingDaysOnly: true };
    // Friday 27 March, after its digest: the next is Monday.
    expect(nextDigest(weekdays, at('2026-03-27T09:00:00Z'), DEFAULT_WORKING_WEEK).localDate).toBe(
      '2026-03-30',
    );
    // A channel that works Saturdays (only Friday and Sunday off) gets Saturday's.
    const fridaysOff = { daysOff: new Set<Weekday>([5, 0]) };
    expect(nextDigest(weekdays, at('2026-03-26T09:00:00Z'), fridaysOff).localDate).toBe('2026-03-28');
  });

  it('is due from its time until its grace runs out, and names the local date it is for', () => {
    expect(dueDigest(amsterdam, at('2026-03-10T06:59:00Z'), DEFAULT_WORKING_WEEK)?.localDate).toBe(undefined);
    expect(dueDigest(amsterdam, at('2026-03-10T07:00:00Z'), DEFAULT_WORKING_WEEK)).toEqual({
      localDate: '2026-03-10',
      at: at('2026-03-10T07:00:00Z'),
    });
    expect(dueDigest(amsterdam, at('2026-03-10T12:59:00Z'), DEFAULT_WORKING_WEEK)?.localDate).toBe(
      '2026-03-10',
    );
    expect(dueDigest(amsterdam, at('2026-03-10T13:01:00Z'), DEFAULT_WORKING_WEEK)).toBeNull();
  });

  it('finds the previous digest (what "since the last digest" counts from), skipping days off', () => {
    const weekdays = { ...amsterdam, workingDaysOnly: true };
    expect(previousDigest(weekdays, at('2026-03-30T05:00:00Z'), DEFAULT_WORKING_WEEK)?.localDate).toBe(
      '2026-03-27',
    );
    expect(previousDigest(weekdays, at('2026-03-30T06:00:00Z'), DEFAULT_WORKING_WEEK, true)?.localDate).toBe(
      '2026-03-30',
    );
  });
});
