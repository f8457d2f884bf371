/**
 * The message primitives every listener uses. Cards go out with chat.postMessage (not response_url) so that they have
 * a `ts`: threads can carry audit lines and Refresh can chat.update them in place. Each function throws the Web API's
 * error unchanged; `classifySlackError` tells callers what happened.
 */
import type { SlackMessage } from '../../cards/types.js';
import type { SlackMessagingClient } from './slack-client.js';

export interface PostedMessage {
  channel: string;
  ts: string;
}

/** Posts a card to a channel (or into a thread) and returns where it landed. */
export async function postCard(
  client: SlackMessagingClient,
  target: { channel: string; threadTs?: string },
  message: SlackMessage,
): Promise<PostedMessage> {
  const result = await client.chat.postMessage({
    channel: target.channel,
    text: message.text,
    blocks: message.blocks,
    ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
    // Cards carry their own links (vessel, documents); unfurls would bury the card under previews.
    unfurl_links: false,
    unfurl_media: false,
  });
  return { channel: result.channel ?? target.channel, ts: result.ts ?? '' };
}

/** Replaces a posted card in place (the Refresh button, a write's result). */
export async function updateCard(
  client: SlackMessagingClient,
  target: PostedMessage,
  message: SlackMessage,
): Promise<void> {
  await client.chat.update({
    channel: target.channel,
    ts: target.ts,
    text: message.text,
    blocks: message.blocks,
  });
}

/** Posts a plain line (an audit entry such as "@alice rotated scan.png by 90°") in the card's thread. */
export async function postThreadReply(
  client: SlackMessagingClient,
  parent: PostedMessage,
  reply: string | SlackMessage,
): Promise<PostedMessage> {
  const message = typeof reply === 'string' ? { text: reply, blocks: undefined } : reply;
  const result = await client.chat.postMessage({
    channel: parent.channel,
    thread_ts: parent.ts,
    text: message.text,
    ...(message.blocks ? { blocks: message.blocks } : {}),
    unfurl_links: false,
    unfurl_media: false,
  });
  return { channel: result.channel ?? parent.channel, ts: result.ts ?? '' };
}

/** Shows a message only to `user` in `channel` (optionally inside a thread). */
export async function postEphemeral(
  client: SlackMessagingClient,
  target: { channel: string; user: string; threadTs?: string },
  message: SlackMessage,
): Promise<void> {
  await client.chat.postEphemeral({
    channel: target.channel,
    user: target.user,
    text: message.text,
    blocks: message.blocks,
    ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
  });
}
