/**
 * The snooze's audit line says when the box's reminders come back in the LFD's zone (where the deadline runs) and in
 * the zone of the person who snoozed it, once when both read the same, and with Slack's date token (each reader's own
 * zone) when the person's zone is unknown.
 */
import { describe, expect, it } from 'vitest';
import { renderSnoozedLine } from '../../../../src/cards/alerts/alert-lines.js';

// Monday 30 November 2026, 08:00 in New York (EST, UTC−5).
const UNTIL = Date.parse('2026-11-30T13:00:00Z');
const NOW = Date.parse('2026-11-28T21:00:00Z');
const snoozed = (zone: string | null, personZone: string | null) =>
  renderSnoozedLine({
    userId: 'U0ALICE',
    containerNumber: 'TCLU1234568',
    until: UNTIL,
    zone,
    personZone,
    nowMs: NOW,
  }).text;

describe('the snooze’s audit line', () => {
  it('names the end in the LFD’s zone and in the snoozer’s own when they differ', () => {
    expect(snoozed('America/New_York', 'Europe/Amsterdam')).toBe(
      '🔕 <@U0ALICE> snoozed the reminders for TCLU1234568 here until Mon 30 Nov 08:00 EST (Mon 30 Nov 14:00 CET for <@U0ALICE>).',
    );
    expect(snoozed('America/New_York', 'America/Los_Angeles')).toContain(
      'until Mon 30 Nov 08:00 EST (Mon 30 Nov 05:00 PST for <@U0ALICE>)',
    );
  });

  it('names it once when the snoozer’s zone reads the same as the LFD’s', () => {
    expect(snoozed('America/New_York', 'America/New_York')).toBe(
      '🔕 <@U0ALICE> snoozed the reminders for TCLU1234568 here until Mon 30 Nov 08:00 EST.',
    );
    // Another zone name with the same time on that day (Toronto keeps New York's) is the same reading.
    expect(snoozed('America/New_York', 'America/Toronto')).toMatch(/until Mon 30 Nov 08:00 EST\.$/);
  });

  it('leaves each reader’s own zone to Slack’s date token when the snoozer’s zone is unknown', () => {
    const text = snoozed('America/New_York', null);
    expect(text).toContain('until Mon 30 Nov 08:00 EST · <!date^1796043600^');
    expect(snoozed('America/New_York', 'Not/AZone')).toContain('<!date^1796043600^');
  });
});
