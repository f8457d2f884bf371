/**
 * The answers to a button on a card, the part of the conversation port (conversation.ts) that is about the card the
 * person used: re-render it in place, say more about it (in its thread for a public card, to the person alone for a
 * private one), or tell the person alone. The Slack layer's Replier implements it, with its fallbacks. (A new card
 * answering a request goes through card-replies.ts.)
 */
import type { SlackMessage } from '../cards/types.js';

export interface CardClickReplies {
  /** Re-renders the card the person used (shown to them when that is refused). */
  replaceCard(message: SlackMessage): Promise<void>;
  /** More about the card: its thread for a public card, the person alone for a private one. */
  followUp(message: SlackMessage): Promise<unknown>;
  /** Only the person who clicked. */
  tell(message: SlackMessage): Promise<unknown>;
}
