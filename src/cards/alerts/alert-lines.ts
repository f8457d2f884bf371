/**
 * The audit lines of owning an alert, in the card's thread where the team sees them: who took the shipment (and from
 * whom, and whether the Terminal49 owner field was written), who snoozed a box until when — in the LFD's zone and in
 * the zone of the person who snoozed it — and who marked a box done.
 */

import { wallTimeInZone } from '../../domain/time/calendar.js';
import { todayIn } from '../../domain/time/today.js';
import { zoneAbbreviation } from '../../domain/time/zone-offsets.js';
import { clampMrkdwn } from '../format/clamp-text.js';
import { formatWallTime } from '../format/dates.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { describeTimestamp, formatTimestamp } from '../format/time.js';
import type { SlackMessage } from '../types.js';

function mention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

function line(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: clipped }] }] };
}

export function renderTakenLine(input: {
  userId: string;
  shipmentNumber: string;
  before: string | null;
  mirror: { field: string; written: number; tried: number } | null;
}): SlackMessage {
  const from = input.before && input.before !== input.userId ? ` (from ${mention(input.before)})` : '';
  const mirror =
    input.mirror === null
      ? ''
      : input.mirror.written === input.mirror.tried
        ? ` Terminal49's \`${inlineMrkdwn(input.mirror.field)}\` field says so on ${input.mirror.written} container${input.mirror.written === 1 ? '' : 's'}.`
        : ` Terminal49's \`${inlineMrkdwn(input.mirror.field)}\` field could be set on ${input.mirror.written} of ${input.mirror.tried} containers only.`;
  return line(`👤 ${mention(input.userId)} took ${inlineMrkdwn(input.shipmentNumber)}${from}.${mirror}`);
}

/**
 * "🔕 <@U> snoozed the reminders for X here until Mon 30 Nov 08:00 EST (Mon 30 Nov 05:00 PST for <@U>)": the end in
 * the LFD's zone, where the deadline runs, and in the zone of the person who snoozed it (`personZone`, their
 * `users.info` tz) when that reads differently; once when it reads the same. Without the person's zone, Slack's date
 * token shows each reader their own.
 */
export function renderSnoozedLine(input: {
  userId: string;
  containerNumber: string;
  until: number;
  zone: string | null;
  personZone?: string | null;
  nowMs: number;
}): SlackMessage {
  const { until, nowMs } = input;
  const at = { at: new Date(until).toISOString(), timeZone: input.zone };
  const personZone = input.personZone ?? null;
  const personal = personZone === null ? null : wallTimeInZone(until, personZone);
  let when: string;
  if (personZone === null || personal === null) {
    when = formatTimestamp(at, nowMs, { relative: false });
  } else {
    const there = describeTimestamp(at, nowMs).local;
    const theirs = `${formatWallTime(personal, todayIn(personZone, nowMs).year)} ${zoneAbbreviation(personZone, until)}`;
    when = theirs === there ? there : `${there} (${theirs} for ${mention(input.userId)})`;
  }
  return line(
    `🔕 ${mention(input.userId)} snoozed the reminders for ${inlineMrkdwn(input.containerNumber)} here until ${when}.`,
  );
}

export function renderDoneLine(input: { userId: string; containerNumber: string }): SlackMessage {
  return line(
    `✅ ${mention(input.userId)} marked ${inlineMrkdwn(input.containerNumber)} done: no more reminders for it in this channel.`,
  );
}
