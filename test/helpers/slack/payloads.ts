/**
 * Typed builders for the bodies Slack sends to the bot: slash commands (form fields), block_actions and
 * view_submission (a form with one `payload` field holding JSON). Shapes follow Slack's real payloads closely enough
 * for Bolt's routing and our listeners; anything a test does not care about gets a stable default.
 */
import type { BlockAction, ButtonAction, OverflowAction, SlashCommand, ViewSubmitAction } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';

export const TEST_TEAM = { id: 'T0SHIPWATCH', domain: 'shipwatch-test' } as const;
export const TEST_APP_ID = 'A0SHIPWATCH';
export const TEST_USER = { id: 'U0ALICE', name: 'alice' } as const;
export const TEST_CHANNEL = { id: 'C0OPS', name: 'ops' } as const;

let sequence = 0;
/** A process-unique suffix for trigger ids, action timestamps and view ids. */
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}${Date.now().toString(36)}${sequence.toString(36)}`.toUpperCase();
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
  return {
    token: 'legacy-verification-token',
    team_id: TEST_TEAM.id,
    team_domain: TEST_TEAM.domain,
    channel_id: input.channelId ?? TEST_CHANNEL.id,
    channel_name: input.channelName ?? TEST_CHANNEL.name,
    user_id: input.userId ?? TEST_USER.id,
    user_name: input.userName ?? TEST_USER.name,
    command: input.command,
    text: input.text ?? '',
    api_app_id: TEST_APP_ID,
    is_enterprise_install: 'false',
    response_url: input.responseUrl,
    trigger_id: input.triggerId ?? nextId('TRIG'),
  };
}

/** The form-encoded body Slack POSTs for a slash command. */
export function slashCommandBody(input: SlashCommandInput): string {
  const fields = slashCommand(input);
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.set(key, value);
  }
  return form.toString();
}

/** Where the clicked element lives: a message in a channel, or a modal. */
export type ActionContainer =
  | {
      kind: 'message';
      channelId?: string;
      messageTs: string;
      messageBlocks?: KnownBlock[];
      threadTs?: string;
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
  const actionTs = `${Math.floor(Date.now() / 1000)}.${String(++sequence).padStart(6, '0')}`;
  const blockId = input.blockId ?? nextId('B');
  const element: ButtonAction | OverflowAction =
    input.kind === 'overflow'
      ? {
          type: 'overflow',
          action_id: input.actionId,
          block_id: blockId,
          action_ts: actionTs,
          selected_option: {
            text: { type: 'plain_text', text: input.text ?? input.selectedValue },
            value: input.selectedValue,
          },
        }
      : {
          type: 'button',
          action_id: input.actionId,
          block_id: blockId,
          action_ts: actionTs,
          text: { type: 'plain_text', text: input.text ?? 'Button' },
          ...(input.value === undefined ? {} : { value: input.value }),
        };
  const user = {
    id: input.userId ?? TEST_USER.id,
    username: TEST_USER.name,
    name: TEST_USER.name,
    team_id: TEST_TEAM.id,
  };
  const common = {
    type: 'block_actions' as const,
    actions: [element],
    team: { ...TEST_TEAM },
    user,
    token: 'legacy-verification-token',
    response_url: input.responseUrl ?? '',
    trigger_id: input.triggerId ?? nextId('TRIG'),
    api_app_id: TEST_APP_ID,
    is_enterprise_install: false,
  };
  if (input.container.kind === 'view') {
    return {
      ...common,
      container: { type: 'view', view_id: input.container.viewId },
      view: viewOutput({
        viewId: input.container.viewId,
        callbackId: input.container.callbackId ?? '',
        privateMetadata: input.container.privateMetadata ?? '',
        values: {},
      }),
    };
  }
  const channelId = input.container.channelId ?? TEST_CHANNEL.id;
  return {
    ...common,
    container: {
      type: 'message',
      message_ts: input.container.messageTs,
      channel_id: channelId,
      is_ephemeral: false,
    },
    channel: { id: channelId, name: TEST_CHANNEL.name },
    message: {
      type: 'message',
      ts: input.container.messageTs,
      text: '',
      blocks: input.container.messageBlocks ?? [],
      ...(input.container.threadTs === undefined ? {} : { thread_ts: input.container.threadTs }),
    },
    state: { values: {} },
  };
}

/** A modal input's submitted state: plain text, or the value of a selected option. */
export type SubmittedValue = string | null | { selectedOption: string | null };

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
  return {
    type: 'view_submission',
    team: { ...TEST_TEAM },
    user: { id: input.userId ?? TEST_USER.id, name: TEST_USER.name, team_id: TEST_TEAM.id },
    view: viewOutput({
      viewId: input.viewId ?? nextId('V'),
      callbackId: input.callbackId,
      privateMetadata: input.privateMetadata ?? '',
      values: input.values,
    }),
    api_app_id: TEST_APP_ID,
    token: 'legacy-verification-token',
    trigger_id: input.triggerId ?? nextId('TRIG'),
    is_enterprise_install: false,
    response_urls: [],
  };
}

/** The form-encoded body Slack POSTs for interactions: `payload=<JSON>`. */
export function interactionBody(payload: BlockAction | ViewSubmitAction): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

function viewOutput(input: {
  viewId: string;
  callbackId: string;
  privateMetadata: string;
  values: Record<string, Record<string, SubmittedValue>>;
}): ViewSubmitAction['view'] {
  const values: ViewSubmitAction['view']['state']['values'] = {};
  for (const [blockId, actions] of Object.entries(input.values)) {
    const block: (typeof values)[string] = {};
    for (const [actionId, value] of Object.entries(actions)) {
      block[actionId] =
        value !== null && typeof value === 'object'
          ? {
              type: 'static_select',
              selected_option:
                value.selectedOption === null
                  ? null
                  : { text: { type: 'plain_text', text: value.selectedOption }, value: value.selectedOption },
            }
          : { type: 'plain_text_input', value };
    }
    values[blockId] = block;
  }
  return {
    id: input.viewId,
    callback_id: input.callbackId,
    team_id: TEST_TEAM.id,
    app_id: TEST_APP_ID,
    bot_id: 'B0SHIPWATCH',
    title: { type: 'plain_text', text: 'Shipwatch' },
    type: 'modal',
    blocks: [],
    close: null,
    submit: { type: 'plain_text', text: 'Save' },
    state: { values },
    hash: nextId('H'),
    private_metadata: input.privateMetadata,
    root_view_id: input.viewId,
    previous_view_id: null,
    clear_on_close: false,
    notify_on_close: false,
  };
}
