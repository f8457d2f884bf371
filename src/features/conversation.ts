/**
 * The conversation port: where a person asked for something (a channel, maybe a card they used) and the moves a use
 * case makes there — post a card, re-render the card that was used, update a card posted earlier, post in a card's
 * thread, tell the person alone, link to a card. The notifier port (src/notify/notifier.ts) is the same idea for
 * background work, where nobody is waiting. `src/slack/delivery/slack-conversation.ts` implements it with the reply
 * module, so its fallbacks (bot not in the channel, expired response_url) stay in one place.
 *
 * `updateCard` and `postInThread` throw the notifier's error (`NotifyError`: gone, rate_limited, retry) for the use
 * case to decide what to do instead; the other moves never throw.
 */
import type { SlackMessage } from '../cards/types.js';

/** What a posted card is about, for the registry of posted cards (watches update them in place later). */
export interface CardSubject {
  /** `tracking_follow`: a tracking request's card that Shipwatch follows until it becomes the shipment's. */
  kind: 'shipment' | 'vessel' | 'tracking_request' | 'email_submission' | 'tracking_follow';
  subjectId: string;
  /** Who asked for the card, remembered with it (a followed tracking request's watch is made for them). */
  requestedBy?: string;
}

/** A card posted in a channel of the conversation's workspace. */
export interface PostedCard {
  channelId: string;
  ts: string;
}

export interface Conversation {
  /**
   * A new card in the channel where the person asked, recorded under `subject`; `auditLine` goes in its thread (or at
   * its foot when it got none). Null when it could not be posted as a message of its own (only shown privately).
   */
  postCard(
    message: SlackMessage,
    options: { subject: CardSubject; auditLine?: SlackMessage },
  ): Promise<{ ts: string } | null>;
  /** Re-renders the card the person used, in place (shown to them when that is refused). */
  replaceCard(message: SlackMessage): Promise<void>;
  updateCard(card: PostedCard, message: SlackMessage): Promise<void>;
  postInThread(thread: { channelId: string; threadTs: string }, message: SlackMessage): Promise<void>;
  /** Only the person who asked. */
  tell(message: SlackMessage): Promise<void>;
  /** A link to a posted card, so a note can point at it; null when the platform gives none. */
  permalink(card: PostedCard): Promise<string | null>;
}
