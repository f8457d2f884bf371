/** A short private notice ("Guests can look at cards but…"): escaped mrkdwn with an icon, plus fallback text. */
import { inlineMrkdwn } from './format/mrkdwn.js';
import type { SlackMessage } from './types.js';

const NOTICE_MAX = 2500;

export function renderNotice(icon: string, text: string): SlackMessage {
  const clipped = text.length > NOTICE_MAX ? `${text.slice(0, NOTICE_MAX - 1)}…` : text;
  const safe = inlineMrkdwn(clipped);
  return { text: safe, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${icon} ${safe}` } }] };
}

/** Slack user mention; ids are validated so a forged id cannot smuggle mrkdwn (anything else is shown escaped). */
export function mentionOf(userId: string): string {
  return /^[UW][A-Z0-9]+$/.test(userId) ? `<@${userId}>` : inlineMrkdwn(userId);
}

/** A notice that starts with who did it: the mention stays a mention, the rest is escaped as in `renderNotice`. */
export function renderNoticeBy(icon: string, userId: string, text: string): SlackMessage {
  const notice = renderNotice(icon, text);
  const who = mentionOf(userId);
  const said = notice.text;
  return {
    text: `${who} ${said}`,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${icon} ${who} ${said}` } }],
  };
}

/** A short card with one line of mrkdwn (already escaped by the caller). */
export function noticeCard(text: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}
