/**
 * The Slack the tests and the bench talk to, as a context for the one set of fake Web API methods
 * (src/workspace/web-api): any channel and any person exist (someone nobody described is a full member in Los
 * Angeles), guests and user groups are what the test sets, and a channel can be made to refuse the bot
 * (`not_in_channel`, …). Two memories:
 * - `kept`: messages, views and used trigger_ids are remembered, so chat.update of a message that was never posted
 *   answers `message_not_found`, a thread needs its parent, a view is updated by its id and hash, and a trigger_id
 *   works once, as in Slack.
 * - `forgetful`: nothing is kept. Every ts is one of the bot's messages and every view id is open, so unit tests can
 *   update cards they never posted and the bench can run for minutes without holding every card in memory.
 */
import type { ChannelMessage, LocalUser } from '../../../src/workspace/protocol.js';
import { createChannelStore, type NewMessage } from '../../../src/workspace/state/channel-store.js';
import { createFileStore, type FileStore } from '../../../src/workspace/state/file-store.js';
import { createViewStore, type ViewRecord } from '../../../src/workspace/state/view-store.js';
import type {
  Conversation,
  DirectoryUser,
  MessageStore,
  SlackIdentity,
  WebApiContext,
} from '../../../src/workspace/web-api/context.js';
import { createHomeTabs, type HomeTabs } from '../../../src/workspace/web-api/methods/home.js';
import { slackChannel } from '../../../src/workspace/web-api/slack-objects.js';

export type FakeSlackMemory = 'kept' | 'forgetful';

export type ChannelError = 'not_in_channel' | 'channel_not_found' | 'is_archived';

/** How a test describes a person; anything left out is a full member's default. */
export interface FakeUser {
  id: string;
  name?: string;
  tz?: string;
  /** A multi-channel guest. */
  isRestricted?: boolean;
  /** A single-channel guest. */
  isUltraRestricted?: boolean;
  /** Someone of another workspace (Slack Connect): their own team id, and whether Slack marks them a stranger. */
  homeTeamId?: string;
  isStranger?: boolean;
  enterpriseId?: string;
  /** A workspace admin. */
  isAdmin?: boolean;
}

export interface FakeSlackState {
  context: WebApiContext;
  setChannelError(channel: string, error: ChannelError | null): void;
  setUser(user: FakeUser): void;
  setUsergroup(id: string, userIds: readonly string[]): void;
  /** A message as Slack holds it (kept memory only). */
  message(channel: string, ts: string): ChannelMessage | null;
  /**
   * The channels `userId` is in (users.conversations). Until a test says, everyone is in every channel the fake has
   * seen a message in (kept memory), as in a small workspace where everyone joins every channel.
   */
  setMemberships(userId: string, channelIds: readonly string[]): void;
  /** Each person's published Home. */
  readonly homes: HomeTabs;
  /** Uploaded files. */
  readonly files: FileStore;
}

export function createFakeSlackState(options: {
  identity: SlackIdentity;
  memory: FakeSlackMemory;
  now?: () => number;
  /** Where upload and download URLs point (the fake's origin, known once it listens). */
  origin?: () => string;
}): FakeSlackState {
  const { identity, memory } = options;
  const now = options.now ?? Date.now;
  const channelErrors = new Map<string, ChannelError>();
  const users = new Map<string, DirectoryUser>();
  const usergroups = new Map<string, readonly string[]>();
  const conversations = new Map<string, Conversation>();
  const forgotten = forgetfulMessages(identity, now);

  const conversation = (channel: unknown): Conversation | { error: string } => {
    if (typeof channel !== 'string' || channel === '') return { error: 'channel_not_found' };
    const error = channelErrors.get(channel);
    if (error) return { error };
    const known = conversations.get(channel);
    if (known) return known;
    const created: Conversation = {
      id: channel,
      messages: memory === 'kept' ? createChannelStore(now) : forgotten,
      info: () => slackChannel({ id: channel, name: channel.toLowerCase(), topic: '', created: 0 }, 2),
    };
    if (memory === 'kept') conversations.set(channel, created);
    return created;
  };

  const viewIdentity = { teamId: identity.team.id, appId: identity.bot.appId, botId: identity.bot.botId };
  const memberships = new Map<string, readonly string[]>();
  const homes = createHomeTabs(now);
  const files = createFileStore(options.origin ?? (() => 'http://127.0.0.1'));
  return {
    homes,
    files,
    setMemberships: (userId, channelIds) => memberships.set(userId, [...channelIds]),
    context: {
      identity,
      conversation,
      user: (id) => (typeof id === 'string' && id !== '' ? (users.get(id) ?? member(id)) : null),
      usergroup: (id) => (typeof id === 'string' ? (usergroups.get(id) ?? null) : null),
      views: memory === 'kept' ? createViewStore(viewIdentity, now) : forgetfulViews(),
      triggers: memory === 'kept' ? onceEachTrigger() : anyTrigger(),
      now,
      generatesIds: memory === 'kept',
      homes,
      files,
      memberships: (userId) =>
        memberships.get(userId) ?? [...conversations.keys()].filter((id) => !id.startsWith('D')),
      // The app's direct message with a person: a conversation of its own, created on first use like any other.
      directMessage: (userId) => `D${userId}`,
    },
    setChannelError: (channel, error) => {
      if (error === null) channelErrors.delete(channel);
      else channelErrors.set(channel, error);
    },
    setUser: (user) => {
      const guest = Boolean(user.isRestricted || user.isUltraRestricted);
      users.set(user.id, {
        ...member(user.id),
        ...(user.name ? { name: user.name, realName: user.name } : {}),
        ...(user.tz ? { tz: user.tz } : {}),
        isGuest: guest,
        singleChannelGuest: user.isUltraRestricted === true,
        ...(user.homeTeamId ? { homeTeamId: user.homeTeamId } : {}),
        ...(user.isStranger ? { isStranger: true } : {}),
        ...(user.enterpriseId ? { enterpriseId: user.enterpriseId } : {}),
        ...(user.isAdmin ? { isAdmin: true } : {}),
      });
    },
    setUsergroup: (id, userIds) => usergroups.set(id, [...userIds]),
    message: (channel, ts) => conversations.get(channel)?.messages.get(ts) ?? null,
  };
}

function member(id: string): LocalUser {
  return { id, name: id.toLowerCase(), realName: id, title: '', tz: 'America/Los_Angeles', isGuest: false };
}

/** trigger_ids as the tests send them: any unused one opens a view once (each for a user of its own). */
function onceEachTrigger(): WebApiContext['triggers'] {
  const used = new Set<string>();
  return {
    consume(triggerId) {
      if (used.has(triggerId)) return { ok: false, error: 'exchanged_trigger_id' };
      used.add(triggerId);
      return { ok: true, userId: `trigger:${triggerId}` };
    },
  };
}

function anyTrigger(): WebApiContext['triggers'] {
  return { consume: () => ({ ok: true, userId: 'U0ANYONE' }) };
}

/** Messages that are posted and then forgotten; any ts asked for is one of the bot's. */
function forgetfulMessages(identity: SlackIdentity, now: () => number): MessageStore {
  let serial = 0;
  const botMessage = (ts: string, change: Partial<ChannelMessage> = {}): ChannelMessage => ({
    kind: 'message',
    ts,
    threadTs: null,
    userId: identity.bot.userId,
    isBot: true,
    text: '',
    blocks: [],
    ephemeralTo: null,
    edited: false,
    deleted: false,
    version: 1,
    ...change,
  });
  return {
    post: (input: NewMessage) => {
      serial += 1;
      const ts = `${Math.floor(now() / 1000)}.${String(serial % 1_000_000).padStart(6, '0')}`;
      return botMessage(ts, {
        userId: input.userId,
        isBot: input.isBot,
        text: input.text,
        blocks: input.blocks,
        threadTs: input.threadTs ?? null,
        ephemeralTo: input.ephemeralTo ?? null,
      });
    },
    get: (ts) => botMessage(ts),
    update: (ts, change) => botMessage(ts, { ...change, edited: true, version: 2 }),
    remove: () => true,
  };
}

/** Views that are opened and then forgotten; any view id can be updated. */
function forgetfulViews(): WebApiContext['views'] {
  let serial = 0;
  const record = (viewId: string, view: Record<string, unknown>): ViewRecord => {
    serial += 1;
    const hash = `${viewId}-${serial}`;
    return { userId: 'U0ANYONE', viewId, hash, view: { ...view, id: viewId, hash }, errors: {}, version: 1 };
  };
  return {
    open: (_userId, view) => record(`V0FORGET${++serial}`, view),
    push: (_userId, view) => ({ ok: true, record: record(`V0FORGET${++serial}`, view) }),
    update: (target, view) => ({
      ok: true,
      record: record(target.viewId ?? `V0EXTERNAL${target.externalId ?? ''}`, view),
    }),
  };
}
