/**
 * The notifier port for Slack: each move is the Slack call it should be, and each way Slack fails comes back as the
 * notifier's kind of failure (gone, rate limited with its wait, or worth retrying), so watching never reads Slack's
 * errors itself.
 */
import { describe, expect, it } from 'vitest';
import { isNotifyError, type NotifyError } from '../../../../src/notify/index.js';
import { createSlackNotifier, type NotifierChat } from '../../../../src/slack/delivery/slack-notifier.js';
import { slackError } from '../../../helpers/slack/fake-messaging-client.js';

const message = { text: 'hello', blocks: [] };
const card = { teamId: 'T1', channelId: 'C1', ts: '1.000001' };

function recordingChat(failure?: Error) {
  const calls: Array<{ method: string; args: Record<string, unknown> }> = [];
  const answer = async (method: string, args: object) => {
    calls.push({ method, args: { ...args } });
    if (failure) throw failure;
    return { ts: '2.000002' };
  };
  const chat: NotifierChat = {
    postMessage: (args) => answer('chat.postMessage', args),
    update: (args) => answer('chat.update', args),
    postEphemeral: (args) => answer('chat.postEphemeral', args),
  };
  return { chat, calls };
}

async function failureOf(promise: Promise<unknown>): Promise<NotifyError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isNotifyError(error)) throw new Error(`expected a NotifyError, got ${String(error)}`);
  return error;
}

describe('the Slack notifier', () => {
  it('updates a card with chat.update, and posts in its thread without unfurling, broadcasting only when asked', async () => {
    const { chat, calls } = recordingChat();
    const notifier = createSlackNotifier(chat);
    await notifier.updateCard(card, message);
    const quiet = await notifier.postInThread({ teamId: 'T1', channelId: 'C1', threadTs: card.ts }, message);
    await notifier.postInThread({ teamId: 'T1', channelId: 'C1', threadTs: card.ts }, message, {
      broadcast: true,
    });
    expect(quiet.ts).toBe('2.000002');
    expect(calls.map((call) => call.method)).toEqual(['chat.update', 'chat.postMessage', 'chat.postMessage']);
    expect(calls[0]?.args).toMatchObject({ channel: 'C1', ts: card.ts, text: 'hello' });
    expect(calls[1]?.args).toMatchObject({ thread_ts: card.ts, unfurl_links: false, unfurl_media: false });
    expect(calls[1]?.args).not.toHaveProperty('reply_broadcast');
    expect(calls[2]?.args).toMatchObject({ reply_broadcast: true });
  });

  it('tells a person in a direct message, or privately in a channel when one is named', async () => {
    const { chat, calls } = recordingChat();
    const notifier = createSlackNotifier(chat);
    await notifier.tellPerson({ teamId: 'T1', userId: 'U1' }, message);
    await notifier.tellPerson({ teamId: 'T1', userId: 'U1', channelId: 'C1' }, message);
    expect(calls.map((call) => [call.method, call.args.channel])).toEqual([
      ['chat.postMessage', 'U1'],
      ['chat.postEphemeral', 'C1'],
    ]);
    expect(calls[1]?.args.user).toBe('U1');
  });

  it.each(['not_in_channel', 'channel_not_found', 'is_archived', 'message_not_found', 'cant_update_message'])(
    'calls %s gone: the bot cannot post or edit there until someone acts',
    async (error) => {
      const notifier = createSlackNotifier(recordingChat(slackError({ kind: 'platform', error })).chat);
      expect(await failureOf(notifier.updateCard(card, message))).toMatchObject({
        code: 'gone',
        reason: error,
      });
    },
  );

  it('calls a 429 rate limited and keeps how long Slack asked to wait', async () => {
    const notifier = createSlackNotifier(
      recordingChat(slackError({ kind: 'rate_limited', retryAfter: 7 })).chat,
    );
    expect(await failureOf(notifier.updateCard(card, message))).toMatchObject({
      code: 'rate_limited',
      retryAfterMs: 7_000,
    });
  });

  it('calls a timeout or any other Slack error worth retrying', async () => {
    const timeout = createSlackNotifier(recordingChat(slackError({ kind: 'timeout' })).chat);
    expect(await failureOf(timeout.updateCard(card, message))).toMatchObject({
      code: 'retry',
      reason: 'timeout',
    });
    const other = createSlackNotifier(
      recordingChat(slackError({ kind: 'platform', error: 'msg_too_long' })).chat,
    );
    expect(await failureOf(other.updateCard(card, message))).toMatchObject({
      code: 'retry',
      reason: 'msg_too_long',
    });
  });
});
