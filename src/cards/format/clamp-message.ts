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
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'string') {
      if (key === 'text' || key === 'alt_text') sum += child.length;
    } else {
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
      return { ...block, text: { ...block.text, text: clampText(block.text.text, L.MAX_HEADER_TEXT) } };
    case 'section': {
      const out = { ...block };
      if (block.text) out.text = clampTextObject(block.text, L.MAX_SECTION_TEXT);
      if (block.fields) {
        out.fields = block.fields
          .slice(0, L.MAX_SECTION_FIELDS)
          .map((field) => clampTextObject(field, L.MAX_FIELD_TEXT));
      }
      if (block.accessory) out.accessory = clampAccessory(block.accessory);
      return out;
    }
    case 'context':
      return { ...block, elements: block.elements.slice(0, L.MAX_CONTEXT_ELEMENTS).map(clampContextElement) };
    case 'actions':
      return { ...block, elements: block.elements.slice(0, L.MAX_ACTIONS_ELEMENTS).map(clampActionElement) };
    case 'image':
      if ('image_url' in block && block.image_url.length > L.MAX_URL) return null;
      return {
        ...block,
        alt_text: clampText(block.alt_text, L.MAX_IMAGE_ALT_TEXT),
        ...(block.title
          ? { title: { ...block.title, text: clampText(block.title.text, L.MAX_IMAGE_TITLE) } }
          : {}),
      };
    default:
      return block;
  }
}

function clampTextObject<T extends TextObject>(object: T, max: number): T {
  const text = object.type === 'mrkdwn' ? clampMrkdwn(object.text, max) : clampText(object.text, max);
  return text === object.text ? object : { ...object, text };
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
  const { url, ...rest } = button;
  return {
    ...rest,
    text: { ...button.text, text: clampText(button.text.text, L.MAX_BUTTON_TEXT) },
    ...(button.value !== undefined ? { value: button.value.slice(0, L.MAX_BUTTON_VALUE) } : {}),
    ...(url !== undefined && url.length <= L.MAX_URL ? { url } : {}),
    ...(button.confirm ? { confirm: clampConfirm(button.confirm) } : {}),
  };
}

function clampOverflow(overflow: Overflow): Overflow {
  return { ...overflow, options: overflow.options.slice(0, L.MAX_OVERFLOW_OPTIONS).map(clampOption) };
}

function clampOption(option: PlainTextOption): PlainTextOption {
  return {
    ...option,
    text: { ...option.text, text: clampText(option.text.text, L.MAX_OPTION_TEXT) },
    ...(option.value !== undefined ? { value: option.value.slice(0, L.MAX_OPTION_VALUE) } : {}),
  };
}

function clampConfirm(confirm: ConfirmationDialog): ConfirmationDialog {
  return {
    ...confirm,
    ...(confirm.title
      ? { title: { ...confirm.title, text: clampText(confirm.title.text, L.MAX_CONFIRM_TITLE) } }
      : {}),
    ...(confirm.text ? { text: clampTextObject(confirm.text, L.MAX_CONFIRM_TEXT) } : {}),
    ...(confirm.confirm
      ? { confirm: { ...confirm.confirm, text: clampText(confirm.confirm.text, L.MAX_CONFIRM_BUTTON) } }
      : {}),
    ...(confirm.deny
      ? { deny: { ...confirm.deny, text: clampText(confirm.deny.text, L.MAX_CONFIRM_BUTTON) } }
      : {}),
  };
}
