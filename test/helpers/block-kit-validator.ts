/**
 * A strict checker for the Block Kit limits Slack enforces (notes/slack-platform.md §1.2), for messages and modals.
 * It reads the surface as untyped JSON, so it also catches what the @slack/types definitions let through (a one-option
 * overflow, an empty text, a duplicate block_id), and reports every violation with its exact path, e.g.
 * `blocks[3].accessory.options[1].text.text: 80 chars > 75`.
 */
import { expect } from 'vitest';
import * as L from '../../src/cards/format/block-kit-limits.js';
import { blockTextLength } from '../../src/cards/format/clamp-message.js';
import type { ModalView, SlackMessage } from '../../src/cards/types.js';

export interface BlockKitViolation {
  path: string;
  problem: string;
}

type Json = Record<string, unknown>;

/** Every limit `surface` violates (empty when it is fine). */
export function findBlockKitViolations(surface: SlackMessage | ModalView): BlockKitViolation[] {
  const out: BlockKitViolation[] = [];
  const root: unknown = surface;
  if (!isObject(root)) return [{ path: '(root)', problem: 'not an object' }];
  if (root.type === 'modal' || root.type === 'home') checkView(root, out);
  else checkMessage(root, out);
  return out;
}

/** Throws an Error listing every violated limit, each with its path; returns quietly when within limits. */
export function assertWithinBlockKitLimits(surface: SlackMessage | ModalView): void {
  const violations = findBlockKitViolations(surface);
  if (violations.length > 0) {
    const lines = violations.map((violation) => `  ${violation.path}: ${violation.problem}`);
    throw new Error(`Block Kit limits violated (${violations.length}):\n${lines.join('\n')}`);
  }
  // Counted as the calling test's assertion (a test whose only check is this call still asserts something).
  expect(violations).toEqual([]);
}

function checkMessage(message: Json, out: BlockKitViolation[]): void {
  if (typeof message.text !== 'string' || message.text.trim() === '') {
    out.push({ path: 'text', problem: 'fallback text is required with blocks and must not be empty' });
  } else {
    maxLength(message.text, L.MAX_MESSAGE_TEXT, 'text', out);
  }
  const blocks = checkBlockList(message.blocks, L.MAX_MESSAGE_BLOCKS, out);
  const chars = blockTextLength(blocks);
  if (chars > L.MESSAGE_TEXT_BUDGET) {
    out.push({
      path: 'blocks',
      problem: `${chars} chars of block text > ${L.MESSAGE_TEXT_BUDGET} (msg_blocks_too_long)`,
    });
  }
}

function checkView(view: Json, out: BlockKitViolation[]): void {
  if (view.type === 'modal') {
    textObject(view.title, 'title', { max: L.MAX_MODAL_TITLE, plainOnly: true, required: true }, out);
    textObject(view.close, 'close', { max: L.MAX_MODAL_BUTTON, plainOnly: true }, out);
    textObject(view.submit, 'submit', { max: L.MAX_MODAL_BUTTON, plainOnly: true }, out);
  }
  optionalString(view.private_metadata, L.MAX_PRIVATE_METADATA, 'private_metadata', out);
  optionalString(view.callback_id, L.MAX_ID_LENGTH, 'callback_id', out);
  optionalString(view.external_id, L.MAX_ID_LENGTH, 'external_id', out);
  const blocks = checkBlockList(view.blocks, L.MAX_MODAL_BLOCKS, out);
  const hasInput = blocks.some((block) => isObject(block) && block.type === 'input');
  if (view.type === 'modal' && hasInput && view.submit === undefined) {
    out.push({ path: 'submit', problem: 'a modal with input blocks needs a submit button' });
  }
}

function checkBlockList(value: unknown, max: number, out: BlockKitViolation[]): unknown[] {
  if (!Array.isArray(value)) {
    out.push({ path: 'blocks', problem: 'must be an array' });
    return [];
  }
  if (value.length > max) out.push({ path: 'blocks', problem: `${value.length} blocks > ${max}` });
  const blockIds = new Set<string>();
  value.forEach((block, index) => {
    const path = `blocks[${index}]`;
    if (!isObject(block)) {
      out.push({ path, problem: 'not an object' });
      return;
    }
    if (typeof block.block_id === 'string') {
      maxLength(block.block_id, L.MAX_ID_LENGTH, `${path}.block_id`, out);
      if (blockIds.has(block.block_id))
        out.push({ path: `${path}.block_id`, problem: `duplicate block_id "${block.block_id}"` });
      blockIds.add(block.block_id);
    }
    checkBlock(block, path, out);
  });
  return value;
}

function checkBlock(block: Json, path: string, out: BlockKitViolation[]): void {
  switch (block.type) {
    case 'header':
      textObject(
        block.text,
        `${path}.text`,
        { max: L.MAX_HEADER_TEXT, plainOnly: true, required: true },
        out,
      );
      return;
    case 'section': {
      if (block.text === undefined && block.fields === undefined) {
        out.push({ path, problem: 'a section needs text or fields' });
      }
      textObject(block.text, `${path}.text`, { max: L.MAX_SECTION_TEXT }, out);
      if (block.fields !== undefined) {
        const fields = list(block.fields, `${path}.fields`, { min: 1, max: L.MAX_SECTION_FIELDS }, out);
        fields.forEach((field, i) => {
          textObject(field, `${path}.fields[${i}]`, { max: L.MAX_FIELD_TEXT, required: true }, out);
        });
      }
      if (block.accessory !== undefined) checkElement(block.accessory, `${path}.accessory`, out);
      return;
    }
    case 'context': {
      const elements = list(block.elements, `${path}.elements`, { min: 1, max: L.MAX_CONTEXT_ELEMENTS }, out);
      elements.forEach((element, i) => {
        const at = `${path}.elements[${i}]`;
        if (isObject(element) && element.type === 'image') checkImage(element, at, out);
        else textObject(element, at, { max: L.MAX_TEXT_OBJECT, required: true }, out);
      });
      return;
    }
    case 'actions': {
      const elements = list(block.elements, `${path}.elements`, { min: 1, max: L.MAX_ACTIONS_ELEMENTS }, out);
      const actionIds = new Set<string>();
      elements.forEach((element, i) => {
        const at = `${path}.elements[${i}]`;
        if (isObject(element) && typeof element.action_id === 'string') {
          if (actionIds.has(element.action_id)) {
            out.push({
              path: `${at}.action_id`,
              problem: `duplicate action_id "${element.action_id}" in one block`,
            });
          }
          actionIds.add(element.action_id);
        }
        checkElement(element, at, out);
      });
      return;
    }
    case 'image':
      checkImage(block, path, out);
      textObject(block.title, `${path}.title`, { max: L.MAX_IMAGE_TITLE, plainOnly: true }, out);
      return;
    case 'input':
      textObject(
        block.label,
        `${path}.label`,
        { max: L.MAX_INPUT_LABEL, plainOnly: true, required: true },
        out,
      );
      textObject(block.hint, `${path}.hint`, { max: L.MAX_INPUT_HINT, plainOnly: true }, out);
      if (block.element === undefined)
        out.push({ path: `${path}.element`, problem: 'an input block needs an element' });
      else checkElement(block.element, `${path}.element`, out);
      return;
    case 'divider':
      return;
    case 'markdown':
      if (typeof block.text !== 'string' || block.text === '')
        out.push({ path: `${path}.text`, problem: 'required' });
      else maxLength(block.text, L.MESSAGE_TEXT_BUDGET, `${path}.text`, out);
      return;
    default:
      if (block.type !== 'rich_text' && block.type !== 'file' && block.type !== 'video') {
        out.push({ path: `${path}.type`, problem: `unknown block type ${JSON.stringify(block.type)}` });
      }
  }
}

function checkElement(value: unknown, path: string, out: BlockKitViolation[]): void {
  if (!isObject(value)) {
    out.push({ path, problem: 'not an object' });
    return;
  }
  optionalString(value.action_id, L.MAX_ID_LENGTH, `${path}.action_id`, out);
  if (value.confirm !== undefined) checkConfirm(value.confirm, `${path}.confirm`, out);
  textObject(value.placeholder, `${path}.placeholder`, { max: L.MAX_PLACEHOLDER, plainOnly: true }, out);
  switch (value.type) {
    case 'button':
      textObject(
        value.text,
        `${path}.text`,
        { max: L.MAX_BUTTON_TEXT, plainOnly: true, required: true },
        out,
      );
      optionalString(value.value, L.MAX_BUTTON_VALUE, `${path}.value`, out);
      optionalString(value.url, L.MAX_URL, `${path}.url`, out);
      optionalString(
        value.accessibility_label,
        L.MAX_ACCESSIBILITY_LABEL,
        `${path}.accessibility_label`,
        out,
      );
      if (value.style !== undefined && value.style !== 'primary' && value.style !== 'danger') {
        out.push({
          path: `${path}.style`,
          problem: `must be primary or danger, got ${JSON.stringify(value.style)}`,
        });
      }
      return;
    case 'overflow':
      options(
        value.options,
        `${path}.options`,
        { min: L.MIN_OVERFLOW_OPTIONS, max: L.MAX_OVERFLOW_OPTIONS },
        out,
      );
      return;
    case 'static_select':
    case 'multi_static_select':
      if (value.option_groups !== undefined) {
        const groups = list(
          value.option_groups,
          `${path}.option_groups`,
          { min: 1, max: L.MAX_OPTION_GROUPS },
          out,
        );
        groups.forEach((group, i) => {
          const at = `${path}.option_groups[${i}]`;
          if (!isObject(group)) {
            out.push({ path: at, problem: 'not an object' });
            return;
          }
          textObject(
            group.label,
            `${at}.label`,
            { max: L.MAX_OPTION_TEXT, plainOnly: true, required: true },
            out,
          );
          options(group.options, `${at}.options`, { min: 1, max: L.MAX_SELECT_OPTIONS }, out);
        });
      } else {
        options(value.options, `${path}.options`, { min: 1, max: L.MAX_SELECT_OPTIONS }, out);
      }
      return;
    case 'checkboxes':
    case 'radio_buttons':
      options(
        value.options,
        `${path}.options`,
        { min: 1, max: L.MAX_CHOICE_OPTIONS, mrkdwnAllowed: true },
        out,
      );
      return;
    case 'plain_text_input': {
      const max = typeof value.max_length === 'number' ? value.max_length : L.MAX_PLAIN_TEXT_INPUT_LENGTH;
      if (max > L.MAX_PLAIN_TEXT_INPUT_LENGTH) {
        out.push({ path: `${path}.max_length`, problem: `${max} > ${L.MAX_PLAIN_TEXT_INPUT_LENGTH}` });
      }
      optionalString(value.initial_value, max, `${path}.initial_value`, out);
      return;
    }
    case 'image':
      checkImage(value, path, out);
      return;
    default:
      return;
  }
}

function options(
  value: unknown,
  path: string,
  bounds: { min: number; max: number; mrkdwnAllowed?: boolean },
  out: BlockKitViolation[],
): void {
  const items = list(value, path, bounds, out);
  items.forEach((option, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(option)) {
      out.push({ path: at, problem: 'not an object' });
      return;
    }
    textObject(
      option.text,
      `${at}.text`,
      { max: L.MAX_OPTION_TEXT, plainOnly: !bounds.mrkdwnAllowed, required: true },
      out,
    );
    textObject(
      option.description,
      `${at}.description`,
      { max: L.MAX_OPTION_DESCRIPTION, plainOnly: true },
      out,
    );
    optionalString(option.value, L.MAX_OPTION_VALUE, `${at}.value`, out);
    optionalString(option.url, L.MAX_URL, `${at}.url`, out);
  });
}

function checkConfirm(value: unknown, path: string, out: BlockKitViolation[]): void {
  if (!isObject(value)) return void out.push({ path, problem: 'not an object' });
  textObject(value.title, `${path}.title`, { max: L.MAX_CONFIRM_TITLE, plainOnly: true }, out);
  textObject(value.text, `${path}.text`, { max: L.MAX_CONFIRM_TEXT, required: true }, out);
  textObject(value.confirm, `${path}.confirm`, { max: L.MAX_CONFIRM_BUTTON, plainOnly: true }, out);
  textObject(value.deny, `${path}.deny`, { max: L.MAX_CONFIRM_BUTTON, plainOnly: true }, out);
}

function checkImage(image: Json, path: string, out: BlockKitViolation[]): void {
  if (typeof image.image_url === 'string') {
    maxLength(image.image_url, L.MAX_URL, `${path}.image_url`, out);
    if (!/^https?:\/\//i.test(image.image_url))
      out.push({ path: `${path}.image_url`, problem: 'must be an http(s) URL' });
  } else if (image.slack_file === undefined) {
    out.push({ path: `${path}.image_url`, problem: 'image_url or slack_file is required' });
  }
  if (typeof image.alt_text !== 'string' || image.alt_text === '') {
    out.push({ path: `${path}.alt_text`, problem: 'required' });
  } else {
    maxLength(image.alt_text, L.MAX_IMAGE_ALT_TEXT, `${path}.alt_text`, out);
  }
}

function textObject(
  value: unknown,
  path: string,
  rules: { max: number; plainOnly?: boolean; required?: boolean },
  out: BlockKitViolation[],
): void {
  if (value === undefined) {
    if (rules.required) out.push({ path, problem: 'required' });
    return;
  }
  if (!isObject(value)) return void out.push({ path, problem: 'must be a text object' });
  if (value.type !== 'plain_text' && value.type !== 'mrkdwn') {
    out.push({
      path: `${path}.type`,
      problem: `must be plain_text or mrkdwn, got ${JSON.stringify(value.type)}`,
    });
  } else if (rules.plainOnly && value.type !== 'plain_text') {
    out.push({ path: `${path}.type`, problem: 'must be plain_text here' });
  }
  if (typeof value.text !== 'string' || value.text.length === 0) {
    out.push({ path: `${path}.text`, problem: 'must be a non-empty string' });
    return;
  }
  maxLength(value.text, rules.max, `${path}.text`, out);
}

function list(
  value: unknown,
  path: string,
  bounds: { min: number; max: number },
  out: BlockKitViolation[],
): unknown[] {
  if (!Array.isArray(value)) {
    out.push({ path, problem: 'must be an array' });
    return [];
  }
  if (value.length < bounds.min || value.length > bounds.max) {
    out.push({ path, problem: `${value.length} item(s), allowed ${bounds.min}–${bounds.max}` });
  }
  return value;
}

function optionalString(value: unknown, max: number, path: string, out: BlockKitViolation[]): void {
  if (value === undefined) return;
  if (typeof value !== 'string') return void out.push({ path, problem: 'must be a string' });
  maxLength(value, max, path, out);
}

function maxLength(value: string, max: number, path: string, out: BlockKitViolation[]): void {
  if (value.length > max) out.push({ path, problem: `${value.length} chars > ${max}` });
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
