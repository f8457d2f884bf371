/**
 * What every fake Web API method can see and change. The methods (methods/*.ts) are the one fake Slack Web API; a
 * context says whose Slack they answer for: the local workspace's (one channel, its people, web-api.ts) or the
 * tests' and the bench's stand-in, where any channel and any person exist (test/helpers/slack/fake-slack-state.ts).
 */
import type { LocalUser } from '../protocol.js';
import type { JsonObject } from '../shared/json-reader.js';
import type { ChannelStore } from '../state/channel-store.js';
import type { FileStore } from '../state/file-store.js';
import type { TriggerRegistry } from '../state/trigger-registry.js';
import type { ViewStore } from '../state/view-store.js';
import type { HomeTabs } from './methods/home.js';
import type { OAuthGrants } from './oauth-grants.js';

/** The team and the bot, as auth.test, message authors and views name them. */
export interface SlackIdentity {
  team: { id: string; name: string; domain: string };
  bot: { userId: string; botId: string; appId: string; name: string };
  /** The Enterprise Grid organisation, when the workspace is in one. */
  enterprise?: { id: string; name: string } | null;
  /** The token is an org-wide install's (auth.test says so). */
  isEnterpriseInstall?: boolean;
}

/** The part of a channel's history the chat methods read and write. */
export type MessageStore = Pick<ChannelStore, 'post' | 'update' | 'remove' | 'get'>;

/** A conversation the bot may post in. */
export interface Conversation {
  id: string;
  messages: MessageStore;
  /** Slack's conversation object (conversations.info). */
  info(): JsonObject;
}

/** A person as users.info describes them; a single-channel guest is also a guest. */
export type DirectoryUser = LocalUser & {
  singleChannelGuest?: boolean;
  /** The person's own workspace when it is not this one (someone from another organisation in a shared channel). */
  homeTeamId?: string;
  /** Slack Connect: a person this workspace only sees through a shared channel. */
  isStranger?: boolean;
  /** Enterprise Grid: the organisation the person belongs to. */
  enterpriseId?: string;
  /** A workspace admin (users.info `is_admin`). */
  isAdmin?: boolean;
};

export interface WebApiContext {
  identity: SlackIdentity;
  /** The conversation a `channel` argument names, or the error Slack answers for it (e.g. channel_not_found). */
  conversation(channel: unknown): Conversation | { error: string };
  /** Someone in the workspace, or null (user_not_found). */
  user(id: unknown): DirectoryUser | null;
  /** A user group's members, or null (no_such_subteam). */
  usergroup(id: unknown): readonly string[] | null;
  views: Pick<ViewStore, 'open' | 'push' | 'update'>;
  triggers: Pick<TriggerRegistry, 'consume'>;
  now: () => number;
  /**
   * Installs (oauth-grants.ts): `oauth.v2.access`, and tokens that each act as their own workspace. Absent, only the
   * configured bot token exists.
   */
  oauth?: OAuthGrants;
  /**
   * Give blocks the ids Slack generates (generated-ids.ts). Off only where nothing posted is ever read back, so the
   * work would be wasted (the forgetful fake of unit tests and the bench).
   */
  generatesIds: boolean;
  /** Each person's App Home (views.publish); absent, views.publish is refused. */
  homes?: HomeTabs;
  /** The channels a person is a member of (users.conversations). */
  memberships?(userId: string): readonly string[];
  /** The app's direct message with a person (conversations.open): a conversation id `conversation` resolves. */
  directMessage?(userId: string): string | null;
  /** Files uploaded through files.getUploadURLExternal / completeUploadExternal. */
  files?: FileStore;
}

/** A Web API method: arguments in, Slack's JSON answer out (`ok: false` + `error` on failure, as Slack does). */
export type WebApiMethod = (args: JsonObject, context: WebApiContext) => JsonObject;

export function fail(error: string, extra: JsonObject = {}): JsonObject {
  return { ok: false, error, ...extra };
}

/** Slack's answer for blocks or views it refuses: the error lines in `errors` and `response_metadata.messages`. */
export function invalid(error: 'invalid_blocks' | 'invalid_arguments', lines: string[]): JsonObject {
  return fail(error, {
    errors: lines,
    response_metadata: { messages: lines.map((line) => `[ERROR] ${line}`) },
  });
}
