/**
 * The baseline: the least a Bolt app can do for a slash command on the receiver Shipwatch uses. HTTPReceiver with
 * the same signing verification and the same (fake) Web API, acknowledging and then posting one static message with
 * chat.postMessage. Shipwatch's figures are reported as ratios against this, measured in the same run.
 */
import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import { createChatApi } from '../../src/slack/delivery/chat-api.js';

export const BASELINE_TEXT = 'baseline: static reply';

export interface RunningBench {
  url: string;
  stop(): Promise<void>;
}

export interface BaselineReply {
  text: string;
  blocks?: KnownBlock[];
}

export async function startBaselineBot(options: {
  signingSecret: string;
  slackApiUrl: string;
  command: string;
  /** What to post for a command's text (default: the static message), for cost-ladder variants. */
  reply?: (commandText: string) => BaselineReply;
  /** Post through Shipwatch's chat client (src/slack/delivery/chat-api.ts) instead of Bolt's WebClient. */
  chatApi?: boolean;
}): Promise<RunningBench> {
  const receiver = new HTTPReceiver({
    signingSecret: options.signingSecret,
    endpoints: '/slack/events',
    logLevel: LogLevel.ERROR,
  });
  const app = new App({
    token: 'xoxb-fake-bench-baseline',
    receiver,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: options.slackApiUrl },
  });
  const chat = options.chatApi
    ? createChatApi({
        apiUrl: options.slackApiUrl,
        token: 'xoxb-fake-bench-baseline',
        timeoutMs: 4_000,
        retries: 0,
      })
    : null;
  app.command(options.command, async ({ ack, command, client }) => {
    await ack();
    const message = options.reply?.(command.text) ?? { text: BASELINE_TEXT };
    await (chat ?? client.chat).postMessage({ channel: command.channel_id, ...message });
  });
  const server = await app.start({ port: 0, host: '127.0.0.1' });
  // SAFETY: HTTPReceiver.start resolves with the listening node:http Server, whose address is an AddressInfo.
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await app.stop();
      await chat?.close();
    },
  };
}
