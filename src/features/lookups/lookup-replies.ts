/**
 * The lookup port: how a lookup (`/shipment`, `/vessel`, `/email-submission`) answers the person who asked — the card
 * replies (features/card-replies.ts: its card in the channel or to them alone, a private line) and a placeholder while
 * a slow API answers. The Slack side is the reply module (slack/delivery/replier.ts): its `Replier` is one, with its
 * fallbacks (bot not in the channel, expired response_url) and the placeholder it replaces.
 */
import type { SlackMessage } from '../../cards/types.js';
import type { CardReplies, Visibility } from '../card-replies.js';

export interface LookupReplies extends CardReplies {
  /** Shows `message` where the answer will go; replaced by the card, or by `closing` when the answer was private. */
  pending(message: SlackMessage, visibility: Visibility, closing: SlackMessage): void;
}

/** What a lookup answers with besides its feature context. */
export interface LookupIo {
  replies: LookupReplies;
  /** The person who asked: a private answer's placeholder says they got it. */
  userId: string;
  /** How long a lookup may take before its placeholder shows (1.5 s). */
  placeholderAfterMs: number;
}

/** The visibility a lookup's arguments ask for (`private` among the words). */
export function visibilityOf(request: { private: boolean }): Visibility {
  return request.private ? 'private' : 'channel';
}
