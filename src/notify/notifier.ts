/**
 * The notifier port: how background work (watching today; digests and reminders next) puts things in front of people
 * without knowing the chat platform. Five moves — post a card, update a card in place, post in a card's thread
 * (optionally also to the channel), post a message of its own in a channel (a digest), tell one person privately — and
 * failures in three kinds the caller can act on:
 *
 * - `gone`: this place will not take messages any more (the bot was removed, the channel archived or deleted, the
 *   card deleted or no longer editable). Retrying cannot help; the caller pauses what it was doing and says so.
 * - `rate_limited`: the platform asked to wait `retryAfterMs`. The caller holds the shared pace, not just this job.
 * - `retry`: anything else (a timeout, a network failure, an error the platform may not repeat): try again later.
 *
 * `src/slack/delivery/slack-notifier.ts` implements it for Slack; `watch/` and `jobs/` never import `slack/`.
 */
import type { SlackMessage } from '../cards/types.js';

/** A channel of a workspace (where a card is posted). */
export interface ChannelRef {
  teamId: string;
  channelId: string;
}

/** A card as posted: its workspace, channel and message ts. */
export interface CardRef {
  teamId: string;
  channelId: string;
  ts: string;
}

/** The thread of a card (the card's own ts unless the card is itself a reply). */
export interface ThreadRef {
  teamId: string;
  channelId: string;
  threadTs: string;
}

/** A channel of a workspace (a digest goes to the channel itself, not to a card's thread). */
export interface ChannelRef {
  teamId: string;
  channelId: string;
}

/** One person; with `channelId` they are told there (only they see it), otherwise in a direct message. */
export interface PersonRef {
  teamId: string;
  userId: string;
  channelId?: string;
}

export interface Notifier {
  /** Posts a new card in a channel (a card-less watch's first news); its ts is where the card lives from then on. */
  postCard(channel: ChannelRef, message: SlackMessage): Promise<{ ts: string }>;
  updateCard(card: CardRef, message: SlackMessage): Promise<void>;
  /** `broadcast`: also shown in the channel (Slack's reply_broadcast). */
  postInThread(
    thread: ThreadRef,
    message: SlackMessage,
    options?: { broadcast?: boolean },
  ): Promise<{ ts: string }>;
  tellPerson(person: PersonRef, message: SlackMessage): Promise<void>;
  /** A message of its own in the channel (a daily digest). */
  postInChannel(channel: ChannelRef, message: SlackMessage): Promise<{ ts: string }>;
}

export type NotifyErrorCode = 'gone' | 'rate_limited' | 'retry';

/** The notifier's one error type. `reason` is the platform's word for it (`not_in_channel`, `timeout`, …). */
export class NotifyError extends Error {
  override readonly name = 'NotifyError';
  readonly code: NotifyErrorCode;
  readonly reason: string;
  /** `rate_limited` only: how long the platform asked to wait. */
  readonly retryAfterMs: number | null;
  constructor(code: NotifyErrorCode, reason: string, retryAfterMs: number | null = null) {
    super(`${code}: ${reason}`);
    this.code = code;
    this.reason = reason;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isNotifyError(error: unknown): error is NotifyError {
  return error instanceof NotifyError;
}

/** Log fields for a failed notification: the kind and the platform's reason, never the message. */
export function notifyFailureFields(error: unknown): Record<string, unknown> {
  if (!isNotifyError(error)) return { error };
  return {
    notifyFailure: error.code,
    reason: error.reason,
    ...(error.retryAfterMs !== null ? { retryAfterMs: error.retryAfterMs } : {}),
  };
}
