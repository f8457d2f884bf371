/**
 * Real cards to click on: a slash command's card as the bot posted it (channel, ts, blocks from the fake Web API),
 * and clicks on the buttons and menus that card actually carries, so interaction payloads hold the values the
 * renderers put there rather than values a test made up.
 */
import { nextId } from '../slack/payloads.js';
import { eventually, waitForAnswer } from './answers.js';
import type { Sent, World } from './world.js';

export interface PostedCard {
  channelId: string;
  ts: string;
  text: string;
  /** As the fake Web API holds them: the bot's blocks with the ids Slack fills in. */
  blocks: readonly unknown[];
}

/** Runs `command text` in a fresh channel and returns the card the bot posted there with chat.postMessage. */
export async function postCard(
  world: World,
  command: string,
  text: string,
  options: { channelId?: string; userId?: string } = {},
): Promise<PostedCard> {
  const channelId = options.channelId ?? nextId('C');
  const sent = await world.command(command, text, {
    channelId,
    ...(options.userId ? { userId: options.userId } : {}),
  });
  await waitForAnswer(world, sent, (answer) => answer.via === 'message');
  const posted = findPostedTs(world, channelId);
  const message = world.slack.message(channelId, posted);
  if (!message) throw new Error(`no card was posted in ${channelId} for ${command} ${text}`);
  return { channelId, ts: posted, text: message.text, blocks: message.blocks };
}

/** The ts the fake Web API gave the latest top-level message the bot posted in `channelId`. */
function findPostedTs(world: World, channelId: string): string {
  const posted = world.slack
    .callsTo('chat.postMessage', (call) => call.ok && call.args.channel === channelId && !call.args.thread_ts)
    .at(-1)?.answer?.ts;
  if (typeof posted !== 'string') throw new Error(`no message found in ${channelId}`);
  return posted;
}

export interface CardElement {
  actionId: string;
  kind: 'button' | 'overflow';
  value: string;
  blockId: string | undefined;
}

/** The buttons and overflow options on a card; an overflow yields one element per option. */
export function elementsOf(blocks: readonly unknown[]): CardElement[] {
  const out: CardElement[] = [];
  for (const block of blocks) {
    if (!isRecord(block)) continue;
    const blockId = typeof block.block_id === 'string' ? block.block_id : undefined;
    const candidates = [...(Array.isArray(block.elements) ? block.elements : []), block.accessory];
    for (const element of candidates) {
      if (!isRecord(element) || typeof element.action_id !== 'string') continue;
      if (element.type === 'button') {
        out.push({
          actionId: element.action_id,
          kind: 'button',
          value: String(element.value ?? ''),
          blockId,
        });
      } else if (element.type === 'overflow' && Array.isArray(element.options)) {
        for (const option of element.options) {
          if (isRecord(option) && typeof option.value === 'string') {
            out.push({ actionId: element.action_id, kind: 'overflow', value: option.value, blockId });
          }
        }
      }
    }
  }
  return out;
}

/** The first element with `actionId` (and, for overflows, an option value starting with `valuePrefix`). */
export function findElement(card: PostedCard, actionId: string, valuePrefix = ''): CardElement {
  const element = elementsOf(card.blocks).find(
    (candidate) => candidate.actionId === actionId && candidate.value.startsWith(valuePrefix),
  );
  if (!element) {
    const seen = elementsOf(card.blocks).map((e) => `${e.actionId}=${e.value}`);
    throw new Error(`the card has no ${actionId} ${valuePrefix} (it has: ${seen.join(', ')})`);
  }
  return element;
}

/** Clicks an element of a posted card as `userId`; returns what the bot answered over HTTP and where replies go. */
export async function click(
  world: World,
  card: PostedCard,
  element: CardElement,
  options: { userId?: string; headers?: Record<string, string>; triggerId?: string } = {},
): Promise<Sent & { rawBody: string }> {
  const container = {
    kind: 'message' as const,
    channelId: card.channelId,
    messageTs: card.ts,
    messageBlocks: card.blocks,
  };
  const common = {
    actionId: element.actionId,
    container,
    ...(element.blockId ? { blockId: element.blockId } : {}),
    ...(options.userId ? { userId: options.userId } : {}),
    ...(options.triggerId ? { triggerId: options.triggerId } : {}),
  };
  const input =
    element.kind === 'overflow'
      ? { ...common, kind: 'overflow' as const, selectedValue: element.value }
      : { ...common, kind: 'button' as const, value: element.value };
  return world.action(input, options.headers);
}

/** Waits until the simulator has served `count` requests matching `method` and `path`. */
export async function waitForApiRequests(
  world: World,
  method: string,
  path: RegExp,
  count: number,
  timeoutMs = 5_000,
): Promise<void> {
  await eventually(
    () => world.sim.requests.filter((r) => r.method === method && path.test(r.path)).length >= count,
    `${count} ${method} ${path} request(s) at the simulator`,
    timeoutMs,
  );
}

/** How many requests matching `method` and `path` the simulator has served. */
export function apiRequests(world: World, method: string, path: RegExp): number {
  return world.sim.requests.filter((r) => r.method === method && path.test(r.path)).length;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
