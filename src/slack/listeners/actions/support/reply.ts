/**
 * Where an interaction's results go, with a fallback for every way Slack can refuse. A card is replaced with
 * chat.update (or through the action's response_url when the card is ephemeral or the bot cannot update it), thread
 * replies fall back to the response_url, and private answers try the response_url, then chat.postEphemeral, then a
 * DM. Nothing here throws: every failure is logged, and the boolean says whether the message arrived.
 */
import type { SlackMessage } from '../../../../cards/types.js';
import type { Logger } from '../../../../logger.js';
import {
  postCard,
  postEphemeral,
  postThreadReply,
  type Respond,
  type SlackMessagingClient,
  slackFailureFields,
  updateCard,
} from '../../../delivery/index.js';

export interface ReplyIo {
  client: SlackMessagingClient;
  /** The payload's response_url as Bolt's `respond`; null when there is none (modal submissions). */
  respond: Respond | null;
  logger: Logger;
}

export interface CardLocation {
  channelId: string | null;
  messageTs: string | null;
  isEphemeral?: boolean;
}

/** Replaces the card the person clicked on. */
export async function replaceCard(io: ReplyIo, card: CardLocation, message: SlackMessage): Promise<boolean> {
  if (card.channelId && card.messageTs && !card.isEphemeral) {
    try {
      await updateCard(io.client, { channel: card.channelId, ts: card.messageTs }, message);
      return true;
    } catch (error) {
      io.logger.warn('chat.update failed; trying the response_url', slackFailureFields(error));
    }
  }
  return respondWith(io, { replace_original: true, text: message.text, blocks: message.blocks });
}

export interface ThreadLocation {
  channelId: string | null;
  /** The thread's parent (the card). */
  threadTs: string | null;
}

/** Posts in the card's thread; without a thread (ephemeral card, bot not in channel) as a new message instead. */
export async function replyInThread(
  io: ReplyIo,
  thread: ThreadLocation,
  message: SlackMessage,
): Promise<boolean> {
  if (thread.channelId && thread.threadTs) {
    try {
      await postThreadReply(io.client, { channel: thread.channelId, ts: thread.threadTs }, message);
      return true;
    } catch (error) {
      io.logger.warn('thread reply failed; trying the response_url', slackFailureFields(error));
    }
  }
  return respondWith(io, {
    response_type: 'in_channel',
    replace_original: false,
    text: message.text,
    blocks: message.blocks,
  });
}

export interface PrivateTarget {
  userId: string;
  channelId: string | null;
  threadTs?: string | null;
}

/** Shows `message` to the person who clicked, through the payload's response_url only. */
export function respondPrivately(io: ReplyIo, message: SlackMessage): Promise<boolean> {
  return respondWith(io, {
    response_type: 'ephemeral',
    replace_original: false,
    text: message.text,
    blocks: message.blocks,
  });
}

/** Shows `message` to one person only: response_url, then an ephemeral message, then a DM from the bot. */
export async function tellPrivately(
  io: ReplyIo,
  target: PrivateTarget,
  message: SlackMessage,
): Promise<boolean> {
  if (await respondPrivately(io, message)) return true;
  if (target.channelId) {
    try {
      await postEphemeral(
        io.client,
        {
          channel: target.channelId,
          user: target.userId,
          ...(target.threadTs ? { threadTs: target.threadTs } : {}),
        },
        message,
      );
      return true;
    } catch (error) {
      io.logger.warn('chat.postEphemeral failed; sending a DM', slackFailureFields(error));
    }
  }
  try {
    await postCard(io.client, { channel: target.userId }, message);
    return true;
  } catch (error) {
    io.logger.error('could not reach the user by any route', {
      user: target.userId,
      ...slackFailureFields(error),
    });
    return false;
  }
}

async function respondWith(io: ReplyIo, body: Parameters<Respond>[0]): Promise<boolean> {
  if (!io.respond) return false;
  try {
    await io.respond(body);
    return true;
  } catch (error) {
    io.logger.warn('response_url POST failed', slackFailureFields(error));
    return false;
  }
}

/** Replaces the card; when Slack refuses every route, shows the new card to the clicker privately instead. */
export async function replaceCardOrTell(
  io: ReplyIo,
  card: CardLocation & PrivateTarget,
  message: SlackMessage,
): Promise<void> {
  if (!(await replaceCard(io, card, message))) await tellPrivately(io, card, message);
}

/** Posts in the thread; when Slack refuses every route, shows the message to the clicker privately instead. */
export async function replyInThreadOrTell(
  io: ReplyIo,
  thread: ThreadLocation & PrivateTarget,
  message: SlackMessage,
): Promise<void> {
  if (!(await replyInThread(io, thread, message))) await tellPrivately(io, thread, message);
}
