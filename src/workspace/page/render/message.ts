/**
 * A channel message as Slack lays it out: avatar, author (with an APP badge for the bot), time in the reader's
 * zone, "(edited)", then the blocks — or the text when there are none. Ephemeral messages carry Slack's "Only
 * visible to you" line; notices from the stand-in itself are styled apart so they are never mistaken for the bot.
 */
import type { ChannelMessage, SystemNotice } from '../../protocol.js';
import { MESSAGE_SHORTCUTS } from '../../shared/message-shortcuts.js';
import { renderBlocks } from './blocks.js';
import type { RenderContext } from './context.js';
import { escapeHtml } from './escape.js';
import { mrkdwnToHtml } from './mrkdwn.js';
import { renderUnfurls } from './unfurl.js';

export interface Author {
  name: string;
  isBot: boolean;
  isGuest: boolean;
}

export function messageClasses(message: ChannelMessage, isReply: boolean): string {
  return [
    'msg',
    message.isBot ? 'msg--bot' : '',
    message.ephemeralTo ? 'msg--ephemeral' : '',
    isReply ? 'msg--reply' : '',
    message.deleted ? 'msg--deleted' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The inside of `<article class="msg">`; the article itself is kept across updates. */
export function renderMessageBody(message: ChannelMessage, author: Author, context: RenderContext): string {
  if (message.deleted) {
    return `<div class="msg__avatar msg__avatar--deleted" aria-hidden="true"></div><div class="msg__main"><div class="msg__content msg__content--deleted">This message was deleted.</div></div>`;
  }
  const initials = author.isBot
    ? '🚢'
    : author.name
        .split(/\s+/)
        .map((part) => part[0] ?? '')
        .join('')
        .slice(0, 2)
        .toUpperCase();
  const time = formatTime(Number(message.ts) * 1000, context.timeZone);
  const badge = author.isBot
    ? '<span class="msg__badge">APP</span>'
    : author.isGuest
      ? '<span class="msg__badge msg__badge--guest">GUEST</span>'
      : '';
  const broadcast =
    message.broadcast === true
      ? '<div class="msg__broadcast">↪ Replied to a thread · also sent to the channel</div>'
      : '';
  const ephemeral = message.ephemeralTo
    ? '<div class="msg__ephemeral"><span class="msg__ephemeral-eye" aria-hidden="true">👁</span> Only visible to you <button type="button" class="link-button" data-el="dismiss">Dismiss</button></div>'
    : '';
  const content =
    (message.blocks.length > 0
      ? renderBlocks(message.blocks, context)
      : mrkdwnToHtml(message.text, context)) + renderUnfurls(message.unfurls, context);
  // Slack's "More actions" menu (here "Message actions", apart from a card's overflow menus): the app's message shortcuts, on any message everyone can see.
  const more = message.ephemeralTo
    ? ''
    : `<span class="msg__more"><button type="button" class="msg__more-button" data-el="message-menu" aria-label="Message actions" aria-expanded="false" title="Message actions">⋯</button><span class="msg__menu" role="menu" hidden>${MESSAGE_SHORTCUTS.map(
        (shortcut) =>
          `<button type="button" role="menuitem" class="msg__menu-item" data-el="message-shortcut" data-callback-id="${escapeHtml(
            shortcut.callbackId,
          )}">${escapeHtml(shortcut.name)} <span class="msg__menu-app">Shipwatch</span></button>`,
      ).join('')}</span></span>`;
  return `<div class="msg__avatar${author.isBot ? ' msg__avatar--bot' : ''}" aria-hidden="true">${escapeHtml(
    initials,
  )}</div><div class="msg__main">${ephemeral}${broadcast}<div class="msg__meta"><span class="msg__author">${escapeHtml(
    author.name,
  )}</span>${badge}<time class="msg__time" datetime="${new Date(Number(message.ts) * 1000).toISOString()}">${escapeHtml(
    time,
  )}</time>${message.edited ? '<span class="msg__edited">(edited)</span>' : ''}${more}</div><div class="msg__content">${content}</div></div>`;
}

export function renderNotice(notice: SystemNotice): string {
  const detail = notice.detail ? `<pre class="notice__detail">${escapeHtml(notice.detail)}</pre>` : '';
  const scope = notice.userId ? '<span class="notice__scope">Only visible to you</span>' : '';
  return `<div class="notice notice--${notice.level}" role="status" data-testid="notice"><span class="notice__label">Local workspace</span>${scope}<div class="notice__text">${escapeHtml(
    notice.text,
  )}</div>${detail}</div>`;
}

export function formatTime(epochMs: number, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(epochMs);
  } catch {
    return new Date(epochMs).toISOString().slice(11, 16);
  }
}
