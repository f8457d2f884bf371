/**
 * The bodies Slack sends to an app, field for field: slash commands as plain form fields, interactions
 * (block_actions, view_submission, view_closed) as a JSON `payload` form field. Shapes follow Slack's docs and
 * what Bolt reads from them (user, team, channel, container, message, actions, view.state.values, trigger_id,
 * response_url).
 */
import type { WorkspaceIdentity } from '../identity.js';
import type { LocalUser } from '../protocol.js';
import type { JsonObject } from '../shared/json-reader.js';

export interface SlashCommandInput {
  user: LocalUser;
  command: string;
  text: string;
  responseUrl: string;
  triggerId: string;
}

export function slashCommandFields(
  identity: WorkspaceIdentity,
  input: SlashCommandInput,
): Record<string, string> {
  return {
    token: identity.verificationToken,
    team_id: identity.team.id,
    team_domain: identity.team.domain,
    channel_id: identity.channel.id,
    channel_name: identity.channel.name,
    user_id: input.user.id,
    user_name: input.user.name,
    command: input.command,
    text: input.text,
    api_app_id: identity.bot.appId,
    is_enterprise_install: 'false',
    response_url: input.responseUrl,
    trigger_id: input.triggerId,
  };
}

function payloadUser(identity: WorkspaceIdentity, user: LocalUser): JsonObject {
  return { id: user.id, username: user.name, name: user.name, team_id: identity.team.id };
}

function common(identity: WorkspaceIdentity, user: LocalUser): JsonObject {
  return {
    user: payloadUser(identity, user),
    api_app_id: identity.bot.appId,
    token: identity.verificationToken,
    team: { id: identity.team.id, domain: identity.team.domain },
    enterprise: null,
    is_enterprise_install: false,
  };
}

export type ActionOrigin =
  | {
      kind: 'message';
      messageTs: string;
      threadTs: string | null;
      isEphemeral: boolean;
      /** Slack's message object; absent for ephemeral messages, as in Slack. */
      message: JsonObject | null;
      responseUrl: string;
    }
  | { kind: 'view'; view: JsonObject };

export interface BlockActionsInput {
  user: LocalUser;
  origin: ActionOrigin;
  action: JsonObject;
  triggerId: string;
  stateValues: JsonObject;
}

export function blockActionsPayload(identity: WorkspaceIdentity, input: BlockActionsInput): JsonObject {
  const { origin } = input;
  const channel = { id: identity.channel.id, name: identity.channel.name };
  const where: JsonObject =
    origin.kind === 'message'
      ? {
          container: {
            type: 'message',
            message_ts: origin.messageTs,
            channel_id: identity.channel.id,
            is_ephemeral: origin.isEphemeral,
            ...(origin.threadTs ? { thread_ts: origin.threadTs } : {}),
          },
          channel,
          ...(origin.message ? { message: origin.message } : {}),
          response_url: origin.responseUrl,
          state: { values: input.stateValues },
        }
      : {
          container: { type: 'view', view_id: origin.view.id },
          view: { ...origin.view, state: { values: input.stateValues } },
        };
  return {
    type: 'block_actions',
    ...common(identity, input.user),
    ...where,
    trigger_id: input.triggerId,
    actions: [input.action],
  };
}

export function viewSubmissionPayload(
  identity: WorkspaceIdentity,
  input: { user: LocalUser; view: JsonObject; stateValues: JsonObject; triggerId: string },
): JsonObject {
  return {
    type: 'view_submission',
    ...common(identity, input.user),
    trigger_id: input.triggerId,
    view: { ...input.view, state: { values: input.stateValues } },
    response_urls: [],
  };
}

export function viewClosedPayload(
  identity: WorkspaceIdentity,
  input: { user: LocalUser; view: JsonObject; stateValues: JsonObject },
): JsonObject {
  return {
    type: 'view_closed',
    ...common(identity, input.user),
    view: { ...input.view, state: { values: input.stateValues } },
    is_cleared: false,
  };
}

/** Interactions travel as one form field, `payload`, holding the JSON. */
export function interactionFields(payload: JsonObject): Record<string, string> {
  return { payload: JSON.stringify(payload) };
}
