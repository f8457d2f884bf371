/**
 * Keeps the channel's DOM in step with snapshots without rebuilding it: every entry is keyed (message ts / notice
 * id) and an `<article>` is re-rendered in place only when its message changed. A card updated by chat.update
 * stays the same element, as in Slack, and the reader's scroll position and open menus survive unrelated changes.
 */
import type { ChannelMessage, ThreadedEntry, WorkspaceSnapshot } from '../../protocol.js';
import type { ClientState } from '../client/client-state.js';
import { pageClockEpoch } from '../client/page-clock.js';
import { renderContextFor } from '../client/render-context.js';
import type { RenderContext } from '../render/context.js';
import { type Author, messageClasses, renderMessageBody, renderNotice } from '../render/message.js';

function authorOf(snapshot: WorkspaceSnapshot, message: ChannelMessage): Author {
  if (message.isBot || message.userId === snapshot.bot.userId) {
    return { name: snapshot.bot.name, isBot: true, isGuest: false };
  }
  const user = snapshot.users.find((candidate) => candidate.id === message.userId);
  return { name: user?.realName ?? message.userId, isBot: false, isGuest: user?.isGuest ?? false };
}

function keyOf(entry: ThreadedEntry): string {
  return entry.kind === 'message' ? `m:${entry.ts}` : `n:${entry.id}`;
}

/** Writes a message into its <article>, only if the message (or the reader's zone) changed. */
function syncArticle(
  article: HTMLElement,
  message: ChannelMessage,
  isReply: boolean,
  snapshot: WorkspaceSnapshot,
  context: RenderContext,
) {
  const signature = `${message.version}|${context.timeZone}|${message.ephemeralTo ?? ''}|${pageClockEpoch()}`;
  if (article.dataset.signature === signature) return;
  article.dataset.signature = signature;
  article.className = messageClasses(message, isReply);
  article.innerHTML = renderMessageBody(message, authorOf(snapshot, message), context);
}

function syncThread(
  wrapper: HTMLElement,
  entry: ChannelMessage & { replies: ChannelMessage[] },
  state: ClientState,
  snapshot: WorkspaceSnapshot,
  context: RenderContext,
) {
  let thread = wrapper.querySelector<HTMLElement>(':scope > .thread');
  // Threads present when the page loaded were counted then (main.ts) and stay closed; a reply arriving while the
  // page is open (an audit line after a click) opens its thread so the reader sees it.
  const seen = state.replyCounts.get(entry.ts) ?? 0;
  if (entry.replies.length > seen) state.expandedThreads.add(entry.ts);
  state.replyCounts.set(entry.ts, entry.replies.length);
  if (entry.replies.length === 0) {
    thread?.remove();
    return;
  }
  const expanded = state.expandedThreads.has(entry.ts);

  if (!thread) {
    thread = document.createElement('div');
    thread.className = 'thread';
    thread.dataset.threadFor = entry.ts;
    thread.innerHTML =
      '<button type="button" class="thread__toggle" data-el="thread-toggle" aria-expanded="false"></button><div class="thread__replies"></div>';
    wrapper.append(thread);
  }
  const toggle = thread.querySelector<HTMLElement>('.thread__toggle');
  const replies = thread.querySelector<HTMLElement>('.thread__replies');
  if (!toggle || !replies) return;
  const count = entry.replies.length;
  toggle.textContent = `${expanded ? '▾' : '▸'} ${count} ${count === 1 ? 'reply' : 'replies'}`;
  toggle.setAttribute('aria-expanded', String(expanded));
  replies.hidden = !expanded;

  const existing = new Map<string, HTMLElement>();
  for (const child of Array.from(replies.querySelectorAll<HTMLElement>(':scope > article'))) {
    existing.set(child.dataset.ts ?? '', child);
  }
  entry.replies.forEach((reply, index) => {
    let article = existing.get(reply.ts);
    existing.delete(reply.ts);
    if (!article) {
      article = document.createElement('article');
      article.dataset.testid = 'message';
      article.dataset.ts = reply.ts;
    }
    syncArticle(article, reply, true, snapshot, context);
    if (replies.children[index] !== article) replies.insertBefore(article, replies.children[index] ?? null);
  });
  for (const stale of existing.values()) stale.remove();
}

export function renderTimeline(root: HTMLElement, state: ClientState): void {
  const snapshot = state.snapshot;
  if (!snapshot) return;
  const context = renderContextFor(snapshot, 'message');
  const existing = new Map<string, HTMLElement>();
  for (const child of Array.from(root.querySelectorAll<HTMLElement>(':scope > .entry')))
    existing.set(child.dataset.key ?? '', child);

  snapshot.timeline.forEach((entry, index) => {
    const key = keyOf(entry);
    let wrapper = existing.get(key);
    existing.delete(key);
    if (!wrapper) {
      wrapper = document.createElement('div');
      wrapper.className = 'entry';
      wrapper.dataset.key = key;
      if (entry.kind === 'message') {
        const article = document.createElement('article');
        article.dataset.testid = 'message';
        article.dataset.ts = entry.ts;
        wrapper.append(article);
      } else {
        wrapper.innerHTML = renderNotice(entry);
      }
    }
    if (entry.kind === 'message') {
      const article = wrapper.querySelector<HTMLElement>(':scope > article');
      if (article) syncArticle(article, entry, false, snapshot, context);
      syncThread(wrapper, entry, state, snapshot, context);
    }
    if (root.children[index] !== wrapper) root.insertBefore(wrapper, root.children[index] ?? null);
  });
  for (const stale of existing.values()) stale.remove();
}
