/**
 * The tests' front door to the one payload builder (src/workspace/bot-link/payloads.ts): the same Slack bodies the
 * local workspace sends, from a test workspace (team, app, channel, user) with a stable default for anything a test
 * does not care about, typed as Bolt reads them. Only the defaults live here; every field name lives in the builder.
 */
import type { BlockAction, SlashCommand, ViewSubmitAction } from '@slack/bolt';
import {
  blockActionsPayload,
  chosenOption,
  clickedButton,
  type EnteredValue,
  enteredState,
  formBody,
  interactionFields,
  openedModal,
  type PayloadSource,
  slashCommandFields,
  viewSubmissionPayload,
} from '../../../src/workspace/bot-link/payloads.js';
import type { JsonObject } from '../../../src/workspace/shared/json-reader.js';
import { slackMessage } from '../../../src/workspace/web-api/slack-objects.js';

export const TEST_TEAM = { id: 'T0SHIPWATCH', domain: 'shipwatch-test' } as const;
export const TEST_APP_ID = 'A0SHIPWATCH';
export const TEST_USER = { id: 'U0ALICE', name: 'alice' } as const;
export const TEST_CHANNEL = { id: 'C0OPS', name: 'ops' } as const;
/** The bot as the fake Web API knows it (auth.test, message authors). */
export const TEST_BOT = {
  userId: 'U0SHIPBOT',
  botId: 'B0SHIPBOT',
  appId: TEST_APP_ID,
  name: 'Shipwatch',
} as const;

/** Where test payloads come from. */
export const TEST_SOURCE: PayloadSource = {
  team: TEST_TEAM,
  bot: TEST_BOT,
  channel: TEST_CHANNEL,
  verificationToken: 'legacy-verification-token',
};

let sequence = 0;
/** A process-unique suffix for trigger ids, action timestamps and view ids. */
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence.toString(36)}`.toUpperCase();
}

/** Strictly increasing `seconds.micros`, so no two clicks in a test run share an action_ts. */
function nextActionTs(): string {
  return `${Math.floor(Date.now() / 1000)}.${String(++sequence).padStart(6, '0')}`;
}

export interface SlashCommandInput {
  command: string;
  text?: string;
  userId?: string;
  userName?: string;
  channelId?: string;
  channelName?: string;
  responseUrl: string;
  triggerId?: string;
}

export function slashCommand(input: SlashCommandInput): SlashCommand {
  return slashCommandFields(TEST_SOURCE, {
    user: { id: input.userId ?? TEST_USER.id, name: input.userName ?? TEST_USER.name },
    channel: { id: input.channelId ?? TEST_CHANNEL.id, name: input.channelName ?? TEST_CHANNEL.name },
    command: input.command,
    text: input.text ?? '',
    responseUrl: input.responseUrl,
    triggerId: input.triggerId ?? nextId('TRIG'),
  });
}

/** The form-encoded body Slack POSTs for a slash command. */
export function slashCommandBody(input: SlashCommandInput): string {
  return formBody(slashCommand(input));
}

/** Where the clicked element lives: a message in a channel, or a modal. */
export type ActionContainer =
  | {
      kind: 'message';
      channelId?: string;
      messageTs: string;
      messageBlocks?: readonly unknown[];
      threadTs?: string;
      /** A card only the clicker sees (sent with `private`). */
      isEphemeral?: boolean;
    }
  | { kind: 'view'; viewId: string; callbackId?: string; privateMetadata?: string };

interface ActionCommon {
  actionId: string;
  blockId?: string;
  userId?: string;
  responseUrl?: string;
  triggerId?: string;
  container: ActionContainer;
}

export type ButtonActionInput = ActionCommon & { kind?: 'button'; value?: string; text?: string };
export type OverflowActionInput = ActionCommon & { kind: 'overflow'; selectedValue: string; text?: string };

export function blockAction(input: ButtonActionInput | OverflowActionInput): BlockAction {
  const element = {
    actionId: input.actionId,
    blockId: input.blockId ?? nextId('B'),
    actionTs: nextActionTs(),
  };
  const action =
    input.kind === 'overflow'
      ? chosenOption({
          ...element,
          type: 'overflow',
          value: input.selectedValue,
          text: input.text ?? input.selectedValue,
        })
      : clickedButton({
          ...element,
          text: input.text ?? 'Button',
          ...(input.value === undefined ? {} : { value: input.value }),
        });
  const { container } = input;
  const payload = blockActionsPayload(TEST_SOURCE, {
    user: { id: input.userId ?? TEST_USER.id, name: TEST_USER.name },
    origin:
      container.kind === 'view'
        ? {
            kind: 'view',
            view: openedModal(TEST_SOURCE, {
              viewId: container.viewId,
              callbackId: container.callbackId ?? '',
              privateMetadata: container.privateMetadata ?? '',
              hash: nextId('H'),
            }),
          }
        : {
            kind: 'message',
            channel: { id: container.channelId ?? TEST_CHANNEL.id, name: TEST_CHANNEL.name },
            messageTs: container.messageTs,
            threadTs: container.threadTs ?? null,
            isEphemeral: container.isEphemeral === true,
            message: slackMessage(
              {
                isBot: true,
                userId: TEST_BOT.userId,
                text: '',
                blocks: container.messageBlocks ?? [],
                ts: container.messageTs,
                threadTs: container.threadTs ?? null,
              },
              TEST_SOURCE,
            ),
            responseUrl: input.responseUrl ?? '',
          },
    action,
    triggerId: input.triggerId ?? nextId('TRIG'),
    stateValues: {},
  });
  if (!isBlockAction(payload)) throw new Error('the builder made no block_actions payload');
  return payload;
}

/** A modal input's submitted state: plain text, or the value of a selected option. */
export type SubmittedValue = EnteredValue;

export interface ViewSubmissionInput {
  callbackId: string;
  privateMetadata?: string;
  /** block_id → action_id → value. */
  values: Record<string, Record<string, SubmittedValue>>;
  viewId?: string;
  userId?: string;
  triggerId?: string;
}

export function viewSubmission(input: ViewSubmissionInput): ViewSubmitAction {
  const viewId = input.viewId ?? nextId('V');
  const payload = viewSubmissionPayload(TEST_SOURCE, {
    user: { id: input.userId ?? TEST_USER.id, name: TEST_USER.name },
    view: openedModal(TEST_SOURCE, {
      viewId,
      callbackId: input.callbackId,
      privateMetadata: input.privateMetadata ?? '',
      hash: nextId('H'),
    }),
    stateValues: enteredState(input.values),
    triggerId: input.triggerId ?? nextId('TRIG'),
  });
  if (!isViewSubmission(payload)) throw new Error('the builder made no view_submission payload');
  return payload;
}

/** The form-encoded body Slack POSTs for interactions: `payload=<JSON>`. */
export function interactionBody(payload: BlockAction | ViewSubmitAction | JsonObject): string {
  return formBody(interactionFields({ ...payload }));
}

// The builder returns plain JSON; these checks let Bolt's payload types stand for it without a cast.
function isBlockAction(payload: JsonObject): payload is JsonObject & BlockAction {
  return payload.type === 'block_actions' && Array.isArray(payload.actions);
}

function isViewSubmission(payload: JsonObject): payload is JsonObject & ViewSubmitAction {
  return payload.type === 'view_submission' && typeof payload.view === 'object';
}
