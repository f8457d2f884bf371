/**
 * Block elements → HTML: buttons (primary/danger), overflow menus, selects, images, and modal inputs. Every
 * interactive element carries `data-el`, `data-block-id` and `data-action-id`, which is all the page's event
 * handler needs to find the element's JSON again (confirm dialogs, options) and send the action.
 */
import type { InputValue } from '../../protocol.js';
import { optionsOf } from '../../shared/find-element.js';
import { arrayAt, type JsonObject, objectAt, objects, stringAt } from '../../shared/json-reader.js';
import type { RenderContext } from './context.js';
import { escapeHtml, safeImageUrl } from './escape.js';
import { plainOf, renderTextObject } from './text.js';

function ids(blockId: string, element: JsonObject): string {
  return `data-block-id="${escapeHtml(blockId)}" data-action-id="${escapeHtml(stringAt(element, 'action_id') ?? '')}"`;
}

export function renderButton(blockId: string, element: JsonObject, context: RenderContext): string {
  const style = stringAt(element, 'style');
  const modifier = style === 'primary' || style === 'danger' ? ` bk-button--${style}` : '';
  const url = stringAt(element, 'url');
  return `<button type="button" class="bk-button${modifier}" data-el="button" ${ids(blockId, element)}${
    url ? ' data-has-url="true"' : ''
  }>${renderTextObject(element.text, context)}</button>`;
}

export function renderOverflow(blockId: string, element: JsonObject, context: RenderContext): string {
  const options = objects(arrayAt(element, 'options'))
    .map(
      (option) =>
        `<button type="button" role="menuitem" class="bk-overflow__option" data-el="overflow-option" ${ids(
          blockId,
          element,
        )} data-value="${escapeHtml(stringAt(option, 'value') ?? '')}">${renderTextObject(option.text, context)}</button>`,
    )
    .join('');
  return `<div class="bk-overflow"><button type="button" class="bk-overflow__toggle" data-el="overflow" ${ids(
    blockId,
    element,
  )} aria-haspopup="menu" aria-expanded="false" aria-label="More actions">⋯</button><div class="bk-overflow__menu" role="menu" hidden>${options}</div></div>`;
}

function optionTags(element: JsonObject, selected: ReadonlySet<string>): string {
  const tag = (option: JsonObject) => {
    const value = stringAt(option, 'value') ?? '';
    // A native <option> has no second line, so Slack's grey description follows the text.
    const description = plainOf(option.description);
    const label = description ? `${plainOf(option.text)} — ${description}` : plainOf(option.text);
    return `<option value="${escapeHtml(value)}"${selected.has(value) ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  };
  const groups = objects(arrayAt(element, 'option_groups'));
  if (groups.length > 0) {
    return groups
      .map(
        (group) =>
          `<optgroup label="${escapeHtml(plainOf(group.label))}">${objects(arrayAt(group, 'options'))
            .map(tag)
            .join('')}</optgroup>`,
      )
      .join('');
  }
  return objects(arrayAt(element, 'options')).map(tag).join('');
}

/** A select in a message (or a modal's section/actions): choosing sends the action at once. */
export function renderActionSelect(blockId: string, element: JsonObject): string {
  const initial = stringAt(objectAt(element, 'initial_option'), 'value');
  const placeholder = plainOf(element.placeholder) || 'Select an item';
  return `<select class="bk-select" data-el="select" ${ids(blockId, element)} aria-label="${escapeHtml(
    placeholder,
  )}"><option value=""${initial ? '' : ' selected'} disabled>${escapeHtml(placeholder)}</option>${optionTags(
    element,
    new Set(initial ? [initial] : []),
  )}</select>`;
}

export function renderImageElement(element: JsonObject, className: string): string {
  const src = safeImageUrl(stringAt(element, 'image_url') ?? '');
  const alt = escapeHtml(stringAt(element, 'alt_text') ?? '');
  return src ? `<img class="${className}" src="${escapeHtml(src)}" alt="${alt}" loading="lazy">` : '';
}

/** Any element allowed in an actions block or as a section accessory. */
export function renderActionElement(blockId: string, element: JsonObject, context: RenderContext): string {
  switch (stringAt(element, 'type')) {
    case 'button':
      return renderButton(blockId, element, context);
    case 'overflow':
      return renderOverflow(blockId, element, context);
    case 'static_select':
      return renderActionSelect(blockId, element);
    case 'image':
      return renderImageElement(element, 'bk-accessory-image');
    default:
      return `<span class="bk-unsupported">${escapeHtml(stringAt(element, 'type') ?? 'element')}</span>`;
  }
}

/** Inputs inside a modal's input block; values come from what the reader typed, else the element's initial value. */
export function renderInputElement(blockId: string, element: JsonObject, context: RenderContext): string {
  const type = stringAt(element, 'type') ?? '';
  const actionId = stringAt(element, 'action_id') ?? '';
  const given: InputValue | undefined = context.valueOf(blockId, actionId);
  const common = `data-el="input" ${ids(blockId, element)} id="${escapeHtml(inputDomId(blockId, actionId))}"`;
  const placeholder = escapeHtml(plainOf(element.placeholder));
  switch (type) {
    case 'plain_text_input':
    case 'email_text_input':
    case 'url_text_input':
    case 'number_input': {
      const value = given?.type === 'text' ? given.value : (stringAt(element, 'initial_value') ?? '');
      const limits = `${typeof element.min_length === 'number' ? ` data-min-length="${element.min_length}"` : ''}${
        typeof element.max_length === 'number' ? ` data-max-length="${element.max_length}"` : ''
      }`;
      if (element.multiline === true) {
        return `<textarea class="bk-input bk-input--multiline" ${common} data-input-type="text"${limits} placeholder="${placeholder}" rows="4">${escapeHtml(value)}</textarea>`;
      }
      const htmlType = type === 'email_text_input' ? 'email' : type === 'url_text_input' ? 'url' : 'text';
      return `<input class="bk-input" type="${htmlType}" ${common} data-input-type="text"${limits} placeholder="${placeholder}" value="${escapeHtml(value)}" autocomplete="off">`;
    }
    case 'static_select':
    case 'multi_static_select': {
      const multiple = type === 'multi_static_select';
      const selected = chosenValues(given, element);
      const none = multiple
        ? ''
        : `<option value=""${selected.size === 0 ? ' selected' : ''}>${placeholder || 'Select an option'}</option>`;
      return `<select class="bk-select bk-select--input" ${common} data-input-type="${multiple ? 'options' : 'option'}"${
        multiple ? ' multiple' : ''
      }>${none}${optionTags(element, selected)}</select>`;
    }
    case 'radio_buttons':
    case 'checkboxes': {
      const multiple = type === 'checkboxes';
      const chosen = chosenValues(given, element);
      const name = escapeHtml(inputDomId(blockId, actionId));
      const items = optionsOf(element)
        .map((option) => {
          const value = stringAt(option, 'value') ?? '';
          return `<label class="bk-choice"><input type="${multiple ? 'checkbox' : 'radio'}" name="${name}" value="${escapeHtml(
            value,
          )}"${chosen.has(value) ? ' checked' : ''}> ${renderTextObject(option.text, context)}</label>`;
        })
        .join('');
      return `<div class="bk-choices" ${common} data-input-type="${multiple ? 'options' : 'option'}" role="group">${items}</div>`;
    }
    case 'datepicker': {
      const value = given?.type === 'date' ? (given.value ?? '') : (stringAt(element, 'initial_date') ?? '');
      return `<input class="bk-input" type="date" ${common} data-input-type="date" value="${escapeHtml(value)}">`;
    }
    default:
      return `<div class="bk-unsupported">Input type ${escapeHtml(type)} is not shown in the local workspace.</div>`;
  }
}

/** What the reader picked, or else the element's initial option(s). */
function chosenValues(given: InputValue | undefined, element: JsonObject): Set<string> {
  if (given?.type === 'option') return new Set(given.value === null ? [] : [given.value]);
  if (given?.type === 'options') return new Set(given.values);
  const initial = [
    stringAt(objectAt(element, 'initial_option'), 'value'),
    ...objects(arrayAt(element, 'initial_options')).map((option) => stringAt(option, 'value')),
  ];
  return new Set(initial.filter((value): value is string => value !== null));
}

export function inputDomId(blockId: string, actionId: string): string {
  return `input-${blockId}-${actionId}`.replace(/[^\w-]/g, '_');
}
