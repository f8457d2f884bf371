/**
 * The audit lines of owning an alert, in the card's thread where the team sees them: who took the shipment (and from
 * whom, and whether the Terminal49 owner field was written), who snoozed a box until when — in the LFD's zone, with
 * Slack's date token so each reader also sees it in their own zone — and who marked a box done.
 */
import { clampMrkdwn } from '../format/clamp-text.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { formatTimestamp } from '../format/time.js';
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

export function renderSnoozedLine(input: {
  userId: string;
  containerNumber: string;
  until: number;
  zone: string | null;
  nowMs: number;
}): SlackMessage {
  const when = formatTimestamp(
    { at: new Date(input.until).toISOString(), timeZone: input.zone },
    input.nowMs,
    { relative: false },
  );
  return line(
    `🔕 ${mention(input.userId)} snoozed the reminders for ${inlineMrkdwn(input.containerNumber)} here until ${when}.`,
  );
}

export function renderDoneLine(input: { userId: string; containerNumber: string }): SlackMessage {
  return line(
    `✅ ${mention(input.userId)} marked ${inlineMrkdwn(input.containerNumber)} done: no more reminders for it in this channel.`,
  );
}
