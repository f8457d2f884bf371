/**
 * The one Block Kit validator, with two readings of one walk over a message or modal:
 * - `findBlockKitViolations`: every limit Shipwatch holds its own surfaces to (src/cards/format/block-kit-limits.ts),
 *   read as untyped JSON so it also catches what @slack/types lets through, each with its path
 *   (`blocks[3].accessory.options[1].text.text: 80 chars > 75`). Tests and the bench judge cards with it.
 * - `checkBlocks` / `checkView`: the subset Slack itself refuses most often, worded as Slack answers it
 *   (`invalid_blocks` lines with a json-pointer). The local workspace's Web API answers with these, so a card Slack
 *   would refuse fails loudly on the page too. It is deliberately lenient where Slack is (no fallback text, a one-item
 *   overflow), so the stand-in refuses no more than Slack does.
 * Each rule below writes to one reading or both, in the order that reading reports.
 */
import * as L from '../../cards/format/block-kit-limits.js';
import { blockTextLength } from '../../cards/format/clamp-message.js';
import { arrayAt, isObject, type JsonObject, objectAt, objects, stringAt } from '../shared/json-reader.js';

export type Surface = 'message' | 'modal';

export interface BlockKitViolation {
  path: string;
  problem: string;
}

/** Where a node is, in both notations: `blocks[3].text` and `/blocks/3/text`. */
interface At {
  path: string;
  pointer: string;
}

const root = (pointer: string): At => ({ path: '', pointer });
const key = (at: At, name: string): At => ({
  path: at.path === '' ? name : `${at.path}.${name}`,
  pointer: `${at.pointer}/${name}`,
});
const index = (at: At, i: number): At => ({ path: `${at.path}[${i}]`, pointer: `${at.pointer}/${i}` });

class Findings {
  readonly violations: BlockKitViolation[] = [];
  readonly refusals: string[] = [];
  /** A limit of Shipwatch's own (and Slack's, where `refuse` is called too). */
  flag(at: At, problem: string): void {
    this.violations.push({ path: at.path === '' ? '(root)' : at.path, problem });
  }
  /** What Slack answers: its words and the json-pointer it names. */
  refuse(at: At, message: string): void {
    this.refusals.push(`${message} [json-pointer:${at.pointer}]`);
  }
}

const MAX_BLOCKS: Record<Surface, number> = { message: L.MAX_MESSAGE_BLOCKS, modal: L.MAX_MODAL_BLOCKS };
/** Block types Slack accepts; anything else is `unsupported type`. */
const KNOWN_BLOCKS = new Set([
  'section',
  'header',
  'context',
  'divider',
  'actions',
  'image',
  'input',
  'rich_text',
  'markdown',
  'video',
  'file',
  'table',
  'data_table',
]);

/** Every limit `surface` (a message `{ text, blocks }`, or a modal or Home view) violates; empty when it is fine. */
export function findBlockKitViolations(surface: unknown): BlockKitViolation[] {
  const out = new Findings();
  if (!isObject(surface)) out.flag(root(''), 'not an object');
  else if (surface.type === 'modal' || surface.type === 'home') walkView(surface, out);
  else walkMessage(surface, out);
  return out.violations;
}

/** Slack's `invalid_blocks` lines for a message's or modal's `blocks`; empty when Slack would take them. */
export function checkBlocks(blocks: unknown, surface: Surface): string[] {
  const out = new Findings();
  walkBlocks(blocks, surface, key(root(''), 'blocks'), out);
  return out.refusals;
}

/** Slack's `invalid_arguments` lines for a modal view (title, buttons, submit, private_metadata, blocks). */
export function checkView(view: unknown): string[] {
  const out = new Findings();
  if (!isObject(view)) {
    out.refuse(root('/view'), 'must be an object');
    return out.refusals;
  }
  walkView(view, out);
  return out.refusals;
}

function walkMessage(message: JsonObject, out: Findings): void {
  const top = root('');
  if (typeof message.text !== 'string' || message.text.trim() === '') {
    out.flag(key(top, 'text'), 'fallback text is required with blocks and must not be empty');
  } else {
    maxLength(message.text, L.MAX_MESSAGE_TEXT, key(top, 'text'), out);
  }
  const blocks = walkBlocks(message.blocks, 'message', key(top, 'blocks'), out);
  const chars = blockTextLength(blocks);
  if (chars > L.MESSAGE_TEXT_BUDGET) {
    out.flag(
      key(top, 'blocks'),
      `${chars} chars of block text > ${L.MESSAGE_TEXT_BUDGET} (msg_blocks_too_long)`,
    );
  }
}

function walkView(view: JsonObject, out: Findings): void {
  const top = root('/view');
  // A modal, or the Home tab (views.publish): Home has no title or buttons, the same 100 blocks.
  if (view.type !== 'modal' && view.type !== 'home') out.refuse(key(top, 'type'), 'must be modal or home');
  if (view.type === 'modal') {
    const plain = { plainOnly: true };
    textObject(view.title, key(top, 'title'), { max: L.MAX_MODAL_TITLE, ...plain, required: true }, out);
    textObject(view.close, key(top, 'close'), { max: L.MAX_MODAL_BUTTON, ...plain }, out);
    textObject(view.submit, key(top, 'submit'), { max: L.MAX_MODAL_BUTTON, ...plain }, out);
  }
  for (const name of ['title', 'submit', 'close']) {
    const text = stringAt(objectAt(view, name), 'text');
    if (name === 'title' && text === null && view.type === 'modal')
      out.refuse(key(top, 'title'), 'missing required field: title');
    if (text !== null && text.length > L.MAX_MODAL_TITLE) {
      out.refuse(key(key(top, name), 'text'), `must be less than ${L.MAX_MODAL_TITLE + 1} characters`);
    }
  }
  optionalString(view.private_metadata, L.MAX_PRIVATE_METADATA, key(top, 'private_metadata'), out);
  optionalString(view.callback_id, L.MAX_ID_LENGTH, key(top, 'callback_id'), out);
  optionalString(view.external_id, L.MAX_ID_LENGTH, key(top, 'external_id'), out);
  const blocks = objects(arrayAt(view, 'blocks'));
  const hasInput = blocks.some((block) => block.type === 'input');
  if (hasInput && !objectAt(view, 'submit')) {
    out.refuse(key(top, 'submit'), 'submit is required when a view has input blocks');
  }
  const metadata = stringAt(view, 'private_metadata');
  if (metadata !== null && metadata.length > L.MAX_PRIVATE_METADATA) {
    out.refuse(key(top, 'private_metadata'), `must be less than ${L.MAX_PRIVATE_METADATA + 1} characters`);
  }
  walkBlocks(view.blocks, 'modal', key(top, 'blocks'), out);
  if (view.type === 'modal' && hasInput && view.submit === undefined) {
    out.flag(key(top, 'submit'), 'a modal with input blocks needs a submit button');
  }
}

function walkBlocks(value: unknown, surface: Surface, at: At, out: Findings): unknown[] {
  if (!Array.isArray(value)) {
    out.flag(at, 'must be an array');
    out.refuse(at, 'must be an array');
    return [];
  }
  const max = MAX_BLOCKS[surface];
  if (value.length > max) {
    out.flag(at, `${value.length} blocks > ${max}`);
    out.refuse(at, `must be less than ${max + 1} items`);
  }
  const blockIds = new Set<string>();
  value.forEach((block, i) => {
    const here = index(at, i);
    if (!isObject(block)) {
      out.flag(here, 'not an object');
      out.refuse(here, 'must be an object');
      return;
    }
    if (typeof block.block_id === 'string') {
      if (block.block_id.length > L.MAX_ID_LENGTH) {
        maxLength(block.block_id, L.MAX_ID_LENGTH, key(here, 'block_id'), out);
        out.refuse(key(here, 'block_id'), `must be less than ${L.MAX_ID_LENGTH + 1} characters`);
      }
      if (blockIds.has(block.block_id)) {
        out.flag(key(here, 'block_id'), `duplicate block_id "${block.block_id}"`);
        out.refuse(key(here, 'block_id'), 'duplicate block_id');
      }
      blockIds.add(block.block_id);
    }
    walkBlock(block, surface, here, out);
  });
  return value;
}

function walkBlock(block: JsonObject, surface: Surface, at: At, out: Findings): void {
  const type = block.type;
  if (typeof type !== 'string' || !KNOWN_BLOCKS.has(type)) {
    out.flag(key(at, 'type'), `unknown block type ${JSON.stringify(type)}`);
    out.refuse(key(at, 'type'), `unsupported type: ${typeof type === 'string' ? type : 'null'}`);
    return;
  }
  switch (type) {
    case 'header':
      textObject(
        block.text,
        key(at, 'text'),
        { max: L.MAX_HEADER_TEXT, plainOnly: true, required: true },
        out,
      );
      refuseText(block, 'text', at, L.MAX_HEADER_TEXT, true, out);
      if (stringAt(objectAt(block, 'text'), 'type') !== 'plain_text') {
        out.refuse(key(key(at, 'text'), 'type'), 'must be plain_text');
      }
      return;
    case 'section':
      walkSection(block, at, out);
      return;
    case 'context': {
      const elements = list(
        block.elements,
        key(at, 'elements'),
        { min: 1, max: L.MAX_CONTEXT_ELEMENTS },
        out,
      );
      elements.forEach((element, i) => {
        const here = index(key(at, 'elements'), i);
        if (isObject(element) && element.type === 'image') checkImage(element, here, out);
        else textObject(element, here, { max: L.MAX_TEXT_OBJECT, required: true }, out);
      });
      const count = (arrayAt(block, 'elements') ?? []).length;
      if (count === 0 || count > L.MAX_CONTEXT_ELEMENTS) {
        out.refuse(key(at, 'elements'), `must have 1-${L.MAX_CONTEXT_ELEMENTS} items`);
      }
      return;
    }
    case 'actions':
      walkActions(block, at, out);
      return;
    case 'image':
      checkImage(block, at, out);
      textObject(block.title, key(at, 'title'), { max: L.MAX_IMAGE_TITLE, plainOnly: true }, out);
      if (!stringAt(block, 'image_url') && !objectAt(block, 'slack_file')) {
        out.refuse(at, 'missing required field: image_url');
      }
      if (!stringAt(block, 'alt_text')) out.refuse(at, 'missing required field: alt_text');
      return;
    case 'input':
      if (surface === 'message') out.refuse(at, 'input blocks are not allowed in messages');
      textObject(
        block.label,
        key(at, 'label'),
        { max: L.MAX_INPUT_LABEL, plainOnly: true, required: true },
        out,
      );
      refuseText(block, 'label', at, L.MAX_INPUT_LABEL, true, out);
      textObject(block.hint, key(at, 'hint'), { max: L.MAX_INPUT_HINT, plainOnly: true }, out);
      if (block.element === undefined) out.flag(key(at, 'element'), 'an input block needs an element');
      // Slack's refusals stop at the element's presence here.
      else checkElement(block.element, key(at, 'element'), out, { refuse: false });
      if (!objectAt(block, 'element')) out.refuse(at, 'missing required field: element');
      return;
    case 'data_table':
      walkDataTable(block, at, out);
      return;
    case 'markdown':
      if (typeof block.text !== 'string' || block.text === '') out.flag(key(at, 'text'), 'required');
      else maxLength(block.text, L.MESSAGE_TEXT_BUDGET, key(at, 'text'), out);
      return;
    default:
      return;
  }
}

/** A data table: a caption, 1–100 rows a page, each row the same number of cells (raw_text, raw_number, rich_text). */
function walkDataTable(block: JsonObject, at: At, out: Findings): void {
  if (typeof block.caption !== 'string' || block.caption === '') {
    out.flag(key(at, 'caption'), 'required');
    out.refuse(at, 'missing required field: caption');
  }
  const pageSize = block.page_size;
  if (pageSize !== undefined && (typeof pageSize !== 'number' || pageSize < 1 || pageSize > 100)) {
    out.flag(key(at, 'page_size'), 'must be 1-100');
    out.refuse(key(at, 'page_size'), 'must be between 1 and 100');
  }
  const rows = arrayAt(block, 'rows') ?? [];
  if (rows.length === 0) {
    out.flag(key(at, 'rows'), 'a data table needs rows');
    out.refuse(key(at, 'rows'), 'must have at least 1 item');
  }
  const width = Array.isArray(rows[0]) ? rows[0].length : 0;
  rows.forEach((row, i) => {
    const here = index(key(at, 'rows'), i);
    if (!Array.isArray(row) || row.length !== width || row.length > 20) {
      out.flag(here, `every row needs the same number of cells (1-20), ${width} in the first`);
      out.refuse(here, 'rows must have the same number of cells');
      return;
    }
    row.forEach((cell, j) => {
      const type = isObject(cell) ? cell.type : null;
      if (type !== 'raw_text' && type !== 'raw_number' && type !== 'rich_text')
        out.refuse(index(here, j), `unsupported cell type: ${String(type)}`);
    });
  });
}

function walkSection(block: JsonObject, at: At, out: Findings): void {
  if (block.text === undefined && block.fields === undefined) out.flag(at, 'a section needs text or fields');
  textObject(block.text, key(at, 'text'), { max: L.MAX_SECTION_TEXT }, out);
  if (block.fields !== undefined) {
    const fields = list(block.fields, key(at, 'fields'), { min: 1, max: L.MAX_SECTION_FIELDS }, out);
    fields.forEach((field, i) => {
      textObject(field, index(key(at, 'fields'), i), { max: L.MAX_FIELD_TEXT, required: true }, out);
    });
  }
  const fields = arrayAt(block, 'fields');
  if (!objectAt(block, 'text') && !fields) out.refuse(at, 'must provide either text or fields');
  refuseText(block, 'text', at, L.MAX_SECTION_TEXT, false, out);
  if (fields && fields.length > L.MAX_SECTION_FIELDS) {
    out.refuse(key(at, 'fields'), `must be less than ${L.MAX_SECTION_FIELDS + 1} items`);
  }
  objects(fields).forEach((field, i) => {
    const length = (stringAt(field, 'text') ?? '').length;
    if (length === 0 || length > L.MAX_FIELD_TEXT) {
      out.refuse(key(index(key(at, 'fields'), i), 'text'), `must be 1-${L.MAX_FIELD_TEXT} characters`);
    }
  });
  if (block.accessory !== undefined) checkElement(block.accessory, key(at, 'accessory'), out);
}

function walkActions(block: JsonObject, at: At, out: Findings): void {
  const elementsAt = key(at, 'elements');
  const elements = list(block.elements, elementsAt, { min: 1, max: L.MAX_ACTIONS_ELEMENTS }, out);
  const seen = new Set<string>();
  elements.forEach((element, i) => {
    const here = index(elementsAt, i);
    if (isObject(element) && typeof element.action_id === 'string') {
      if (seen.has(element.action_id)) {
        out.flag(key(here, 'action_id'), `duplicate action_id "${element.action_id}" in one block`);
      }
      seen.add(element.action_id);
    }
    checkElement(element, here, out, { refuse: false });
  });
  // Slack counts and numbers only the elements that are objects.
  const objectElements = objects(arrayAt(block, 'elements'));
  if (objectElements.length === 0 || objectElements.length > L.MAX_ACTIONS_ELEMENTS) {
    out.refuse(elementsAt, `must have 1-${L.MAX_ACTIONS_ELEMENTS} items`);
  }
  const refusedIds = new Set<string>();
  objectElements.forEach((element, i) => {
    const actionId = stringAt(element, 'action_id');
    if (actionId !== null && refusedIds.has(actionId)) {
      out.refuse(key(index(elementsAt, i), 'action_id'), 'duplicate action_id');
    }
    if (actionId !== null) refusedIds.add(actionId);
    refuseElement(element, index(elementsAt, i), out);
  });
}

/**
 * Shipwatch's limits for one interactive element; Slack's refusals too unless `refuse` is false (actions blocks
 * refuse per object element, numbered as Slack numbers them, in walkActions).
 */
function checkElement(value: unknown, at: At, out: Findings, options = { refuse: true }): void {
  if (!isObject(value)) {
    out.flag(at, 'not an object');
    return;
  }
  optionalString(value.action_id, L.MAX_ID_LENGTH, key(at, 'action_id'), out);
  if (value.confirm !== undefined) checkConfirm(value.confirm, key(at, 'confirm'), out);
  textObject(value.placeholder, key(at, 'placeholder'), { max: L.MAX_PLACEHOLDER, plainOnly: true }, out);
  if (options.refuse) refuseElement(value, at, out);
  switch (value.type) {
    case 'button':
      textObject(
        value.text,
        key(at, 'text'),
        { max: L.MAX_BUTTON_TEXT, plainOnly: true, required: true },
        out,
      );
      optionalString(value.value, L.MAX_BUTTON_VALUE, key(at, 'value'), out);
      optionalString(value.url, L.MAX_URL, key(at, 'url'), out);
      optionalString(
        value.accessibility_label,
        L.MAX_ACCESSIBILITY_LABEL,
        key(at, 'accessibility_label'),
        out,
      );
      if (value.style !== undefined && value.style !== 'primary' && value.style !== 'danger') {
        out.flag(key(at, 'style'), `must be primary or danger, got ${JSON.stringify(value.style)}`);
      }
      return;
    case 'overflow':
      checkOptions(
        value.options,
        key(at, 'options'),
        { min: L.MIN_OVERFLOW_OPTIONS, max: L.MAX_OVERFLOW_OPTIONS },
        out,
      );
      return;
    case 'static_select':
    case 'multi_static_select':
      if (value.option_groups !== undefined) {
        const groupsAt = key(at, 'option_groups');
        const groups = list(value.option_groups, groupsAt, { min: 1, max: L.MAX_OPTION_GROUPS }, out);
        groups.forEach((group, i) => {
          const here = index(groupsAt, i);
          if (!isObject(group)) {
            out.flag(here, 'not an object');
            return;
          }
          textObject(
            group.label,
            key(here, 'label'),
            { max: L.MAX_OPTION_TEXT, plainOnly: true, required: true },
            out,
          );
          checkOptions(group.options, key(here, 'options'), { min: 1, max: L.MAX_SELECT_OPTIONS }, out);
        });
      } else {
        checkOptions(value.options, key(at, 'options'), { min: 1, max: L.MAX_SELECT_OPTIONS }, out);
      }
      return;
    case 'checkboxes':
    case 'radio_buttons':
      checkOptions(
        value.options,
        key(at, 'options'),
        { min: 1, max: L.MAX_CHOICE_OPTIONS, mrkdwnAllowed: true },
        out,
      );
      return;
    case 'plain_text_input': {
      const max = typeof value.max_length === 'number' ? value.max_length : L.MAX_PLAIN_TEXT_INPUT_LENGTH;
      if (max > L.MAX_PLAIN_TEXT_INPUT_LENGTH) {
        out.flag(key(at, 'max_length'), `${max} > ${L.MAX_PLAIN_TEXT_INPUT_LENGTH}`);
      }
      optionalString(value.initial_value, max, key(at, 'initial_value'), out);
      return;
    }
    case 'image':
      checkImage(value, at, out);
      return;
    default:
      return;
  }
}

/** What Slack refuses in an element, in Slack's words. */
function refuseElement(element: JsonObject, at: At, out: Findings): void {
  const actionId = stringAt(element, 'action_id');
  if (actionId !== null && actionId.length > L.MAX_ID_LENGTH) {
    out.refuse(key(at, 'action_id'), `must be less than ${L.MAX_ID_LENGTH + 1} characters`);
  }
  switch (stringAt(element, 'type')) {
    case 'button': {
      const text = stringAt(objectAt(element, 'text'), 'text') ?? '';
      if (text.length === 0 || text.length > L.MAX_BUTTON_TEXT) {
        out.refuse(key(at, 'text'), `must be 1-${L.MAX_BUTTON_TEXT} characters`);
      }
      const value = stringAt(element, 'value');
      if (value !== null && value.length > L.MAX_BUTTON_VALUE) {
        out.refuse(key(at, 'value'), `must be less than ${L.MAX_BUTTON_VALUE + 1} characters`);
      }
      return;
    }
    case 'overflow': {
      const count = (arrayAt(element, 'options') ?? []).length;
      if (count === 0 || count > L.MAX_OVERFLOW_OPTIONS) {
        out.refuse(key(at, 'options'), `must have 1-${L.MAX_OVERFLOW_OPTIONS} items`);
      }
      return;
    }
    case 'static_select':
    case 'multi_static_select': {
      const options = arrayAt(element, 'options');
      if (!options && !arrayAt(element, 'option_groups'))
        out.refuse(at, 'must provide options or option_groups');
      if (options && options.length > L.MAX_SELECT_OPTIONS) {
        out.refuse(key(at, 'options'), `must be less than ${L.MAX_SELECT_OPTIONS + 1} items`);
      }
      return;
    }
  }
}

/** Slack's refusals for a block's text object `name`: missing (when required), empty, too long. */
function refuseText(
  block: JsonObject,
  name: string,
  at: At,
  max: number,
  required: boolean,
  out: Findings,
): void {
  const text = objectAt(block, name);
  if (!text) {
    if (required) out.refuse(key(at, name), `missing required field: ${name}`);
    return;
  }
  const value = stringAt(text, 'text') ?? '';
  if (value.length === 0) out.refuse(key(key(at, name), 'text'), 'must be more than 0 characters');
  if (value.length > max) out.refuse(key(key(at, name), 'text'), `must be less than ${max + 1} characters`);
}

function checkOptions(
  value: unknown,
  at: At,
  bounds: { min: number; max: number; mrkdwnAllowed?: boolean },
  out: Findings,
): void {
  const items = list(value, at, bounds, out);
  items.forEach((option, i) => {
    const here = index(at, i);
    if (!isObject(option)) {
      out.flag(here, 'not an object');
      return;
    }
    textObject(
      option.text,
      key(here, 'text'),
      { max: L.MAX_OPTION_TEXT, plainOnly: !bounds.mrkdwnAllowed, required: true },
      out,
    );
    textObject(
      option.description,
      key(here, 'description'),
      { max: L.MAX_OPTION_DESCRIPTION, plainOnly: true },
      out,
    );
    optionalString(option.value, L.MAX_OPTION_VALUE, key(here, 'value'), out);
    optionalString(option.url, L.MAX_URL, key(here, 'url'), out);
  });
}

function checkConfirm(value: unknown, at: At, out: Findings): void {
  if (!isObject(value)) {
    out.flag(at, 'not an object');
    return;
  }
  textObject(value.title, key(at, 'title'), { max: L.MAX_CONFIRM_TITLE, plainOnly: true }, out);
  textObject(value.text, key(at, 'text'), { max: L.MAX_CONFIRM_TEXT, required: true }, out);
  textObject(value.confirm, key(at, 'confirm'), { max: L.MAX_CONFIRM_BUTTON, plainOnly: true }, out);
  textObject(value.deny, key(at, 'deny'), { max: L.MAX_CONFIRM_BUTTON, plainOnly: true }, out);
}

function checkImage(image: JsonObject, at: At, out: Findings): void {
  if (typeof image.image_url === 'string') {
    maxLength(image.image_url, L.MAX_URL, key(at, 'image_url'), out);
    if (!/^https?:\/\//i.test(image.image_url)) out.flag(key(at, 'image_url'), 'must be an http(s) URL');
  } else if (image.slack_file === undefined) {
    out.flag(key(at, 'image_url'), 'image_url or slack_file is required');
  }
  if (typeof image.alt_text !== 'string' || image.alt_text === '') {
    out.flag(key(at, 'alt_text'), 'required');
  } else {
    maxLength(image.alt_text, L.MAX_IMAGE_ALT_TEXT, key(at, 'alt_text'), out);
  }
}

function textObject(
  value: unknown,
  at: At,
  rules: { max: number; plainOnly?: boolean; required?: boolean },
  out: Findings,
): void {
  if (value === undefined) {
    if (rules.required) out.flag(at, 'required');
    return;
  }
  if (!isObject(value)) {
    out.flag(at, 'must be a text object');
    return;
  }
  if (value.type !== 'plain_text' && value.type !== 'mrkdwn') {
    out.flag(key(at, 'type'), `must be plain_text or mrkdwn, got ${JSON.stringify(value.type)}`);
  } else if (rules.plainOnly && value.type !== 'plain_text') {
    out.flag(key(at, 'type'), 'must be plain_text here');
  }
  if (typeof value.text !== 'string' || value.text.length === 0) {
    out.flag(key(at, 'text'), 'must be a non-empty string');
    return;
  }
  maxLength(value.text, rules.max, key(at, 'text'), out);
}

function list(value: unknown, at: At, bounds: { min: number; max: number }, out: Findings): unknown[] {
  if (!Array.isArray(value)) {
    out.flag(at, 'must be an array');
    return [];
  }
  if (value.length < bounds.min || value.length > bounds.max) {
    out.flag(at, `${value.length} item(s), allowed ${bounds.min}–${bounds.max}`);
  }
  return value;
}

function optionalString(value: unknown, max: number, at: At, out: Findings): void {
  if (value === undefined) return;
  if (typeof value !== 'string') {
    out.flag(at, 'must be a string');
    return;
  }
  maxLength(value, max, at, out);
}

function maxLength(value: string, max: number, at: At, out: Findings): void {
  if (value.length > max) out.flag(at, `${value.length} chars > ${max}`);
}
