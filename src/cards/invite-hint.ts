/**
 * When the bot is not a member of a channel it cannot chat.postMessage there, but the slash command's response_url
 * still works. The card then arrives without a `ts` (no thread, no in-place refresh), so it says how to fix that.
 */
import type { KnownBlock } from '@slack/types';
import type { SlackMessage } from './types.js';

export const INVITE_HINT =
  'Invite @Shipwatch to this channel (`/invite @Shipwatch`) to get threads and live updates.';

const MAX_MESSAGE_BLOCKS = 50;

/** `message` with a closing context line; stays within the 50-block limit by giving up the last block if needed. */
export function withContextLine(message: SlackMessage, line: string): SlackMessage {
  const hint: KnownBlock = { type: 'context', elements: [{ type: 'mrkdwn', text: line }] };
  const blocks = message.blocks.slice(0, MAX_MESSAGE_BLOCKS - 1);
  return { text: message.text, blocks: [...blocks, hint] };
}

export function withInviteHint(message: SlackMessage): SlackMessage {
  return withContextLine(message, INVITE_HINT);
}
