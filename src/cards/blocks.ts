/**
 * Small Block Kit builders shared by the cards. Texts handed to `mrkdwn`/`section` must already be escaped by the
 * caller (they mix our markup with escaped data); `plain` and `header` take raw text, because plain_text never
 * parses markup, and only strip control characters and clamp it to the element's limit.
 */
import type {
  ActionsBlock,
  Button,
  ConfirmationDialog,
  ContextBlock,
  DividerBlock,
  HeaderBlock,
  MrkdwnElement,
  PlainTextElement,
  SectionBlock,
  SectionBlockAccessory,
} from '@slack/types';
import {
  MAX_BUTTON_TEXT,
  MAX_CONFIRM_BUTTON,
  MAX_CONFIRM_TEXT,
  MAX_CONFIRM_TITLE,
  MAX_HEADER_TEXT,
  MAX_SECTION_TEXT,
  MAX_TEXT_OBJECT,
} from './format/block-kit-limits.js';
import { clampMrkdwn, clampText } from './format/clamp-text.js';
import { inlinePlain } from './format/mrkdwn.js';

/** A plain_text object from raw text, clamped to `max`; never empty (Slack rejects empty texts). */
export function plain(text: string, max: number = MAX_TEXT_OBJECT): PlainTextElement {
  const clean = inlinePlain(text);
  return { type: 'plain_text', text: clampText(clean === '' ? '-' : clean, max), emoji: true };
}

/** A mrkdwn object from already-escaped text, clamped to `max`. */
export function mrkdwn(text: string, max: number = MAX_TEXT_OBJECT): MrkdwnElement {
  return { type: 'mrkdwn', text: clampMrkdwn(text === '' ? ' ' : text, max) };
}

export function header(text: string): HeaderBlock {
  return { type: 'header', text: plain(text, MAX_HEADER_TEXT) };
}

/** A section of escaped mrkdwn, with an optional accessory. */
export function section(text: string, accessory?: SectionBlockAccessory): SectionBlock {
  const block: SectionBlock = { type: 'section', text: mrkdwn(text, MAX_SECTION_TEXT) };
  if (accessory) block.accessory = accessory;
  return block;
}

/** A context line of escaped mrkdwn. */
export function context(...texts: string[]): ContextBlock {
  return { type: 'context', elements: texts.map((text) => mrkdwn(text)) };
}

export function divider(): DividerBlock {
  return { type: 'divider' };
}

export function actions(buttons: Button[], blockId?: string): ActionsBlock {
  const block: ActionsBlock = { type: 'actions', elements: buttons };
  if (blockId) block.block_id = blockId;
  return block;
}

export interface ButtonOptions {
  style?: 'primary' | 'danger';
  confirm?: ConfirmationDialog;
}

export function button(text: string, actionId: string, value: string, options: ButtonOptions = {}): Button {
  const element: Button = { type: 'button', text: plain(text, MAX_BUTTON_TEXT), action_id: actionId, value };
  if (options.style) element.style = options.style;
  if (options.confirm) element.confirm = options.confirm;
  return element;
}

/** A confirm dialog; `text` is escaped mrkdwn. */
export function confirmDialog(
  title: string,
  text: string,
  confirm: string,
  deny = 'Cancel',
): ConfirmationDialog {
  return {
    title: plain(title, MAX_CONFIRM_TITLE),
    text: mrkdwn(text, MAX_CONFIRM_TEXT),
    confirm: plain(confirm, MAX_CONFIRM_BUTTON),
    deny: plain(deny, MAX_CONFIRM_BUTTON),
  };
}
