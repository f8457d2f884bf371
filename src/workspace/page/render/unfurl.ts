/**
 * Link previews under a message, as Slack draws them: a Work Object (chat.unfurl's `metadata.entities`) as a card with
 * its title and fields — timestamps in the reader's zone, dates as written — that opens its details when clicked;
 * classic previews (`unfurls`) as their blocks beside a bar. And the details themselves (entity.presentDetails): the
 * flexpane, with its fields, lists and action buttons, or Slack's error panel.
 */
import type { Flexpane, MessageUnfurl } from '../../protocol.js';
import { arrayAt, isObject, type JsonObject, objectAt, stringAt } from '../../shared/json-reader.js';
import { renderBlocks } from './blocks.js';
import type { RenderContext } from './context.js';
import { escapeHtml, safeUrl } from './escape.js';

export function renderUnfurls(unfurls: readonly MessageUnfurl[] | undefined, context: RenderContext): string {
  if (!unfurls || unfurls.length === 0) return '';
  return `<div class="unfurls">${unfurls.map((unfurl) => renderUnfurl(unfurl, context)).join('')}</div>`;
}

function renderUnfurl(unfurl: MessageUnfurl, context: RenderContext): string {
  if (unfurl.entity) {
    const { title, kind, product } = titleOf(unfurl.entity);
    return `<button type="button" class="unfurl unfurl--entity" data-el="open-entity" data-url="${escapeHtml(
      unfurl.url,
    )}" data-testid="work-object" aria-label="Open ${escapeHtml(title)}"><span class="unfurl__product">${escapeHtml(
      product,
    )} · ${escapeHtml(kind)}</span><span class="unfurl__title">${escapeHtml(title)}</span>${renderFields(
      fieldsOf(unfurl.entity),
      context,
    )}</button>`;
  }
  return `<div class="unfurl unfurl--classic" data-testid="classic-unfurl">${renderBlocks(unfurl.blocks ?? [], context)}</div>`;
}

export function renderFlexpane(pane: Flexpane | null | undefined, context: RenderContext): string {
  if (!pane) return '';
  const close =
    '<button type="button" class="flexpane__close" data-el="close-flexpane" aria-label="Close">✕</button>';
  if (pane.entity === null) {
    const error = pane.error ?? {};
    return `<aside class="flexpane" data-testid="flexpane" aria-label="Details">${close}<h2 class="flexpane__title">${escapeHtml(
      stringAt(error, 'custom_title') ?? 'Not available',
    )}</h2><p class="flexpane__error">${escapeHtml(stringAt(error, 'custom_message') ?? '')}</p></aside>`;
  }
  const { title, kind, product } = titleOf(pane.entity);
  const actions = objectAt(objectAt(pane.entity, 'entity_payload') ?? {}, 'actions');
  const buttons = [
    ...(arrayAt(actions ?? {}, 'primary_actions') ?? []),
    ...(arrayAt(actions ?? {}, 'overflow_actions') ?? []),
  ]
    .filter(isObject)
    .map((button) => {
      const text = escapeHtml(stringAt(button, 'text') ?? '');
      const url = stringAt(button, 'url');
      const style = stringAt(button, 'style') === 'primary' ? ' bk-button--primary' : '';
      if (url) {
        const href = safeUrl(url);
        return href
          ? `<a class="bk-button" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${text}</a>`
          : '';
      }
      return `<button type="button" class="bk-button${style}" data-el="flexpane-action" data-action-id="${escapeHtml(
        stringAt(button, 'action_id') ?? '',
      )}" data-value="${escapeHtml(stringAt(button, 'value') ?? '')}">${text}</button>`;
    })
    .join('');
  return `<aside class="flexpane" data-testid="flexpane" aria-label="Details">${close}<span class="unfurl__product">${escapeHtml(
    product,
  )} · ${escapeHtml(kind)}</span><h2 class="flexpane__title">${escapeHtml(title)}</h2><div class="flexpane__actions">${buttons}</div>${renderFields(
    fieldsOf(pane.entity),
    context,
  )}</aside>`;
}

function titleOf(entity: JsonObject): { title: string; kind: string; product: string } {
  const attributes = objectAt(objectAt(entity, 'entity_payload') ?? {}, 'attributes') ?? {};
  return {
    title: stringAt(objectAt(attributes, 'title') ?? {}, 'text') ?? '',
    kind: stringAt(attributes, 'display_type') ?? 'Item',
    product: stringAt(attributes, 'product_name') ?? 'App',
  };
}

function fieldsOf(entity: JsonObject): JsonObject[] {
  return (arrayAt(objectAt(entity, 'entity_payload') ?? {}, 'custom_fields') ?? []).filter(isObject);
}

function renderFields(fields: readonly JsonObject[], context: RenderContext): string {
  const rows = fields.map((field) => {
    const label = escapeHtml(stringAt(field, 'label') ?? '');
    return `<div class="entity-field" data-key="${escapeHtml(stringAt(field, 'key') ?? '')}"><dt>${label}</dt><dd>${fieldValue(field, context)}</dd></div>`;
  });
  return `<dl class="entity-fields">${rows.join('')}</dl>`;
}

function fieldValue(field: JsonObject, context: RenderContext): string {
  const type = stringAt(field, 'type') ?? 'string';
  const value = field.value;
  if (type === 'slack#/types/timestamp' && typeof value === 'number') {
    // What Slack does with a timestamp field: the instant in the reader's own zone.
    try {
      return `<time datetime="${new Date(value * 1000).toISOString()}">${escapeHtml(
        new Intl.DateTimeFormat('en-US', {
          timeZone: context.timeZone,
          weekday: 'short',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          timeZoneName: 'short',
        }).format(value * 1000),
      )}</time>`;
    } catch {
      return escapeHtml(new Date(value * 1000).toISOString());
    }
  }
  if (type === 'array' && Array.isArray(value)) {
    return `<ul>${value
      .filter(isObject)
      .map((item) => `<li>${escapeHtml(String(item.value ?? ''))}</li>`)
      .join('')}</ul>`;
  }
  const text = escapeHtml(String(value ?? ''));
  const tone = stringAt(field, 'tag_color');
  return tone ? `<span class="tag tag--${escapeHtml(tone)}">${text}</span>` : text;
}
