/** A one-line private notice ("Guests can look at cards but…"): escaped mrkdwn with an icon, plus fallback text. */
import type { SlackMessage } from '../../../../cards/types.js';

export function renderNotice(icon: string, text: string): SlackMessage {
  const safe = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').slice(0, 2900);
  return {
    text: safe,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${icon} ${safe}` } }],
  };
}
