/**
 * The notifier port (src/notify/notifier.ts) for Slack, over the lean chat client (chat-api.ts): a new card is
 * `chat.postMessage`, a card update is `chat.update`, a thread message `chat.postMessage` with `thread_ts` (and `reply_broadcast` when asked; links are
 * never unfurled, so a message stays one line of news), a person is told by `chat.postEphemeral` in a channel or by
 * `chat.postMessage` to their user id (a DM). Slack's failures are classified once, here
 * (docs/slack-platform.md): the errors that mean the bot can no longer post or edit there are `gone`; a 429 is
 * `rate_limited` with its Retry-After; the rest may pass and are `retry`.
 */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from '../../cards/types.js';
import { type Notifier, NotifyError } from '../../notify/index.js';
import { classifySlackError } from './slack-failure.js';

interface MessageArgs {
  channel: string;
  text: string;
  blocks?: KnownBlock[];
}

/** The chat methods the notifier uses; the lean chat client (chat-api.ts) and Bolt's WebClient both have them. */
export interface NotifierChat {
  postMessage(
    args: MessageArgs & {
      thread_ts?: string;
      reply_broadcast?: boolean;
      unfurl_links?: boolean;
      unfurl_media?: boolean;
    },
  ): Promise<{ ts?: string }>;
  update(args: MessageArgs & { ts: string }): Promise<unknown>;
  postEphemeral(args: MessageArgs & { user: string }): Promise<unknown>;
}

/** Slack errors after which posting or editing there cannot succeed until someone acts. */
const GONE = new Set([
  'not_in_channel',
  'channel_not_found',
  'is_archived',
  'message_not_found',
  'cant_update_message',
]);

/** One Slack call the notifier made: for `/metrics` (calls and 429s by workspace and method). */
export type NotifierCall = { teamId: string; method: string; outcome: 'ok' | NotifyError['code'] };

export function createSlackNotifier(chat: NotifierChat, observe?: (call: NotifierCall) => void): Notifier {
  const attempt = async <T>(teamId: string, method: string, call: () => Promise<T>): Promise<T> => {
    try {
      const answer = await call();
      observe?.({ teamId, method, outcome: 'ok' });
      return answer;
    } catch (error) {
      const failure = toNotifyError(error);
      observe?.({ teamId, method, outcome: failure.code });
      throw failure;
    }
  };
  const body = (message: SlackMessage) => ({ text: message.text, blocks: message.blocks });
  return {
    async postCard(channel, message) {
      const posted = await attempt(channel.teamId, 'chat.postMessage', () =>
        chat.postMessage({
          channel: channel.channelId,
          ...body(message),
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      if (!posted.ts) throw new NotifyError('retry', 'no_ts');
      return { ts: posted.ts };
    },
    async updateCard(card, message) {
      await attempt(card.teamId, 'chat.update', () =>
        chat.update({ channel: card.channelId, ts: card.ts, ...body(message) }),
      );
    },
    async postInThread(thread, message, options = {}) {
      const posted = await attempt(thread.teamId, 'chat.postMessage', () =>
        chat.postMessage({
          channel: thread.channelId,
          thread_ts: thread.threadTs,
          ...body(message),
          ...(options.broadcast ? { reply_broadcast: true } : {}),
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      return { ts: posted.ts ?? '' };
    },
    async postInChannel(channel, message) {
      const posted = await attempt(channel.teamId, 'chat.postMessage', () =>
        chat.postMessage({
          channel: channel.channelId,
          ...body(message),
          unfurl_links: false,
          unfurl_media: false,
        }),
      );
      return { ts: posted.ts ?? '' };
    },
    async tellPerson(person, message) {
      await attempt(person.teamId, person.channelId ? 'chat.postEphemeral' : 'chat.postMessage', () =>
        person.channelId
          ? chat.postEphemeral({ channel: person.channelId, user: person.userId, ...body(message) })
          : chat.postMessage({ channel: person.userId, ...body(message) }),
      );
    },
  };
}

/** Slack's failure as the notifier's: gone, rate limited (with Retry-After), or worth retrying. */
export function toNotifyError(error: unknown): NotifyError {
  const failure = classifySlackError(error);
  if (failure.kind === 'rate_limited') {
    return new NotifyError('rate_limited', 'ratelimited', Math.max(1, failure.retryAfterSeconds ?? 1) * 1000);
  }
  if (failure.slackError !== null && GONE.has(failure.slackError)) {
    return new NotifyError('gone', failure.slackError);
  }
  return new NotifyError('retry', failure.slackError ?? failure.kind);
}
