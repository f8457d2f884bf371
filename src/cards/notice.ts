/** A short private notice ("Guests can look at cards but…"): escaped mrkdwn with an icon, plus fallback text. */
import { inlineMrkdwn } from './format/mrkdwn.js';
import type { SlackMessage } from './types.js';

const NOTICE_MAX = 2500;

export function renderNotice(icon: string, text: string): SlackMessage {
  const clipped = text.length > NOTICE_MAX ? `${text.slice(0, NOTICE_MAX - 1)}…` : text;
  const safe = inlineMrkdwn(clipped);
  return { text: safe, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${icon} ${safe}` } }] };
}

/** A short card with one line of mrkdwn (already escaped by the caller). */
export function noticeCard(text: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}
