/**
 * The bodies Slack sends to an app, field for field: slash commands as plain form fields, interactions
 * (block_actions, view_submission, view_closed) as a JSON `payload` form field. Shapes follow Slack's docs and
 * what Bolt reads from them (user, team, channel, container, message, actions, view.state.values, trigger_id,
 * response_url). The one payload builder: the local workspace sends these, and the tests and the bench build theirs
 * here too, each with its own `PayloadSource` (which team and app the payloads come from).
 */
import type { JsonObject } from '../shared/json-reader.js';

/** Who sends the payloads (the workspace's identity, or a test's or the bench's stand-in for it). */
export interface PayloadSource {
  team: { id: string; domain: string };
  bot: { appId: string; botId: string };
  /** The conversation payloads come from unless an input names another. */
  channel: { id: string; name: string };
  /** The legacy verification token Slack still puts in payloads (Bolt ignores it). */
  verificationToken: string;
}

export interface PayloadUser {
  id: string;
  name: string;
}

export interface PayloadChannel {
  id: string;
  name: string;
}

/** A type alias (not an interface) so it is a `Record<string, string>` for the form and Bolt's `SlashCommand`. */
export type SlashCommandFields = {
  token: string;
  team_id: string;
  team_domain: string;
  channel_id: string;
  channel_name: string;
  user_id: string;
  user_name: string;
  command: string;
  text: string;
  api_app_id: string;
  is_enterprise_install: string;
  response_url: string;
  trigger_id: string;
};

export interface SlashCommandInput {
  user: PayloadUser;
  command: string;
  text: string;
  responseUrl: string;
  triggerId: string;
  /** Default: the source's channel. */
  channel?: PayloadChannel;
}

export function slashCommandFields(source: PayloadSource, input: SlashCommandInput): SlashCommandFields {
  const channel = input.channel ?? source.channel;
  return {
    token: source.verificationToken,
    team_id: source.team.id,
    team_domain: source.team.domain,
    channel_id: channel.id,
    channel_name: channel.name,
    user_id: input.user.id,
    user_name: input.user.name,
    command: input.command,
    text: input.text,
    api_app_id: source.bot.appId,
    is_enterprise_install: 'false',
    response_url: input.responseUrl,
    trigger_id: input.triggerId,
  };
}

function payloadUser(source: PayloadSource, user: PayloadUser): JsonObject {
  return { id: user.id, username: user.name, name: user.name, team_id: source.team.id };
}

function common(source: PayloadSource, user: PayloadUser): JsonObject {
  return {
    user: payloadUser(source, user),
    api_app_id: source.bot.appId,
    token: source.verificationToken,
    team: { id: source.team.id, domain: source.team.domain },
    enterprise: null,
    is_enterprise_install: false,
  };
}

export type ActionOrigin =
  | {
      kind: 'message';
      /** Default: the source's channel. */
      channel?: PayloadChannel;
      messageTs: string;
      threadTs: string | null;
      isEphemeral: boolean;
      /** Slack's message object; absent for ephemeral messages, as in Slack. */
      message: JsonObject | null;
      responseUrl: string;
    }
  | { kind: 'view'; view: JsonObject }
  /** A button in a Work Object's flexpane: no message and no view (the local stand-in's container shape). */
  | { kind: 'flexpane' };

export interface BlockActionsInput {
  user: PayloadUser;
  origin: ActionOrigin;
  /** `actions[0]`: see `clickedButton` and `chosenOption` for the common elements. */
  action: JsonObject;
  triggerId: string;
  stateValues: JsonObject;
}

export function blockActionsPayload(source: PayloadSource, input: BlockActionsInput): JsonObject {
  const { origin } = input;
  let where: JsonObject;
  if (origin.kind === 'message') {
    const channel = origin.channel ?? source.channel;
    where = {
      container: {
        type: 'message',
        message_ts: origin.messageTs,
        channel_id: channel.id,
        is_ephemeral: origin.isEphemeral,
        ...(origin.threadTs ? { thread_ts: origin.threadTs } : {}),
      },
      channel: { id: channel.id, name: channel.name },
      ...(origin.message ? { message: origin.message } : {}),
      response_url: origin.responseUrl,
      state: { values: input.stateValues },
    };
  } else if (origin.kind === 'flexpane') {
    where = { container: { type: 'entity_detail' } };
  } else {
    where = {
      container: { type: 'view', view_id: origin.view.id },
      view: { ...origin.view, state: { values: input.stateValues } },
    };
  }
  return {
    type: 'block_actions',
    ...common(source, input.user),
    ...where,
    trigger_id: input.triggerId,
    actions: [input.action],
  };
}

export interface MessageShortcutInput {
  user: PayloadUser;
  callbackId: string;
  /** Default: the source's channel. */
  channel?: PayloadChannel;
  /** The message the shortcut was used on, as Slack sends it (`type`, `user`, `ts`, `text`, `thread_ts`?…). */
  message: JsonObject;
  triggerId: string;
  actionTs: string;
  responseUrl: string;
}

/** A message shortcut ("More actions" on a message), as Slack POSTs it: `type: message_action`. */
export function messageShortcutPayload(source: PayloadSource, input: MessageShortcutInput): JsonObject {
  const channel = input.channel ?? source.channel;
  return {
    type: 'message_action',
    ...common(source, input.user),
    callback_id: input.callbackId,
    trigger_id: input.triggerId,
    action_ts: input.actionTs,
    message_ts: input.message.ts ?? null,
    channel: { id: channel.id, name: channel.name },
    message: input.message,
    response_url: input.responseUrl,
  };
}

/** A clicked button as `actions[0]` carries it. */
export function clickedButton(input: {
  actionId: string;
  blockId: string;
  actionTs: string;
  text: string;
  value?: string;
}): JsonObject {
  return {
    type: 'button',
    action_id: input.actionId,
    block_id: input.blockId,
    action_ts: input.actionTs,
    text: { type: 'plain_text', text: input.text },
    ...(input.value === undefined ? {} : { value: input.value }),
  };
}

/** An option chosen in an overflow menu or a select, as `actions[0]` carries it. */
export function chosenOption(input: {
  type: 'overflow' | 'static_select';
  actionId: string;
  blockId: string;
  actionTs: string;
  value: string;
  text: string;
}): JsonObject {
  return {
    type: input.type,
    action_id: input.actionId,
    block_id: input.blockId,
    action_ts: input.actionTs,
    selected_option: { text: { type: 'plain_text', text: input.text }, value: input.value },
  };
}

/** A modal as Slack holds it once opened (what interaction payloads carry in `view`). */
export function openedModal(
  source: PayloadSource,
  input: { viewId: string; callbackId: string; privateMetadata: string; hash: string; blocks?: unknown[] },
): JsonObject {
  return {
    id: input.viewId,
    team_id: source.team.id,
    type: 'modal',
    blocks: input.blocks ?? [],
    private_metadata: input.privateMetadata,
    callback_id: input.callbackId,
    state: { values: {} },
    hash: input.hash,
    title: { type: 'plain_text', text: 'Shipwatch' },
    close: null,
    submit: { type: 'plain_text', text: 'Save' },
    clear_on_close: false,
    notify_on_close: false,
    root_view_id: input.viewId,
    previous_view_id: null,
    app_id: source.bot.appId,
    external_id: '',
    app_installed_team_id: source.team.id,
    bot_id: source.bot.botId,
  };
}

/** What a person entered in one input: typed text (null when empty), or the value of the chosen option. */
export type EnteredValue = string | null | { selectedOption: string | null };

/**
 * `view.state.values` for entered values (block_id → action_id → value), text inputs as `plain_text_input` and choices
 * as `static_select`; for callers that know the values but not the view's elements (the workspace's page reads the
 * element types from the view itself).
 */
export function enteredState(
  values: Readonly<Record<string, Readonly<Record<string, EnteredValue>>>>,
): JsonObject {
  const state: JsonObject = {};
  for (const [blockId, actions] of Object.entries(values)) {
    const block: JsonObject = {};
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
    state[blockId] = block;
  }
  return state;
}

export function viewSubmissionPayload(
  source: PayloadSource,
  input: { user: PayloadUser; view: JsonObject; stateValues: JsonObject; triggerId: string },
): JsonObject {
  return {
    type: 'view_submission',
    ...common(source, input.user),
    trigger_id: input.triggerId,
    view: { ...input.view, state: { values: input.stateValues } },
    response_urls: [],
  };
}

export function viewClosedPayload(
  source: PayloadSource,
  input: { user: PayloadUser; view: JsonObject; stateValues: JsonObject },
): JsonObject {
  return {
    type: 'view_closed',
    ...common(source, input.user),
    view: { ...input.view, state: { values: input.stateValues } },
    is_cleared: false,
  };
}

/** Interactions travel as one form field, `payload`, holding the JSON. */
export function interactionFields(payload: JsonObject): Record<string, string> {
  return { payload: JSON.stringify(payload) };
}

/** The form-encoded body Slack POSTs (the bytes that get signed). */
export function formBody(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(fields).toString();
}

/**
 * An Events API body (`event_callback`, sent as JSON): the envelope Slack wraps every event in, with an event id
 * unique per delivery (`eventId`).
 */
export function eventCallback(
  source: PayloadSource,
  event: JsonObject,
  eventId: string,
  at: number,
): JsonObject {
  return {
    token: source.verificationToken,
    team_id: source.team.id,
    api_app_id: source.bot.appId,
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(at / 1000),
    authorizations: [{ team_id: source.team.id, user_id: source.bot.botId, is_bot: true }],
    is_ext_shared_channel: false,
  };
}

/** `link_shared` for links of a posted message (`source: conversations_history`). */
export function linkSharedEvent(input: {
  channelId: string;
  userId: string;
  messageTs: string;
  urls: readonly string[];
  unfurlId: string;
  at: number;
}): JsonObject {
  return {
    type: 'link_shared',
    channel: input.channelId,
    is_bot_user_member: true,
    user: input.userId,
    message_ts: input.messageTs,
    unfurl_id: input.unfurlId,
    source: 'conversations_history',
    links: input.urls.map((url) => ({ domain: hostOf(url), url })),
    event_ts: `${(input.at / 1000).toFixed(6)}`,
  };
}

/** `entity_details_requested`: someone opened a Work Object previewing `url`. */
export function entityDetailsRequestedEvent(input: {
  channelId: string;
  userId: string;
  messageTs: string;
  triggerId: string;
  url: string;
  entityUrl: string;
  externalRef: { id: string; type?: string };
  at: number;
}): JsonObject {
  return {
    type: 'entity_details_requested',
    user: input.userId,
    trigger_id: input.triggerId,
    link: { url: input.url, domain: hostOf(input.url) },
    entity_url: input.entityUrl,
    app_unfurl_url: input.url,
    user_locale: 'en-US',
    event_ts: `${(input.at / 1000).toFixed(6)}`,
    external_ref: input.externalRef,
    channel: input.channelId,
    message_ts: input.messageTs,
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
