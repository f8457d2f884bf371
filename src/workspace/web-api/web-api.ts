/**
 * The fake Slack Web API: `POST /api/<method>`, the token checked, one function per method (methods/*.ts). Methods
 * it does not implement answer `unknown_method`. For the local workspace every failure also becomes a notice on the
 * page, so a bot that needs more of Slack than the stand-in offers shows the gap instead of failing silently. The
 * tests and the bench serve the same methods over another context (test/helpers/slack/fake-slack-api.ts).
 */
import type { WorkspaceIdentity } from '../identity.js';
import type { JsonObject } from '../shared/json-reader.js';
import type { ChannelStore } from '../state/channel-store.js';
import type { FileStore } from '../state/file-store.js';
import type { TriggerRegistry } from '../state/trigger-registry.js';
import type { ViewStore } from '../state/view-store.js';
import type { Conversation, WebApiContext, WebApiMethod } from './context.js';
import * as chat from './methods/chat.js';
import * as directory from './methods/directory.js';
import * as files from './methods/files.js';
import * as home from './methods/home.js';
import { oauthV2Access } from './methods/oauth.js';
import * as views from './methods/views.js';
import type { OAuthGrants } from './oauth-grants.js';
import { parseApiRequest } from './parse-args.js';
import { slackChannel } from './slack-objects.js';

const METHODS: Record<string, WebApiMethod> = {
  'auth.test': directory.authTest,
  'chat.postMessage': chat.postMessage,
  'chat.update': chat.update,
  'chat.postEphemeral': chat.postEphemeral,
  'chat.delete': chat.remove,
  'chat.getPermalink': chat.getPermalink,
  'views.open': views.open,
  'views.update': views.update,
  'views.push': views.push,
  'users.info': directory.usersInfo,
  'usergroups.users.list': directory.usergroupsUsersList,
  'conversations.info': directory.conversationsInfo,
  'conversations.open': home.conversationsOpen,
  'users.conversations': home.usersConversations,
  'views.publish': home.viewsPublish,
  'files.getUploadURLExternal': files.getUploadUrlExternal,
  'files.completeUploadExternal': files.completeUploadExternal,
};

/** Methods called without a token (the app authenticates with its client id and secret). */
const TOKENLESS: Record<string, WebApiMethod> = {
  'oauth.v2.access': oauthV2Access,
};

export const WEB_API_METHODS: readonly string[] = [...Object.keys(METHODS), ...Object.keys(TOKENLESS)];

/**
 * Slack's answer to `method` called with `token`: not_authed without one; for a token an install issued
 * (`context.oauth`), its error when Slack refuses it (replaced, expired, revoked), else the method answered as that
 * token's own workspace; invalid_auth for any other token than `botToken` (any passes when `botToken` is null);
 * unknown_method for a method the fake lacks, else the method's answer.
 */
export function answerWebApiCall(
  method: string,
  token: string | null,
  args: JsonObject,
  context: WebApiContext,
  botToken: string | null,
): JsonObject {
  const tokenless = TOKENLESS[method];
  if (tokenless) return tokenless(args, context);
  if (token === null) return { ok: false, error: 'not_authed' };
  const implementation = METHODS[method];
  const holder = context.oauth?.holder(token) ?? null;
  if (holder !== null) {
    if ('error' in holder) return { ok: false, error: holder.error };
    if (!implementation) return { ok: false, error: 'unknown_method' };
    const { grant } = holder;
    return implementation(args, {
      ...context,
      identity: {
        ...grant.identity,
        enterprise: grant.enterprise,
        isEnterpriseInstall: grant.isEnterpriseInstall,
      },
    });
  }
  if (botToken !== null && token !== botToken) return { ok: false, error: 'invalid_auth' };
  if (!implementation) return { ok: false, error: 'unknown_method' };
  return implementation(args, context);
}

export interface WebApiRequest {
  method: string;
  contentType: string | undefined;
  authorization: string | undefined;
  body: string;
}

export interface WebApi {
  handle(request: WebApiRequest): JsonObject;
}

/** What the local workspace holds that its Web API answers from. */
export interface WorkspaceState {
  identity: WorkspaceIdentity;
  channel: ChannelStore;
  views: ViewStore;
  triggers: TriggerRegistry;
  now: () => number;
  /** Installs the local workspace answers (oauth.v2.access, a token per installed workspace); none by default. */
  oauth?: OAuthGrants;
  homes?: home.HomeTabs;
  files?: FileStore;
}

export function createWebApi(state: WorkspaceState): WebApi {
  const context = workspaceContext(state);
  return {
    handle(request) {
      const { token, args } = parseApiRequest(request.contentType, request.authorization, request.body);
      const result = answerWebApiCall(request.method, token, args, context, state.identity.botToken);
      if (result.ok !== true) reportFailure(request.method, result, state.channel);
      return result;
    },
  };
}

/** The local workspace as Slack: one channel (by id, `name` or `#name`), its people and its user group. */
function workspaceContext(state: WorkspaceState): WebApiContext {
  const { identity } = state;
  const channel: Conversation = {
    id: identity.channel.id,
    messages: state.channel,
    info: () => slackChannel(identity.channel, identity.users.length + 1),
  };
  const names = new Set([identity.channel.id, identity.channel.name, `#${identity.channel.name}`]);
  return {
    identity,
    conversation: (name) => {
      if (typeof name === 'string' && names.has(name)) return channel;
      const person = typeof name === 'string' ? directMessageOf(name, identity) : null;
      return person ? directMessage(person, state.channel) : { error: 'channel_not_found' };
    },
    // The stand-in has one channel, and everyone is in it.
    memberships: () => [identity.channel.id],
    directMessage: (userId) => (identity.users.some((user) => user.id === userId) ? `D${userId}` : null),
    ...(state.homes ? { homes: state.homes } : {}),
    ...(state.files ? { files: state.files } : {}),
    user: (id) => identity.users.find((candidate) => candidate.id === id) ?? null,
    usergroup: (id) => identity.usergroups.find((candidate) => candidate.id === id)?.userIds ?? null,
    views: state.views,
    triggers: state.triggers,
    now: state.now,
    generatesIds: true,
    ...(state.oauth ? { oauth: state.oauth } : {}),
  };
}

function directMessageOf(name: string, identity: WorkspaceIdentity): string | null {
  if (!name.startsWith('D')) return null;
  const userId = name.slice(1);
  return identity.users.some((user) => user.id === userId) ? userId : null;
}

/**
 * The app's direct message with a person. The stand-in shows one channel, so what the bot sends there appears in it
 * as a message only that person sees, marked as sent to them privately.
 */
function directMessage(userId: string, channel: ChannelStore): Conversation {
  return {
    id: `D${userId}`,
    messages: {
      post: (message) => channel.post({ ...message, threadTs: null, ephemeralTo: userId }),
      update: (ts, change) => channel.update(ts, change),
      remove: (ts) => channel.remove(ts),
      get: (ts) => channel.get(ts),
    },
    info: () => ({ id: `D${userId}`, is_im: true, user: userId }),
  };
}

function reportFailure(method: string, result: JsonObject, channel: ChannelStore): void {
  const error = String(result.error);
  const details = Array.isArray(result.errors) ? result.errors.map(String).join('\n') : null;
  const text =
    error === 'unknown_method'
      ? `The bot called ${method}, which the local workspace does not implement (unknown_method).`
      : `The bot called ${method} and Slack would answer "${error}".`;
  channel.notice({ level: error === 'unknown_method' ? 'warn' : 'error', text, detail: details });
}
