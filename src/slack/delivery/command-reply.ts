/**
 * How a slash command's answer reaches the person who typed it, whatever Slack or the channel does. Public answers go
 * out with chat.postMessage (so they have a ts); when that is refused because the bot is not in the channel, or Slack
 * does not answer, the command's response_url carries the card instead. Private answers and errors go through the
 * response_url as ephemerals, with chat.postEphemeral as the second route. Every failure is logged; nothing throws.
 */
import type { SlackMessage } from '../../cards/types.js';
import type { Logger } from '../../logger.js';
import { withContextLine, withInviteHint } from './invite-hint.js';
import { type PostedMessage, postCard, postEphemeral, postThreadReply } from './messages.js';
import type { Respond, SlackMessagingClient } from './slack-client.js';
import { classifySlackError, slackFailureFields } from './slack-failure.js';

export interface CommandReplyTarget {
  client: SlackMessagingClient;
  respond: Respond;
  logger: Logger;
  channelId: string;
  userId: string;
}

export type CommandDelivery =
  | { via: 'message'; posted: PostedMessage }
  | { via: 'response_url'; responseType: 'in_channel' | 'ephemeral' }
  | { via: 'ephemeral_message' }
  | { via: 'failed' };

export type Visibility = 'channel' | 'private';

export interface CommandReplyOptions {
  /** An audit line: posted in the card's thread when the card has one, otherwise appended to the card itself. */
  threadReply?: SlackMessage;
}

/** Delivers `message` to the channel (visibility `channel`) or to the caller only (`private`). */
export async function deliverCommandReply(
  target: CommandReplyTarget,
  message: SlackMessage,
  visibility: Visibility,
  options: CommandReplyOptions = {},
): Promise<CommandDelivery> {
  const inline = options.threadReply ? withContextLine(message, options.threadReply.text) : message;
  if (visibility === 'private') return deliverPrivately(target, inline);
  let posted: PostedMessage;
  try {
    posted = await postCard(target.client, { channel: target.channelId }, message);
  } catch (error) {
    const failure = classifySlackError(error);
    target.logger.warn('chat.postMessage failed; answering through the response_url', {
      channel: target.channelId,
      ...slackFailureFields(error),
    });
    const fallback = failure.kind === 'channel_unavailable' ? withInviteHint(inline) : inline;
    if (await respondSafely(target, fallback, 'in_channel')) {
      return { via: 'response_url', responseType: 'in_channel' };
    }
    return deliverPrivately(target, fallback);
  }
  if (options.threadReply) {
    try {
      await postThreadReply(target.client, posted, options.threadReply);
    } catch (error) {
      target.logger.warn('could not post the audit line in the thread', slackFailureFields(error));
    }
  }
  return { via: 'message', posted };
}

/** Shows `message` to the caller only: response_url first (works in every conversation), then chat.postEphemeral. */
export async function deliverPrivately(
  target: CommandReplyTarget,
  message: SlackMessage,
): Promise<CommandDelivery> {
  if (await respondSafely(target, message, 'ephemeral'))
    return { via: 'response_url', responseType: 'ephemeral' };
  try {
    await postEphemeral(target.client, { channel: target.channelId, user: target.userId }, message);
    return { via: 'ephemeral_message' };
  } catch (error) {
    target.logger.error('could not deliver a reply to the user by any route', {
      channel: target.channelId,
      user: target.userId,
      ...slackFailureFields(error),
    });
    return { via: 'failed' };
  }
}

/** POSTs to the response_url; false (logged) instead of throwing when it is expired or unreachable. */
export async function respondSafely(
  target: Pick<CommandReplyTarget, 'respond' | 'logger'>,
  message: SlackMessage,
  responseType: 'in_channel' | 'ephemeral',
): Promise<boolean> {
  try {
    await target.respond({ response_type: responseType, text: message.text, blocks: message.blocks });
    return true;
  } catch (error) {
    target.logger.warn('response_url POST failed', { responseType, ...slackFailureFields(error) });
    return false;
  }
}
