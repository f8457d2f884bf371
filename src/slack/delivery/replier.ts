/**
 * The one way Shipwatch answers in Slack. Every command, button and modal submission builds a Replier for where it
 * came from (its origin: the channel, the person, and the card it was used on) and says what it wants to show:
 *
 * - `card`: a new card, in the channel or only for the person (`private`);
 * - `replaceCard`: the card the person used, re-rendered in place;
 * - `followUp`: more about that card (the full container list, the vessel): in its thread, or privately when the
 *   card itself was private, so a private lookup never spills into the channel;
 * - `announce`: a line the team must see (a write's audit line): in the card's thread, or in the channel when the
 *   card was private or gone, so no write goes unseen;
 * - `tell`: something for the person alone (usage, refusals, errors).
 *
 * Each has its fallbacks for every way Slack can refuse (bot not in the channel, an expired response_url, a timeout),
 * and nothing here throws: failures are logged and the result says where the message landed.
 */

import { withContextLine, withInviteHint } from '../../cards/invite-hint.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Clock } from '../../clock.js';
import type { CardSubject } from '../../features/conversation.js';
import { type CardRegistry, recordPostedCard } from '../../features/posted-cards/record-posted-card.js';
import type { Logger } from '../../logger.js';
import { type PostedMessage, postCard, postEphemeral, postThreadReply, updateCard } from './messages.js';
import type { Respond, SlackMessagingClient } from './slack-client.js';
import { classifySlackError, slackFailureFields } from './slack-failure.js';

/** The card an interaction was used on. */
export interface OriginCard {
  /** The message's ts; null for an ephemeral card (it has none that chat.update accepts). */
  ts: string | null;
  /** The thread the card belongs to: its parent when the card is itself a reply, else the card. */
  threadTs: string | null;
  isPrivate: boolean;
}

export interface ReplyOrigin {
  /** The workspace (keys the registry of posted cards). */
  teamId?: string | null;
  channelId: string | null;
  userId: string;
  /** Null for a slash command (it comes from no card). */
  card: OriginCard | null;
}

export interface ReplierIo {
  client: SlackMessagingClient;
  /** The payload's response_url as Bolt's `respond`; null when there is none (modal submissions). */
  respond: Respond | null;
  logger: Logger;
  /** Where posted cards are recorded (the store's registry), so watches can update them in place later. */
  cards?: CardRegistry;
  /** The registry's timestamps (wall time). */
  clock?: Clock;
}

export type Visibility = 'channel' | 'private';

export type Delivery =
  | { via: 'message'; posted: PostedMessage }
  | { via: 'response_url'; responseType: 'in_channel' | 'ephemeral' }
  | { via: 'ephemeral_message' }
  | { via: 'direct_message' }
  | { via: 'failed' };

export interface Replier {
  readonly origin: ReplyOrigin;
  /** A new card. `auditLine` goes in its thread when it got one, else at its foot. */
  card(
    message: SlackMessage,
    visibility: Visibility,
    options?: { auditLine?: SlackMessage; subject?: CardSubject },
  ): Promise<Delivery>;
  /** Re-renders the card the interaction came from; when Slack refuses every route, shows it to the person. */
  replaceCard(message: SlackMessage): Promise<void>;
  /** More about the origin card: its thread for a public card, the person alone for a private one. */
  followUp(message: SlackMessage): Promise<Delivery>;
  /** A line the team must see: the origin card's thread, else the channel; the person alone as a last resort. */
  announce(message: SlackMessage): Promise<Delivery>;
  /**
   * Only the person: response_url, then an ephemeral message, then a DM. A placeholder still showing in the channel
   * is closed with its `closing` line ("… got the answer privately"), or with `options.closing` when that would not
   * be true (the work was abandoned).
   */
  tell(message: SlackMessage, options?: { closing?: SlackMessage }): Promise<Delivery>;
  /**
   * Shows that an answer is on its way ("Looking up MAEU…") where the card will go. In the channel the card then
   * replaces it; if only a private answer comes instead, it is replaced by `closing`.
   */
  pending(message: SlackMessage, visibility: Visibility, closing: SlackMessage): void;
}

export function createReplier(io: ReplierIo, origin: ReplyOrigin): Replier {
  const { logger } = io;

  const respondWith = async (body: Parameters<Respond>[0]): Promise<boolean> => {
    if (!io.respond) return false;
    try {
      await io.respond(body);
      return true;
    } catch (error) {
      logger.warn('response_url POST failed', {
        responseType: body.response_type ?? null,
        ...slackFailureFields(error),
      });
      return false;
    }
  };

  let placeholder: { posted: Promise<PostedMessage | null>; closing: SlackMessage } | null = null;

  /** The channel placeholder, taken (so it is used once), or null. */
  const takePlaceholder = async (): Promise<{ posted: PostedMessage; closing: SlackMessage } | null> => {
    const held = placeholder;
    placeholder = null;
    const posted = held ? await held.posted : null;
    return held && posted ? { posted, closing: held.closing } : null;
  };

  const tell = async (message: SlackMessage, options: { closing?: SlackMessage } = {}): Promise<Delivery> => {
    const left = await takePlaceholder();
    if (left) {
      await updateCard(io.client, left.posted, options.closing ?? left.closing).catch((error: unknown) =>
        logger.warn('could not close the placeholder', slackFailureFields(error)),
      );
    }
    return tellOnly(message);
  };

  const tellOnly = async (message: SlackMessage): Promise<Delivery> => {
    const viaUrl = await respondWith({
      response_type: 'ephemeral',
      replace_original: false,
      text: message.text,
      blocks: message.blocks,
    });
    if (viaUrl) return { via: 'response_url', responseType: 'ephemeral' };
    if (origin.channelId) {
      try {
        const threadTs = origin.card?.isPrivate ? null : (origin.card?.threadTs ?? null);
        await postEphemeral(
          io.client,
          { channel: origin.channelId, user: origin.userId, ...(threadTs ? { threadTs } : {}) },
          message,
        );
        return { via: 'ephemeral_message' };
      } catch (error) {
        logger.warn('chat.postEphemeral failed; sending a DM', slackFailureFields(error));
      }
    }
    try {
      await postCard(io.client, { channel: origin.userId }, message);
      return { via: 'direct_message' };
    } catch (error) {
      logger.error('could not reach the user by any route', {
        channel: origin.channelId,
        user: origin.userId,
        ...slackFailureFields(error),
      });
      return { via: 'failed' };
    }
  };

  /** Posts in the channel (or a thread of it); the response_url in_channel when the bot cannot post there. */
  const inChannel = async (message: SlackMessage, threadTs: string | null): Promise<Delivery> => {
    let hint = false;
    if (origin.channelId) {
      try {
        const target = { channel: origin.channelId, ...(threadTs ? { threadTs } : {}) };
        const posted = threadTs
          ? await postThreadReply(io.client, { channel: origin.channelId, ts: threadTs }, message)
          : await postCard(io.client, target, message);
        return { via: 'message', posted };
      } catch (error) {
        hint = classifySlackError(error).kind === 'channel_unavailable';
        logger.warn(
          threadTs
            ? 'thread reply failed; trying the response_url'
            : 'chat.postMessage failed; trying the response_url',
          { channel: origin.channelId, ...slackFailureFields(error) },
        );
      }
    }
    const shown = hint ? withInviteHint(message) : message;
    const viaUrl = await respondWith({
      response_type: 'in_channel',
      replace_original: false,
      text: shown.text,
      blocks: shown.blocks,
    });
    if (viaUrl) return { via: 'response_url', responseType: 'in_channel' };
    return tell(shown);
  };

  const publicCard = origin.card && !origin.card.isPrivate ? origin.card : null;

  /**
   * Not awaited: the registry gathers records for a few milliseconds (src/store/tables/cards.ts), and a command waiting
   * for that would hold its work slot (src/jobs/post-ack-work.ts) and its audit line meanwhile.
   */
  const record = (posted: PostedMessage, subject: CardSubject) =>
    recordPostedCard(io, { teamId: origin.teamId, channelId: posted.channel, ts: posted.ts, subject });

  return {
    origin,
    tell,
    async card(message, visibility, options = {}) {
      const { auditLine, subject } = options;
      if (visibility === 'private')
        return tell(auditLine ? withContextLine(message, auditLine.text) : message);
      let delivery: Delivery;
      const held = await takePlaceholder();
      if (held) {
        try {
          await updateCard(io.client, held.posted, message);
          delivery = { via: 'message', posted: held.posted };
          if (subject) void record(held.posted, subject);
          if (auditLine) await postThreadReply(io.client, held.posted, auditLine).catch(() => {});
          return delivery;
        } catch (error) {
          logger.warn('could not replace the placeholder; posting the card', slackFailureFields(error));
        }
      }
      if (origin.channelId) {
        try {
          const posted = await postCard(io.client, { channel: origin.channelId }, message);
          delivery = { via: 'message', posted };
        } catch (error) {
          const unavailable = classifySlackError(error).kind === 'channel_unavailable';
          logger.warn('chat.postMessage failed; answering through the response_url', {
            channel: origin.channelId,
            ...slackFailureFields(error),
          });
          const inline = auditLine ? withContextLine(message, auditLine.text) : message;
          const fallback = unavailable ? withInviteHint(inline) : inline;
          if (
            await respondWith({ response_type: 'in_channel', text: fallback.text, blocks: fallback.blocks })
          ) {
            return { via: 'response_url', responseType: 'in_channel' };
          }
          return tell(fallback);
        }
      } else {
        return tell(auditLine ? withContextLine(message, auditLine.text) : message);
      }
      if (subject) void record(delivery.posted, subject);
      if (auditLine) {
        try {
          await postThreadReply(io.client, delivery.posted, auditLine);
        } catch (error) {
          logger.warn('could not post the audit line in the thread', slackFailureFields(error));
        }
      }
      return delivery;
    },
    async replaceCard(message) {
      if (origin.channelId && publicCard?.ts) {
        try {
          await updateCard(io.client, { channel: origin.channelId, ts: publicCard.ts }, message);
          return;
        } catch (error) {
          logger.warn('chat.update failed; trying the response_url', slackFailureFields(error));
        }
      }
      const replaced = await respondWith({
        replace_original: true,
        text: message.text,
        blocks: message.blocks,
      });
      if (!replaced) await tell(message);
    },
    pending(message, visibility, closing) {
      if (placeholder) return;
      if (visibility === 'private' || !origin.channelId) {
        void tellOnly(message);
        return;
      }
      const channel = origin.channelId;
      placeholder = {
        posted: postCard(io.client, { channel }, message).catch((error: unknown) => {
          logger.info('placeholder not posted', slackFailureFields(error));
          return null;
        }),
        closing,
      };
    },
    followUp(message) {
      if (publicCard) return inChannel(message, publicCard.threadTs);
      if (origin.card?.isPrivate) return tell(message);
      // No card (a command): its answers belong where the command was typed.
      return inChannel(message, null);
    },
    announce(message) {
      return inChannel(message, publicCard?.threadTs ?? null);
    },
  };
}
