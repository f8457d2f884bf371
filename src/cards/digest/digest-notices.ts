/**
 * The lines around a channel's daily digest: the audit line when someone sets or stops it (in the channel, so the
 * team sees who changed what it gets every morning, with the time in the setter's zone and each reader's own), and
 * the private note when there is no digest to stop.
 */
import { digestTimeWords } from '../../domain/digest/index.js';
import { clampMrkdwn } from '../format/clamp-text.js';
import { inlineMrkdwn } from '../format/mrkdwn.js';
import { formatTimestamp } from '../format/time.js';
import type { SlackMessage } from '../types.js';

export interface DigestSettingWords {
  hour: number;
  minute: number;
  timeZone: string;
  workingDaysOnly: boolean;
}

function mention(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

function line(text: string): SlackMessage {
  const clipped = clampMrkdwn(text, 2900);
  return { text: clipped, blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: clipped }] }] };
}

function scheduleWords(setting: DigestSettingWords): string {
  const days = setting.workingDaysOnly ? 'on working days' : 'every day';
  return `${digestTimeWords(setting)} ${inlineMrkdwn(setting.timeZone)} ${days}`;
}

/** "🗞 @alice set this channel's daily digest: 08:00 Europe/Berlin on working days; the next is Fri 27 Nov 08:00 CET." */
export function renderDigestSetLine(input: {
  userId: string;
  setting: DigestSettingWords;
  nextAt: number;
  nowMs: number;
  /** Slack did not say the person's zone: the time was read as UTC. */
  zoneGuessed: boolean;
}): SlackMessage {
  const next = formatTimestamp(
    { at: new Date(input.nextAt).toISOString(), timeZone: input.setting.timeZone },
    input.nowMs,
    { relative: false },
  );
  const guessed = input.zoneGuessed ? ' (Slack did not say their time zone, so UTC)' : '';
  return line(
    `🗞 ${mention(input.userId)} set this channel's daily digest: ${scheduleWords(input.setting)}${guessed}. The next one: ${next}. It lists last free days, pickups, holds, arrivals and what changed among the shipments watched here; \`/shipwatch digest off\` stops it.`,
  );
}

export function renderDigestOffLine(input: { userId: string; setting: DigestSettingWords }): SlackMessage {
  return line(
    `🗞 ${mention(input.userId)} stopped this channel's daily digest (it was ${scheduleWords(input.setting)}).`,
  );
}

export function renderNoDigestNotice(): SlackMessage {
  const text =
    ':information_source: This channel has no daily digest. `/shipwatch digest 08:00` sets one (`/shipwatch digest 08:00 weekdays` for working days only).';
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}
