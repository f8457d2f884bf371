/**
 * What the local workspace server and its page say to each other. The server keeps Slack's own shapes for messages
 * and views (Block Kit JSON as the bot sent it) and adds only what a Slack client knows locally: who may see an
 * ephemeral message, which modals are open for the viewer, and the system notices that make gaps visible.
 * Imported by the browser bundle too, so it holds types only.
 */

/** Block Kit JSON exactly as the bot sent it; the page reads it defensively. */
export type BlockJson = Record<string, unknown>;

export interface LocalUser {
  id: string;
  name: string;
  realName: string;
  title: string;
  tz: string;
  isGuest: boolean;
  /** A workspace admin (users.info `is_admin`): may connect Shipwatch's key and change its settings in OAuth mode. */
  isAdmin?: boolean;
}

export interface ChannelMessage {
  kind: 'message';
  ts: string;
  /** Set on thread replies (the parent's ts); null for top-level messages. */
  threadTs: string | null;
  /** A user id, or the bot's user id for bot messages. */
  userId: string;
  isBot: boolean;
  text: string;
  blocks: BlockJson[];
  /** Only this user sees it ("Only visible to you"). */
  ephemeralTo: string | null;
  /** A thread reply also sent to the channel (`reply_broadcast`): shown in the thread and in the channel. */
  broadcast?: boolean;
  edited: boolean;
  /** A parent deleted while it had replies stays as a placeholder, as in Slack. */
  deleted: boolean;
  /** Bumped on every change so the page re-renders a message in place only when it changed. */
  version: number;
}

export interface SystemNotice {
  kind: 'notice';
  id: string;
  /** ms since epoch; orders notices among messages. */
  at: number;
  level: 'info' | 'warn' | 'error';
  text: string;
  detail: string | null;
  /** null = everyone sees it. */
  userId: string | null;
}

export type TimelineEntry = ChannelMessage | SystemNotice;

/** A top-level timeline entry with its thread replies (messages only have replies). */
export type ThreadedEntry = TimelineEntry & { replies: ChannelMessage[] };

export interface OpenModal {
  viewId: string;
  /** The full view object as views.open/update returned it (id, hash, blocks, title, submit, close, …). */
  view: BlockJson;
  hash: string;
  /** `response_action: errors` from the last submission, by block_id. */
  errors: Record<string, string>;
  version: number;
}

export interface CommandSuggestion {
  command: string;
  description: string;
}

export interface WorkspaceSnapshot {
  revision: number;
  team: { id: string; name: string };
  channel: { id: string; name: string; topic: string };
  bot: { userId: string; name: string };
  users: LocalUser[];
  viewerId: string;
  timeline: ThreadedEntry[];
  /** The viewer's modal stack, bottom first; the last one is visible. */
  modals: OpenModal[];
  suggestions: CommandSuggestion[];
  /** The viewer's Home tab as the bot last published it (views.publish); null before it published one. */
  home?: BlockJson | null;
  /** With installs (SHIPWATCH_LOCAL_OAUTH): the local workspaces to switch between, and Shipwatch's "Add to Slack". */
  installs?: LocalInstalls;
}

/** The local workspaces of an install demo and where each one's page is. */
export interface LocalInstalls {
  /** Shipwatch's `/slack/install` ("Add to Slack"). */
  installUrl: string;
  /** Whether Shipwatch is installed in this workspace. */
  installed: boolean;
  workspaces: Array<{ id: string; name: string; url: string; current: boolean; installed: boolean }>;
}

/** The page opened the app's Home tab (`POST /ui/home-opened`): the bot hears `app_home_opened`. */
export interface HomeOpenedRequest {
  userId: string;
}

/** The page's requests (POST /ui/<name>, JSON bodies). */
export interface CommandRequest {
  userId: string;
  text: string;
}

export type ActionSource =
  | { kind: 'message'; channelId: string; ts: string }
  | { kind: 'view'; viewId: string };

/** What the page read from one input element; the server turns it into Slack's state.values shape. */
export type InputValue =
  | { type: 'text'; value: string }
  | { type: 'option'; value: string | null }
  | { type: 'options'; values: string[] }
  | { type: 'date'; value: string | null };

/** block_id → action_id → value */
export type InputValues = Record<string, Record<string, InputValue>>;

export interface ActionRequest {
  userId: string;
  source: ActionSource;
  blockId: string;
  actionId: string;
  /** Overflow / select choice, by option value. */
  selectedValue?: string;
  /** Current modal input values when the action happens inside a view. */
  values?: InputValues;
}

export interface SubmitRequest {
  userId: string;
  viewId: string;
  values: InputValues;
}

export interface CloseRequest {
  userId: string;
  viewId: string;
}

export interface DismissRequest {
  userId: string;
  ts: string;
}

export interface UiResult {
  ok: boolean;
  error?: string;
}
