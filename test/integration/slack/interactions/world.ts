/**
 * Shared moves for the interaction tests: put a real card (rendered from the simulator's data) into the fake Slack
 * as the bot would have, so clicks have a message to update and a thread to reply in; read back what the bot did.
 */
import type { KnownBlock } from '@slack/types';
import { expect } from 'vitest';
import type { SlackMessage } from '../../../../src/cards/types.js';
import type { BotHarness } from '../../../helpers/slack/bot-harness.js';
import { callWebApi } from '../../../helpers/slack/call-web-api.js';
import type { FakeSlackCall } from '../../../helpers/slack/fake-slack-api.js';
import { nextId } from '../../../helpers/slack/payloads.js';

export interface PostedCard {
  channelId: string;
  ts: string;
  blocks: KnownBlock[];
}

/** Posts `message` to a fresh channel through the fake Web API with the bot's token, as a command would have. */
export async function postCard(
  harness: BotHarness,
  message: SlackMessage,
  channelId = nextId('C'),
): Promise<PostedCard> {
  const answer = await callWebApi(harness.slack.url, harness.secrets.botToken, 'chat.postMessage', {
    channel: channelId,
    text: message.text,
    blocks: message.blocks,
  });
  expect(answer.ok).toBe(true);
  return { channelId, ts: String(answer.ts ?? ''), blocks: message.blocks };
}

/** Clicks a button on a posted card. */
export function click(
  harness: BotHarness,
  card: PostedCard,
  button: { actionId: string; value: string; userId?: string; triggerId?: string },
) {
  return harness.action({
    actionId: button.actionId,
    value: button.value,
    ...(button.userId ? { userId: button.userId } : {}),
    ...(button.triggerId ? { triggerId: button.triggerId } : {}),
    container: { kind: 'message', channelId: card.channelId, messageTs: card.ts, messageBlocks: card.blocks },
  });
}

/** A reply the bot posted in the card's thread. */
export function threadReply(
  harness: BotHarness,
  card: PostedCard,
  timeoutMs?: number,
): Promise<FakeSlackCall> {
  return harness.waitForCall(
    'chat.postMessage',
    (call) => call.args.channel === card.channelId && call.args.thread_ts === card.ts,
    timeoutMs,
  );
}

/** Every write the simulator served (anything but GET). */
export function writes(harness: BotHarness) {
  return (harness.sim.requests ?? []).filter((request) => request.method !== 'GET');
}

/** The JSON the bot answered a view submission with (its ack), or null for an empty ack. */
export function ackBody(answer: { body: string }): Record<string, unknown> | null {
  if (!answer.body) return null;
  // SAFETY: Bolt answers view submissions with a JSON object or an empty body.
  return JSON.parse(answer.body) as Record<string, unknown>;
}

/** The text of everything in a recorded call (text and blocks), for loose content checks. */
export function textOf(call: FakeSlackCall): string {
  return `${String(call.args.text ?? '')} ${JSON.stringify(call.args.blocks ?? call.args.view ?? '')}`;
}
