/**
 * Block Kit blocks → HTML, close enough to Slack's look to read a card: header, section (text, two-column fields,
 * accessory), context, divider, actions, image, input (modals), rich_text and markdown. Unknown blocks render as
 * a visible "unsupported" line rather than disappearing.
 *
 * Why not slack-blocks-to-jsx: it draws blocks well but exposes no action callbacks, confirm results or input state
 * ("wrap the Message component" for business logic), and brings React plus a markdown toolchain. The page needs
 * exactly those interactions, so it renders HTML strings here and wires events by (block_id, action_id).
 */
import { arrayAt, isObject, type JsonObject, objectAt, objects, stringAt } from '../../shared/json-reader.js';
import type { RenderContext } from './context.js';
import { inputDomId, renderActionElement, renderImageElement, renderInputElement } from './elements.js';
import { escapeHtml, safeImageUrl } from './escape.js';
import { mrkdwnToHtml } from './mrkdwn.js';
import { plainOf, renderTextObject } from './text.js';

export function renderBlocks(blocks: unknown[], context: RenderContext): string {
  return blocks
    .filter(isObject)
    .map((block) => renderBlock(block, context))
    .join('');
}

function renderBlock(block: JsonObject, context: RenderContext): string {
  const blockId = stringAt(block, 'block_id') ?? '';
  const attrs = `data-block-id="${escapeHtml(blockId)}"`;
  switch (stringAt(block, 'type')) {
    case 'header':
      return `<div class="bk-header" ${attrs}>${renderTextObject(block.text, context)}</div>`;
    case 'divider':
      return `<hr class="bk-divider" ${attrs}>`;
    case 'section':
      return renderSection(block, blockId, attrs, context);
    case 'context': {
      const elements = objects(arrayAt(block, 'elements'))
        .map((element) =>
          element.type === 'image'
            ? renderImageElement(element, 'bk-context__image')
            : `<span class="bk-context__text">${renderTextObject(element, context)}</span>`,
        )
        .join('');
      return `<div class="bk-context" ${attrs}>${elements}</div>`;
    }
    case 'actions': {
      const elements = objects(arrayAt(block, 'elements'))
        .map((element) => renderActionElement(blockId, element, context))
        .join('');
      return `<div class="bk-actions" ${attrs}>${elements}</div>`;
    }
    case 'image': {
      const src = safeImageUrl(stringAt(block, 'image_url') ?? '');
      const title = objectAt(block, 'title')
        ? `<figcaption>${renderTextObject(block.title, context)}</figcaption>`
        : '';
      const image = src
        ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(stringAt(block, 'alt_text') ?? '')}" loading="lazy">`
        : '<div class="bk-unsupported">image not available</div>';
      return `<figure class="bk-image" ${attrs}>${title}${image}</figure>`;
    }
    case 'input':
      return renderInput(block, blockId, attrs, context);
    case 'rich_text':
      return `<div class="bk-rich-text" ${attrs}>${renderRichText(block, context)}</div>`;
    case 'data_table':
      return renderDataTable(block, attrs, context);
    case 'markdown':
      return `<div class="bk-section__text" ${attrs}>${mrkdwnToHtml(stringAt(block, 'text') ?? '', context)}</div>`;
    default:
      return `<div class="bk-unsupported" ${attrs}>Unsupported block: ${escapeHtml(stringAt(block, 'type') ?? '?')}</div>`;
  }
}

function renderSection(block: JsonObject, blockId: string, attrs: string, context: RenderContext): string {
  const text = objectAt(block, 'text')
    ? `<div class="bk-section__text">${renderTextObject(block.text, context)}</div>`
    : '';
  const fields = arrayAt(block, 'fields');
  const fieldHtml = fields
    ? `<div class="bk-fields">${objects(fields)
        .map((field) => `<div class="bk-field">${renderTextObject(field, context)}</div>`)
        .join('')}</div>`
    : '';
  const accessory = objectAt(block, 'accessory');
  const accessoryHtml = accessory
    ? `<div class="bk-section__accessory">${renderActionElement(blockId, accessory, context)}</div>`
    : '';
  return `<div class="bk-section" ${attrs}><div class="bk-section__body">${text}${fieldHtml}</div>${accessoryHtml}</div>`;
}

function renderInput(block: JsonObject, blockId: string, attrs: string, context: RenderContext): string {
  const element = objectAt(block, 'element');
  if (!element) return '';
  const error = context.errors[blockId];
  const optional = block.optional === true ? '<span class="bk-input-block__optional">(optional)</span>' : '';
  const hint = objectAt(block, 'hint')
    ? `<div class="bk-input-block__hint">${renderTextObject(block.hint, context)}</div>`
    : '';
  const errorHtml = error
    ? `<div class="bk-input-block__error" role="alert" data-error-for="${escapeHtml(blockId)}">${escapeHtml(error)}</div>`
    : '';
  const forId = inputDomId(blockId, stringAt(element, 'action_id') ?? '');
  return `<div class="bk-input-block${error ? ' bk-input-block--error' : ''}" ${attrs}${
    block.optional === true ? '' : ' data-required="true"'
  }${block.dispatch_action === true ? ' data-dispatch="true"' : ''}><label class="bk-input-block__label" for="${escapeHtml(
    forId,
  )}">${escapeHtml(plainOf(block.label))} ${optional}</label>${renderInputElement(blockId, element, context)}${errorHtml}${hint}</div>`;
}

/**
 * data_table: a caption, a header row and the rows, paged by `page_size`; the page sorts a column when its header is
 * clicked and filters rows by what is typed (dom/data-table.ts), as Slack's client does in place.
 */
function renderDataTable(block: JsonObject, attrs: string, context: RenderContext): string {
  const rows = (arrayAt(block, 'rows') ?? []).filter(Array.isArray);
  const [head, ...body] = rows;
  const pageSize = typeof block.page_size === 'number' ? block.page_size : 5;
  const cell = (value: unknown): string => {
    if (!isObject(value)) return '';
    if (value.type === 'rich_text') return renderRichText(value, context);
    return escapeHtml(String(value.text ?? value.value ?? ''));
  };
  const sortKey = (value: unknown): string =>
    isObject(value) && value.type !== 'rich_text'
      ? String(value.text ?? value.value ?? '')
      : JSON.stringify(value).replace(/[^\w -]/g, '');
  const header = (head ?? [])
    .map(
      (value, i) =>
        `<th scope="col"><button type="button" class="bk-table__sort" data-sort-col="${i}">${cell(value)}</button></th>`,
    )
    .join('');
  const lines = body
    .map(
      (row) =>
        `<tr>${row.map((value) => `<td data-key="${escapeHtml(sortKey(value))}">${cell(value)}</td>`).join('')}</tr>`,
    )
    .join('');
  const caption = escapeHtml(stringAt(block, 'caption') ?? '');
  return `<div class="bk-table" ${attrs} data-page-size="${pageSize}" data-page="0"><div class="bk-table__tools"><span class="bk-table__caption">${caption}</span><input type="search" class="bk-table__filter" data-table-filter placeholder="Filter rows" aria-label="Filter ${caption}"></div><table><thead><tr>${header}</tr></thead><tbody>${lines}</tbody></table><div class="bk-table__pager"><button type="button" data-table-page="-1">‹</button><span class="bk-table__page"></span><button type="button" data-table-page="1">›</button></div></div>`;
}

/** rich_text: sections, lists, quotes and preformatted runs, with styled text and links. */
function renderRichText(block: JsonObject, context: RenderContext): string {
  const run = (element: JsonObject): string => {
    switch (element.type) {
      case 'text': {
        let html = escapeHtml(stringAt(element, 'text') ?? '').replace(/\n/g, '<br>');
        const style = objectAt(element, 'style') ?? {};
        if (style.code === true) html = `<code class="mrkdwn-code">${html}</code>`;
        if (style.bold === true) html = `<b>${html}</b>`;
        if (style.italic === true) html = `<i>${html}</i>`;
        if (style.strike === true) html = `<s>${html}</s>`;
        return html;
      }
      case 'link':
        return mrkdwnToHtml(
          `<${stringAt(element, 'url') ?? ''}|${stringAt(element, 'text') ?? stringAt(element, 'url') ?? ''}>`,
          context,
        );
      case 'user':
        return mrkdwnToHtml(`<@${stringAt(element, 'user_id') ?? ''}>`, context);
      case 'channel':
        return mrkdwnToHtml(`<#${stringAt(element, 'channel_id') ?? ''}>`, context);
      case 'emoji':
        return mrkdwnToHtml(`:${stringAt(element, 'name') ?? ''}:`, context);
      default:
        return '';
    }
  };
  const container = (element: JsonObject): string => {
    const inner = objects(arrayAt(element, 'elements')).map(run).join('');
    switch (element.type) {
      case 'rich_text_preformatted':
        return `<pre class="mrkdwn-pre">${inner}</pre>`;
      case 'rich_text_quote':
        return `<blockquote class="mrkdwn-quote">${inner}</blockquote>`;
      case 'rich_text_list': {
        const tag = element.style === 'ordered' ? 'ol' : 'ul';
        const items = objects(arrayAt(element, 'elements'))
          .map((item) => `<li>${objects(arrayAt(item, 'elements')).map(run).join('')}</li>`)
          .join('');
        return `<${tag}>${items}</${tag}>`;
      }
      default:
        return `<div>${inner}</div>`;
    }
  };
  return objects(arrayAt(block, 'elements')).map(container).join('');
}
