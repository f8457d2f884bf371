/**
 * The channel's history: messages (with thread replies and ephemeral recipients) and system notices, in order.
 * Message timestamps follow Slack's `seconds.micros` format and are strictly increasing, because bots use them as
 * message ids (chat.update, thread_ts) and the page uses them as element keys.
 */
import type { BlockJson, ChannelMessage, MessageUnfurl, SystemNotice, TimelineEntry } from '../protocol.js';

export interface NewMessage {
  userId: string;
  isBot: boolean;
  text: string;
  blocks: BlockJson[];
  threadTs?: string | null;
  ephemeralTo?: string | null;
  /** A thread reply also sent to the channel (`reply_broadcast`). */
  broadcast?: boolean;
}

export interface NewNotice {
  level: SystemNotice['level'];
  text: string;
  detail?: string | null;
  userId?: string | null;
}

export interface ChannelStore {
  post(message: NewMessage): ChannelMessage;
  /** Replaces text and/or blocks; keeps what is not given (as chat.update does). */
  update(ts: string, change: { text?: string; blocks?: BlockJson[] }): ChannelMessage | null;
  /** Deletes a message; a parent with replies becomes a "deleted" placeholder. */
  remove(ts: string): boolean;
  /** Attaches link previews (chat.unfurl); a later preview of the same URL replaces the earlier one. */
  attachUnfurls(ts: string, unfurls: readonly MessageUnfurl[]): ChannelMessage | null;
  get(ts: string): ChannelMessage | null;
  notice(notice: NewNotice): SystemNotice;
  entries(): readonly TimelineEntry[];
  onChange(listener: () => void): () => void;
}

export function createChannelStore(now: () => number = Date.now): ChannelStore {
  const entries: TimelineEntry[] = [];
  const listeners = new Set<() => void>();
  let last = { seconds: 0, micros: 0 };
  let noticeSeq = 0;

  const changed = () => {
    for (const listener of listeners) listener();
  };

  const nextTs = (): string => {
    const ms = now();
    const seconds = Math.floor(ms / 1000);
    const micros = (ms % 1000) * 1000;
    if (seconds > last.seconds || (seconds === last.seconds && micros > last.micros)) {
      last = { seconds, micros };
    } else if (last.micros < 999_999) {
      last = { seconds: last.seconds, micros: last.micros + 1 };
    } else {
      last = { seconds: last.seconds + 1, micros: 0 };
    }
    return `${last.seconds}.${String(last.micros).padStart(6, '0')}`;
  };

  const find = (ts: string): ChannelMessage | null => {
    for (const entry of entries) if (entry.kind === 'message' && entry.ts === ts) return entry;
    return null;
  };

  return {
    post(input) {
      const message: ChannelMessage = {
        kind: 'message',
        ts: nextTs(),
        threadTs: input.threadTs ?? null,
        userId: input.userId,
        isBot: input.isBot,
        text: input.text,
        blocks: input.blocks,
        ephemeralTo: input.ephemeralTo ?? null,
        broadcast: input.broadcast ?? false,
        edited: false,
        deleted: false,
        version: 1,
      };
      entries.push(message);
      changed();
      return message;
    },
    update(ts, change) {
      const message = find(ts);
      if (!message || message.deleted) return null;
      if (change.text !== undefined) message.text = change.text;
      if (change.blocks !== undefined) message.blocks = change.blocks;
      message.edited = true;
      message.version += 1;
      changed();
      return message;
    },
    remove(ts) {
      const message = find(ts);
      if (!message || message.deleted) return false;
      const hasReplies = entries.some((e) => e.kind === 'message' && e.threadTs === ts && e.ts !== ts);
      if (hasReplies) {
        message.deleted = true;
        message.text = '';
        message.blocks = [];
        message.version += 1;
      } else {
        entries.splice(entries.indexOf(message), 1);
      }
      changed();
      return true;
    },
    attachUnfurls(ts, unfurls) {
      const message = find(ts);
      if (!message || message.deleted) return null;
      const urls = new Set(unfurls.map((unfurl) => unfurl.url));
      message.unfurls = [...(message.unfurls ?? []).filter((u) => !urls.has(u.url)), ...unfurls];
      message.version += 1;
      changed();
      return message;
    },
    get: find,
    notice(input) {
      noticeSeq += 1;
      const notice: SystemNotice = {
        kind: 'notice',
        id: `notice-${noticeSeq}`,
        at: now(),
        level: input.level,
        text: input.text,
        detail: input.detail ?? null,
        userId: input.userId ?? null,
      };
      entries.push(notice);
      changed();
      return notice;
    },
    entries: () => entries,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
