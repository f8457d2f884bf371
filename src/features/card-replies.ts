/**
 * Answering the person who asked with a card: in the channel where they asked, or to them alone, or a private note.
 * The Slack reply module (slack/delivery/replier.ts) implements it with its fallbacks; a use case that decides which
 * card answers a request says it through this port, never through the platform.
 */
import type { SlackMessage } from '../cards/types.js';
import type { CardSubject } from './conversation.js';

/** Where a card goes: the channel, or only the person who asked. */
export type Visibility = 'channel' | 'private';

export interface CardReplies {
  /** Where the request came from: its channel (null outside one). */
  readonly origin: { readonly channelId: string | null };
  /** A new card; `auditLine` goes in its thread, `subject` records it among the posted cards (watches update them). */
  card(
    message: SlackMessage,
    visibility: Visibility,
    options?: { auditLine?: SlackMessage; subject?: CardSubject },
  ): Promise<unknown>;
  /** Only the person who asked. */
  tell(message: SlackMessage): Promise<unknown>;
}
