/** A short private notice ("Guests can look at cards but…"): escaped mrkdwn with an icon, plus fallback text. */
import { inlineMrkdwn } from '../../cards/index.js';
import type { SlackMessage } from '../../cards/types.js';

const NOTICE_MAX = 2500;

export function renderNotice(icon: string, text: string): SlackMessage {
  const clipped = text.length > NOTICE_MAX ? `${text.slice(0, NOTICE_MAX - 1)}…` : text;
  const safe = inlineMrkdwn(clipped);
  return { text: safe, blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${icon} ${safe}` } }] };
}

/** What a person hears when the bot stopped before answering them (shutdown drained its work). */
export const RESTARTED = 'Shipwatch restarted before it could answer. Try again in a moment.';

/** What the channel's "Looking up …" placeholder turns into when that answer will never come. */
export const RESTARTED_IN_CHANNEL =
  'Shipwatch restarted before this answer was ready; nothing more will come here. Ask again in a moment.';
