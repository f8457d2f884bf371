/**
 * The last line of defence before a message leaves a renderer: every text, element list and option list is cut to
 * its Block Kit limit, and a message over the block count or the aggregate text budget keeps its leading blocks and
 * its trailing buttons/footer, with a note where something was left out. Renderers are sized so this rarely acts;
 * when it does, Slack still accepts the message instead of rejecting all of it.
 */
import type {
  ActionsBlockElement,
  Button,
  ConfirmationDialog,
  ContextBlockElement,
  KnownBlock,
  Overflow,
  PlainTextOption,
  SectionBlockAccessory,
  TextObject,
} from '@slack/types';
import type { SlackMessage } from '../types.js';
import * as L from './block-kit-limits.js';
import { clampMrkdwn, clampText } from './clamp-text.js';

const OMITTED_NOTE: KnownBlock = {
  type: 'context',
  elements: [{ type: 'mrkdwn', text: '_Some details were left out to fit in one Slack message._' }],
};

/** `message` with every Block Kit limit enforced. */
export function clampMessage(message: SlackMessage): SlackMessage {
  const text = clampMrkdwn(message.text.trim() === '' ? 'Shipwatch' : message.text, L.MAX_MESSAGE_TEXT);
  const blocks = message.blocks.map(clampBlock).filter((block): block is KnownBlock => block !== null);
  return { text, blocks: fitBudget(blocks) };
}

/** Characters of text a block carries (every text object, alt text included): what the aggregate budget counts. */
export function blockTextLength(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (Array.isArray(value)) {
    let sum = 0;
    for (const item of value) sum += blockTextLength(item);
    return sum;
  }
  let sum = 0;
  for (const key in value) {
    // SAFETY: `key` comes from iterating `value`'s own enumerable keys, so indexing with it is sound.
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === 'string') {
      if (key === 'text' || key === 'alt_text') sum += child.length;
    } else if (typeof child === 'object' && child !== null) {
      sum += blockTextLength(child);
    }
  }
  return sum;
}

function fitBudget(blocks: KnownBlock[]): KnownBlock[] {
  const total = blockTextLength(blocks);
  if (blocks.length <= L.MAX_MESSAGE_BLOCKS && total <= L.MESSAGE_TEXT_BUDGET) return blocks;
  let tailStart = blocks.length;
  while (tailStart > 0 && isFooter(blocks[tailStart - 1])) tailStart -= 1;
  const tail = blocks.slice(tailStart, tailStart + 2);
  let chars = blockTextLength(tail) + blockTextLength(OMITTED_NOTE);
  const kept: KnownBlock[] = [];
  for (const block of blocks.slice(0, tailStart)) {
    const size = blockTextLength(block);
    if (kept.length + tail.length + 1 >= L.MAX_MESSAGE_BLOCKS || chars + size > L.MESSAGE_TEXT_BUDGET) break;
    kept.push(block);
    chars += size;
  }
  return [...kept, OMITTED_NOTE, ...tail];
}

function isFooter(block: KnownBlock | undefined): boolean {
  return block?.type === 'actions' || block?.type === 'context';
}

function clampBlock(block: KnownBlock): KnownBlock | null {
  switch (block.type) {
    case 'header':
      return patch(block, 'text', clampTextObject(block.text, L.MAX_HEADER_TEXT));
    case 'section': {
      let out = block;
      if (out.text) out = patch(out, 'text', clampTextObject(out.text, L.MAX_SECTION_TEXT));
      if (out.fields) {
        const fields = mapSame(out.fields, L.MAX_SECTION_FIELDS, (field) =>
          clampTextObject(field, L.MAX_FIELD_TEXT),
        );
        out = patch(out, 'fields', fields);
      }
      if (out.accessory) out = patch(out, 'accessory', clampAccessory(out.accessory));
      return out;
    }
    case 'context':
      return patch(block, 'elements', mapSame(block.elements, L.MAX_CONTEXT_ELEMENTS, clampContextElement));
    case 'actions':
      return patch(block, 'elements', mapSame(block.elements, L.MAX_ACTIONS_ELEMENTS, clampActionElement));
    case 'image': {
      if ('image_url' in block && block.image_url.length > L.MAX_URL) return null;
      let out = patch(block, 'alt_text', clampText(block.alt_text, L.MAX_IMAGE_ALT_TEXT));
      if (out.title) out = patch(out, 'title', clampTextObject(out.title, L.MAX_IMAGE_TITLE));
      return out;
    }
    default:
      return block;
  }
}

/**
 * `object` with `key` set to `value`, copied only when the value changed. Renders almost never need clamping, so
 * the common path allocates nothing (object spread is measurably slow on Node 20 in a 100-container render).
 */
function patch<T extends object, K extends keyof T>(object: T, key: K, value: T[K]): T {
  if (object[key] === value) return object;
  const copy = Object.assign({}, object);
  copy[key] = value;
  return copy;
}

/** `items` cut to `max` and mapped with `clamp`; the same array when nothing changed. */
function mapSame<T>(items: T[], max: number, clamp: (item: T) => T): T[] {
  let changed = items.length > max;
  const out = items.slice(0, max).map((item) => {
    const next = clamp(item);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? out : items;
}

function clampTextObject<T extends TextObject>(object: T, max: number): T {
  const text = object.type === 'mrkdwn' ? clampMrkdwn(object.text, max) : clampText(object.text, max);
  return patch(object, 'text', text);
}

function clampContextElement(element: ContextBlockElement): ContextBlockElement {
  if (element.type === 'plain_text' || element.type === 'mrkdwn')
    return clampTextObject(element, L.MAX_TEXT_OBJECT);
  return element;
}

function clampAccessory(element: SectionBlockAccessory): SectionBlockAccessory {
  if (element.type === 'button') return clampButton(element);
  if (element.type === 'overflow') return clampOverflow(element);
  return element;
}

function clampActionElement(element: ActionsBlockElement): ActionsBlockElement {
  if (element.type === 'button') return clampButton(element);
  if (element.type === 'overflow') return clampOverflow(element);
  return element;
}

function clampButton(button: Button): Button {
  let out = patch(button, 'text', clampTextObject(button.text, L.MAX_BUTTON_TEXT));
  if (out.value !== undefined) out = patch(out, 'value', out.value.slice(0, L.MAX_BUTTON_VALUE));
  if (out.url !== undefined && out.url.length > L.MAX_URL) out = patch(out, 'url', undefined);
  if (out.confirm) out = patch(out, 'confirm', clampConfirm(out.confirm));
  return out;
}

function clampOverflow(overflow: Overflow): Overflow {
  return patch(overflow, 'options', mapSame(overflow.options, L.MAX_OVERFLOW_OPTIONS, clampOption));
}

function clampOption(option: PlainTextOption): PlainTextOption {
  let out = patch(option, 'text', clampTextObject(option.text, L.MAX_OPTION_TEXT));
  if (out.value !== undefined) out = patch(out, 'value', out.value.slice(0, L.MAX_OPTION_VALUE));
  return out;
}

function clampConfirm(confirm: ConfirmationDialog): ConfirmationDialog {
  let out = patch(confirm, 'text', clampTextObject(confirm.text, L.MAX_CONFIRM_TEXT));
  if (out.title) out = patch(out, 'title', clampTextObject(out.title, L.MAX_CONFIRM_TITLE));
  if (out.confirm) out = patch(out, 'confirm', clampTextObject(out.confirm, L.MAX_CONFIRM_BUTTON));
  if (out.deny) out = patch(out, 'deny', clampTextObject(out.deny, L.MAX_CONFIRM_BUTTON));
  return out;
}
