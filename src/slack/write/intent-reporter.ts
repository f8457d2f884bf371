/**
 * The intent recovery's reporter (features/writes/recover-intents.ts) over a workspace's chat client: the audit line of
 * a recovered write as a message (in its card's thread when it has one), and the "may not have been applied" notice
 * as an ephemeral message where the person asked, or a direct message when Slack refuses that.
 */
import type { IntentReporter } from '../../features/writes/recover-intents.js';
import type { Logger } from '../../logger.js';
import type { ChatApi } from '../delivery/chat-api.js';
import { slackFailureFields } from '../delivery/slack-failure.js';

export function intentReporterOver(chat: ChatApi, logger: Logger): IntentReporter {
  return {
    async postAuditLine(place, line) {
      await chat.postMessage({
        channel: place.channelId,
        text: line.text,
        blocks: line.blocks,
        ...(place.threadTs ? { thread_ts: place.threadTs } : {}),
        unfurl_links: false,
        unfurl_media: false,
      });
    },
    async tellPerson(person, message) {
      if (person.channelId) {
        try {
          await chat.postEphemeral({ channel: person.channelId, user: person.userId, ...message });
          return;
        } catch (error) {
          logger.warn(
            'could not tell the person privately in the channel; sending a DM',
            slackFailureFields(error),
          );
        }
      }
      await chat.postMessage({ channel: person.userId, ...message });
    },
  };
}
