/**
 * The conversation port (src/features/conversation.ts) in Slack: cards and private answers through the reply module,
 * in-place updates and thread lines with the Web API, Slack's refusals turned into the notifier's error kinds.
 */
import type { Conversation } from '../../features/conversation.js';
import type { Logger } from '../../logger.js';
import { postThreadReply, updateCard } from './messages.js';
import type { Replier } from './replier.js';
import type { SlackMessagingClient } from './slack-client.js';
import { slackFailureFields } from './slack-failure.js';
import { toNotifyError } from './slack-notifier.js';

export function slackConversation(io: {
  replier: Replier;
  client: SlackMessagingClient;
  logger: Logger;
}): Conversation {
  const { replier, client, logger } = io;
  return {
    async postCard(message, options) {
      const delivery = await replier.card(message, 'channel', options);
      return delivery.via === 'message' && delivery.posted.ts ? { ts: delivery.posted.ts } : null;
    },
    replaceCard: (message) => replier.replaceCard(message),
    async updateCard(card, message) {
      await updateCard(client, { channel: card.channelId, ts: card.ts }, message).catch((error: unknown) => {
        throw toNotifyError(error);
      });
    },
    async postInThread(thread, message) {
      await postThreadReply(client, { channel: thread.channelId, ts: thread.threadTs }, message).catch(
        (error: unknown) => {
          throw toNotifyError(error);
        },
      );
    },
    async tell(message) {
      await replier.tell(message);
    },
    async permalink(card) {
      try {
        const answer = await client.chat.getPermalink({ channel: card.channelId, message_ts: card.ts });
        return answer.permalink ?? null;
      } catch (error) {
        logger.info('no permalink for a card', slackFailureFields(error));
        return null;
      }
    },
  };
}
