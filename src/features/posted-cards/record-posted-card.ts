/**
 * The registry of posted cards (the store's): a card posted in a channel is recorded with what it shows, so watches
 * can update it in place later. Best effort: a card the registry missed can still be refreshed by hand; it just is
 * not updated by watches.
 */
import { type Clock, systemClock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { CardStore } from '../../store/index.js';
import type { CardSubject } from '../conversation.js';

/** The registry's slice a reply writes to (`store.cards`). */
export type CardRegistry = Pick<CardStore, 'record'>;

export interface PostedCard {
  /** The workspace (keys the registry); nothing is recorded without one. */
  teamId: string | null | undefined;
  channelId: string;
  ts: string;
  subject: CardSubject;
}

/** Records a card posted in a channel; never throws (a failure is logged). */
export async function recordPostedCard(
  io: { cards?: CardRegistry; clock?: Clock; logger: Logger },
  card: PostedCard,
): Promise<void> {
  if (!io.cards || !card.teamId) return;
  const now = (io.clock ?? systemClock).now().getTime();
  try {
    await io.cards.record({
      teamId: card.teamId,
      channelId: card.channelId,
      messageTs: card.ts,
      threadTs: null,
      kind: card.subject.kind,
      subjectId: card.subject.subjectId,
      isPrivate: false,
      // Versions are the watch's: it renders with a fixed fetch time, so the hash of a lookup card (which shows its
      // own) could never match one. None here; the first watched delivery re-renders the card and records one.
      renderedVersion: null,
      postedAt: now,
      updatedAt: now,
      ...(card.subject.requestedBy ? { requestedBy: card.subject.requestedBy } : {}),
    });
  } catch (error) {
    io.logger.warn('could not record the posted card', { kind: card.subject.kind, error });
  }
}
