/**
 * The facts a button listener needs, read once from a block_actions payload: who clicked (the one payload reader,
 * context/payload-context.ts), on which message (and its thread), which element with which value. Bolt's payload
 * types are loose (`container` is a string index), so each field is read defensively.
 */
import type { BlockAction } from '@slack/bolt';
import type { ClickRequest } from '../../features/clicks/run-click.js';
import { readPayloadContext } from '../context/payload-context.js';

/** A click as Slack sent it: the click the runner reads (features/clicks), and what only Slack's side needs. */
export interface ActionContext extends Omit<ClickRequest, 'retryNum'> {
  /** The channel's name as Slack sent it (for naming it to the person), when it did. */
  channelName: string | null;
  /** The thread the card belongs to: its parent when the card is itself a reply, else the card. */
  threadTs: string | null;
  /** The parent of the clicked message when it is a thread reply (null for a top-level card). */
  parentTs: string | null;
  isEphemeral: boolean;
  triggerId: string;
  responseUrl: string | null;
  messageBlocks: unknown[];
}

export function readActionContext(body: BlockAction): ActionContext {
  const who = readPayloadContext(body);
  const action = body.actions[0];
  const container: Record<string, unknown> = body.container ?? {};
  const messageTs = stringOrNull(container.message_ts) ?? stringOrNull(body.message?.ts) ?? null;
  const parentTs = stringOrNull(container.thread_ts) ?? stringOrNull(body.message?.thread_ts) ?? null;
  const message: Record<string, unknown> = body.message ?? {};
  const channel: Record<string, unknown> = body.channel ?? {};
  return {
    teamId: who.teamId,
    userId: who.userId ?? '',
    actionId: action?.action_id ?? '',
    actionTs: action?.action_ts ?? '',
    value: action ? actionValue(action) : '',
    channelId: who.channelId,
    channelName: stringOrNull(channel.name),
    messageTs,
    threadTs: parentTs ?? messageTs,
    parentTs: parentTs && parentTs !== messageTs ? parentTs : null,
    isEphemeral: container.is_ephemeral === true,
    triggerId: who.triggerId ?? '',
    responseUrl: stringOrNull(body.response_url),
    messageBlocks: Array.isArray(message.blocks) ? message.blocks : [],
  };
}

function actionValue(action: BlockAction['actions'][number]): string {
  if ('value' in action && typeof action.value === 'string') return action.value;
  if ('selected_option' in action && action.selected_option && typeof action.selected_option === 'object') {
    const option: { value?: unknown } = action.selected_option;
    return typeof option.value === 'string' ? option.value : '';
  }
  return '';
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/** Finds the value of the first button with `actionId` in a message's blocks (e.g. the card's Refresh → its id). */
export function findButtonValue(blocks: readonly unknown[], actionId: string): string | null {
  for (const block of blocks) {
    for (const element of elementsOf(block)) {
      if (isRecord(element) && element.action_id === actionId && typeof element.value === 'string') {
        return element.value;
      }
    }
  }
  return null;
}

function elementsOf(block: unknown): unknown[] {
  if (!isRecord(block)) return [];
  const found: unknown[] = [];
  if (Array.isArray(block.elements)) found.push(...block.elements);
  if (block.accessory !== undefined) found.push(block.accessory);
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
