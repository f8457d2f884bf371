/**
 * Slack mrkdwn → safe HTML: *bold*, _italic_, ~strike~, `code`, ```pre```, > quotes, :emoji:, links
 * `<url|label>`, mentions `<@U…>` `<#C…|name>` `<!here>` `<!subteam^S…|@team>`, and `<!date^…|fallback>` in the
 * reader's zone. Control sequences and code are cut out first and replaced by placeholders, so emphasis can wrap a
 * link (`*<url|BL>*`) while nothing inside a URL or code span is ever treated as formatting.
 */
import { formatDateToken, parseDateToken } from './date-token.js';
import { replaceEmoji } from './emoji.js';
import { decodeSlackEntities, escapeHtml, safeUrl } from './escape.js';

export interface MrkdwnContext {
  /** Display name for a user id, if known. */
  userName(id: string): string | null;
  timeZone: string;
  now: number;
  /** Name for a channel id, if known (`<#C…>` without a label). */
  channelName?(id: string): string | null;
}

const OPEN = '\uE000';
const CLOSE = '\uE001';

export function mrkdwnToHtml(source: string, context: MrkdwnContext): string {
  const pieces: string[] = [];
  const hold = (html: string) => {
    pieces.push(html);
    return `${OPEN}${pieces.length - 1}${CLOSE}`;
  };
  let text = source.replace(/[\uE000\uE001]/g, '');
  text = text.replace(/```([\s\S]*?)```/g, (_m, code: string) =>
    hold(`<pre class="mrkdwn-pre">${escapeHtml(decodeSlackEntities(code.replace(/^\n/, '')))}</pre>`),
  );
  text = text.replace(/`([^`\n]+)`/g, (_m, code: string) =>
    hold(`<code class="mrkdwn-code">${escapeHtml(decodeSlackEntities(code))}</code>`),
  );
  text = text.replace(/<([^<>\n]+)>/g, (_m, inner: string) => hold(controlSequence(inner, context)));

  let html = escapeHtml(decodeSlackEntities(text));
  html = html
    .replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?![\w*])/g, '$1<b>$2</b>')
    .replace(/(^|[^\w_])_(?!\s)([^_\n]+?)_(?![\w_])/g, '$1<i>$2</i>')
    .replace(/(^|[^\w~])~(?!\s)([^~\n]+?)~(?![\w~])/g, '$1<s>$2</s>');
  html = replaceEmoji(html);
  html = quoteLines(html);
  return html.replace(
    new RegExp(`${OPEN}(\\d+)${CLOSE}`, 'g'),
    (_m, index: string) => pieces[Number(index)] ?? '',
  );
}

/** `&gt; ` at the start of lines becomes a blockquote; remaining newlines become <br>. */
function quoteLines(html: string): string {
  const out: string[] = [];
  let quote: string[] = [];
  const flush = () => {
    if (quote.length > 0) out.push(`<blockquote class="mrkdwn-quote">${quote.join('<br>')}</blockquote>`);
    quote = [];
  };
  for (const line of html.split('\n')) {
    const match = line.match(/^&gt;\s?(.*)$/);
    if (match) {
      quote.push(match[1] ?? '');
    } else {
      flush();
      out.push(`${line}\n`);
    }
  }
  flush();
  return out.join('').replace(/\n$/, '').replace(/\n/g, '<br>');
}

function controlSequence(inner: string, context: MrkdwnContext): string {
  const bar = inner.indexOf('|');
  const target = bar >= 0 ? inner.slice(0, bar) : inner;
  const label = bar >= 0 ? inner.slice(bar + 1) : null;
  const text = (value: string) => escapeHtml(decodeSlackEntities(value));

  if (target.startsWith('@')) {
    const id = target.slice(1);
    const name = context.userName(id) ?? label ?? id;
    return `<span class="mention" data-user-id="${escapeHtml(id)}">@${text(name)}</span>`;
  }
  if (target.startsWith('#')) {
    const id = target.slice(1);
    return `<span class="mention mention--channel">#${text(label ?? context.channelName?.(id) ?? id)}</span>`;
  }
  if (target.startsWith('!')) return special(target.slice(1), label, inner, context);

  const url = safeUrl(decodeSlackEntities(target));
  if (!url) return text(label ?? target);
  return `<a class="mrkdwn-link" href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${text(label ?? url)}</a>`;
}

function special(command: string, label: string | null, inner: string, context: MrkdwnContext): string {
  const text = (value: string) => escapeHtml(decodeSlackEntities(value));
  if (command === 'here' || command === 'channel' || command === 'everyone') {
    return `<span class="mention mention--broadcast">@${command}</span>`;
  }
  if (command.startsWith('subteam^')) {
    return `<span class="mention">${text(label ?? `@${command.slice('subteam^'.length)}`)}</span>`;
  }
  if (command.startsWith('date^')) {
    const parts = parseDateToken(inner.slice('!date^'.length));
    if (!parts) return text(label ?? '');
    const shown = formatDateToken(parts, context.timeZone, context.now) ?? parts.fallback;
    const iso = new Date(parts.epochSeconds * 1000).toISOString();
    const body = `<time class="mrkdwn-date" datetime="${iso}" title="${escapeHtml(`${decodeSlackEntities(parts.fallback)} (shown in ${context.timeZone})`)}">${text(shown)}</time>`;
    const link = parts.link ? safeUrl(parts.link) : null;
    return link
      ? `<a class="mrkdwn-link" href="${escapeHtml(link)}" target="_blank" rel="noopener noreferrer">${body}</a>`
      : body;
  }
  return text(label ?? `<${command}>`);
}
