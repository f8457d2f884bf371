/**
 * The Web API methods the fake Slack answers, over a small in-memory workspace (messages, views, users, user groups).
 * Each method answers the way Slack does, including its errors (`not_in_channel`, `message_not_found`,
 * `exchanged_trigger_id`, `hash_conflict`, `invalid_blocks` over 50 blocks), so listeners meet real failure shapes.
 */

export interface FakeUser {
  id: string;
  name: string;
  tz: string;
  isRestricted: boolean;
  isUltraRestricted: boolean;
  isBot: boolean;
  deleted: boolean;
}

export interface StoredMessage {
  channel: string;
  ts: string;
  threadTs: string | null;
  text: string;
  blocks: unknown[];
}

export interface StoredView {
  id: string;
  hash: string;
  view: Record<string, unknown>;
}

export interface FakeWorkspace {
  channelErrors: Map<string, 'not_in_channel' | 'channel_not_found' | 'is_archived'>;
  users: Map<string, FakeUser>;
  usergroups: Map<string, string[]>;
  messages: Map<string, StoredMessage>;
  views: Map<string, StoredView>;
  usedTriggers: Set<string>;
  counter: number;
}

export const FAKE_BOT = { userId: 'U0SHIPBOT', botId: 'B0SHIPBOT', teamId: 'T0SHIPWATCH' } as const;

export function createFakeWorkspace(): FakeWorkspace {
  return {
    channelErrors: new Map(),
    users: new Map(),
    usergroups: new Map(),
    messages: new Map(),
    views: new Map(),
    usedTriggers: new Set(),
    counter: 0,
  };
}

export function defaultUser(id: string): FakeUser {
  return {
    id,
    name: id.toLowerCase(),
    tz: 'America/Los_Angeles',
    isRestricted: false,
    isUltraRestricted: false,
    isBot: false,
    deleted: false,
  };
}

export type Args = Record<string, unknown>;
export type MethodAnswer = Record<string, unknown>;

const MAX_MESSAGE_BLOCKS = 50;
const MAX_MODAL_BLOCKS = 100;

export const METHODS: Record<string, (ws: FakeWorkspace, args: Args) => MethodAnswer> = {
  'auth.test': () => ({
    ok: true,
    url: 'https://shipwatch-test.slack.com/',
    team: 'Shipwatch Test',
    user: 'shipwatch',
    team_id: FAKE_BOT.teamId,
    user_id: FAKE_BOT.userId,
    bot_id: FAKE_BOT.botId,
  }),

  'chat.postMessage': (ws, args) => {
    const channel = str(args.channel);
    const refusal = refuseMessage(ws, channel, args, MAX_MESSAGE_BLOCKS);
    if (refusal) return refusal;
    const ts = nextTs(ws);
    const message: StoredMessage = {
      channel,
      ts,
      threadTs: str(args.thread_ts) || null,
      text: str(args.text),
      blocks: Array.isArray(args.blocks) ? args.blocks : [],
    };
    ws.messages.set(key(channel, ts), message);
    return {
      ok: true,
      channel,
      ts,
      message: { type: 'message', ts, text: message.text, blocks: message.blocks, bot_id: FAKE_BOT.botId },
    };
  },

  'chat.update': (ws, args) => {
    const channel = str(args.channel);
    const refusal = refuseMessage(ws, channel, args, MAX_MESSAGE_BLOCKS);
    if (refusal) return refusal;
    const stored = ws.messages.get(key(channel, str(args.ts)));
    if (!stored) return { ok: false, error: 'message_not_found' };
    stored.text = str(args.text);
    stored.blocks = Array.isArray(args.blocks) ? args.blocks : [];
    return { ok: true, channel, ts: stored.ts, text: stored.text };
  },

  'chat.postEphemeral': (ws, args) => {
    const channel = str(args.channel);
    if (!str(args.user)) return { ok: false, error: 'user_not_in_channel' };
    const refusal = refuseMessage(ws, channel, args, MAX_MESSAGE_BLOCKS);
    if (refusal) return refusal;
    return { ok: true, message_ts: nextTs(ws) };
  },

  'views.open': (ws, args) => openView(ws, args),
  'views.push': (ws, args) => openView(ws, args),

  'views.update': (ws, args) => {
    const stored = ws.views.get(str(args.view_id));
    if (!stored) return { ok: false, error: 'not_found' };
    if (args.hash !== undefined && str(args.hash) !== stored.hash)
      return { ok: false, error: 'hash_conflict' };
    const view = asView(args.view);
    if (!view) return { ok: false, error: 'invalid_arguments' };
    if (tooManyBlocks(view, MAX_MODAL_BLOCKS)) return { ok: false, error: 'invalid_arguments' };
    stored.view = view;
    stored.hash = `hash-${++ws.counter}`;
    return { ok: true, view: { ...view, id: stored.id, hash: stored.hash } };
  },

  'users.info': (ws, args) => {
    const id = str(args.user);
    if (!id) return { ok: false, error: 'user_not_found' };
    const user = ws.users.get(id) ?? defaultUser(id);
    return {
      ok: true,
      user: {
        id: user.id,
        name: user.name,
        deleted: user.deleted,
        tz: user.tz,
        is_bot: user.isBot,
        is_restricted: user.isRestricted,
        is_ultra_restricted: user.isUltraRestricted,
      },
    };
  },

  'usergroups.users.list': (ws, args) => {
    const users = ws.usergroups.get(str(args.usergroup));
    if (!users) return { ok: false, error: 'no_such_subteam' };
    return { ok: true, users: [...users] };
  },
};

function openView(ws: FakeWorkspace, args: Args): MethodAnswer {
  const trigger = str(args.trigger_id);
  if (!trigger) return { ok: false, error: 'invalid_trigger_id' };
  if (ws.usedTriggers.has(trigger)) return { ok: false, error: 'exchanged_trigger_id' };
  const view = asView(args.view);
  if (!view) return { ok: false, error: 'invalid_arguments' };
  if (tooManyBlocks(view, MAX_MODAL_BLOCKS)) return { ok: false, error: 'invalid_arguments' };
  ws.usedTriggers.add(trigger);
  const id = `V${String(++ws.counter).padStart(8, '0')}`;
  const stored: StoredView = { id, hash: `hash-${++ws.counter}`, view };
  ws.views.set(id, stored);
  return { ok: true, view: { ...view, id, hash: stored.hash } };
}

function refuseMessage(
  ws: FakeWorkspace,
  channel: string,
  args: Args,
  maxBlocks: number,
): MethodAnswer | null {
  if (!channel) return { ok: false, error: 'channel_not_found' };
  const channelError = ws.channelErrors.get(channel);
  if (channelError) return { ok: false, error: channelError };
  if (!str(args.text) && !Array.isArray(args.blocks)) return { ok: false, error: 'no_text' };
  if (Array.isArray(args.blocks) && args.blocks.length > maxBlocks)
    return { ok: false, error: 'invalid_blocks' };
  if (str(args.text).length > 40_000) return { ok: false, error: 'msg_too_long' };
  return null;
}

function tooManyBlocks(view: Record<string, unknown>, max: number): boolean {
  return Array.isArray(view.blocks) && view.blocks.length > max;
}

function asView(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  // SAFETY: checked above that this is a non-array object; its fields are only read through `unknown`.
  return value as Record<string, unknown>;
}

function nextTs(ws: FakeWorkspace): string {
  ws.counter += 1;
  return `1700000000.${String(ws.counter).padStart(6, '0')}`;
}

function key(channel: string, ts: string): string {
  return `${channel}:${ts}`;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}
