/**
 * The words of `/shipwatch digest`: a time, maybe followed by `weekdays` (or `workdays`, `working-days`), `off` or
 * `now` alone; anything else says what was wrong, in words the usage card shows under it.
 */
import { describe, expect, it } from 'vitest';
import { parseDigestText } from '../../../../src/domain/digest/index.js';

describe("the digest command's words", () => {
  it('reads a time, with weekdays or not, off and now', () => {
    expect(parseDigestText('08:00')).toEqual({ kind: 'set', hour: 8, minute: 0, workingDaysOnly: false });
    expect(parseDigestText(' 7:30  Weekdays ')).toEqual({
      kind: 'set',
      hour: 7,
      minute: 30,
      workingDaysOnly: true,
    });
    expect(parseDigestText('17:05 working-days')).toMatchObject({ workingDaysOnly: true });
    expect(parseDigestText('OFF')).toEqual({ kind: 'off' });
    expect(parseDigestText('now')).toEqual({ kind: 'now' });
  });

  it('says what is wrong with anything else', () => {
    expect(parseDigestText('  ')).toEqual({
      problem: 'Say when: `/shipwatch digest 08:00`, or `off`, or `now`.',
    });
    expect(parseDigestText('8am')).toEqual({
      problem: '`8am` is not a time: write it as HH:MM, e.g. 08:00.',
    });
    expect(parseDigestText('08:00 daily')).toEqual({
      problem: 'After the time, only `weekdays` may follow.',
    });
    expect(parseDigestText('08:00 weekdays please')).toEqual({
      problem: 'After the time, only `weekdays` may follow.',
    });
    // `off` and `now` stand alone: with more words they are read as a time, and are not one.
    expect(parseDigestText('off now')).toEqual({
      problem: '`off` is not a time: write it as HH:MM, e.g. 08:00.',
    });
  });
});
