/**
 * A rough Block Kit validator: the limits Slack rejects most often (docs/slack-platform.md#block-kit-limits-enforced-when-rendering), answered the way
 * Slack answers them (`invalid_blocks` with json-pointer messages). It is deliberately not complete; its job is to
 * make a card that Slack would refuse fail loudly on the local page too.
 */
import { arrayAt, isObject, type JsonObject, objectAt, objects, stringAt } from '../shared/json-reader.js';

export type Surface = 'message' | 'modal';

const MAX_BLOCKS: Record<Surface, number> = { message: 50, modal: 100 };
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
]);

/** Returns Slack-style error lines; empty when the blocks pass. */
export function checkBlocks(blocks: unknown, surface: Surface): string[] {
  if (!Array.isArray(blocks)) return ['must be an array [json-pointer:/blocks]'];
  const errors: string[] = [];
  if (blocks.length > MAX_BLOCKS[surface]) {
    errors.push(`must be less than ${MAX_BLOCKS[surface] + 1} items [json-pointer:/blocks]`);
  }
  const blockIds = new Set<string>();
  blocks.forEach((block, index) => {
    const at = `/blocks/${index}`;
    if (!isObject(block)) {
      errors.push(`must be an object [json-pointer:${at}]`);
      return;
    }
    const blockId = stringAt(block, 'block_id');
    if (blockId !== null) {
      if (blockId.length > 255) errors.push(`must be less than 256 characters [json-pointer:${at}/block_id]`);
      if (blockIds.has(blockId)) errors.push(`duplicate block_id [json-pointer:${at}/block_id]`);
      blockIds.add(blockId);
    }
    errors.push(...checkBlock(block, at, surface));
  });
  return errors;
}

function checkBlock(block: JsonObject, at: string, surface: Surface): string[] {
  const type = stringAt(block, 'type');
  if (type === null || !KNOWN_BLOCKS.has(type))
    return [`unsupported type: ${String(type)} [json-pointer:${at}/type]`];
  const errors: string[] = [];
  const limitText = (key: string, max: number, required: boolean) => {
    const text = objectAt(block, key);
    if (!text) {
      if (required) errors.push(`missing required field: ${key} [json-pointer:${at}/${key}]`);
      return;
    }
    const value = stringAt(text, 'text') ?? '';
    if (value.length === 0) errors.push(`must be more than 0 characters [json-pointer:${at}/${key}/text]`);
    if (value.length > max)
      errors.push(`must be less than ${max + 1} characters [json-pointer:${at}/${key}/text]`);
  };
  switch (type) {
    case 'header':
      limitText('text', 150, true);
      if (stringAt(objectAt(block, 'text'), 'type') !== 'plain_text') {
        errors.push(`must be plain_text [json-pointer:${at}/text/type]`);
      }
      break;
    case 'section': {
      const fields = arrayAt(block, 'fields');
      if (!objectAt(block, 'text') && !fields) {
        errors.push(`must provide either text or fields [json-pointer:${at}]`);
      }
      limitText('text', 3000, false);
      if (fields && fields.length > 10) errors.push(`must be less than 11 items [json-pointer:${at}/fields]`);
      objects(fields).forEach((field, i) => {
        const length = (stringAt(field, 'text') ?? '').length;
        if (length === 0 || length > 2000) {
          errors.push(`must be 1-2000 characters [json-pointer:${at}/fields/${i}/text]`);
        }
      });
      const accessory = objectAt(block, 'accessory');
      if (accessory) errors.push(...checkElement(accessory, `${at}/accessory`));
      break;
    }
    case 'context': {
      const elements = arrayAt(block, 'elements') ?? [];
      if (elements.length === 0 || elements.length > 10) {
        errors.push(`must have 1-10 items [json-pointer:${at}/elements]`);
      }
      break;
    }
    case 'actions': {
      const elements = objects(arrayAt(block, 'elements'));
      if (elements.length === 0 || elements.length > 25) {
        errors.push(`must have 1-25 items [json-pointer:${at}/elements]`);
      }
      const actionIds = new Set<string>();
      elements.forEach((element, i) => {
        const actionId = stringAt(element, 'action_id');
        if (actionId !== null && actionIds.has(actionId)) {
          errors.push(`duplicate action_id [json-pointer:${at}/elements/${i}/action_id]`);
        }
        if (actionId !== null) actionIds.add(actionId);
        errors.push(...checkElement(element, `${at}/elements/${i}`));
      });
      break;
    }
    case 'image':
      if (!stringAt(block, 'image_url') && !objectAt(block, 'slack_file')) {
        errors.push(`missing required field: image_url [json-pointer:${at}]`);
      }
      if (!stringAt(block, 'alt_text')) errors.push(`missing required field: alt_text [json-pointer:${at}]`);
      break;
    case 'input':
      if (surface === 'message') errors.push(`input blocks are not allowed in messages [json-pointer:${at}]`);
      limitText('label', 2000, true);
      if (!objectAt(block, 'element')) errors.push(`missing required field: element [json-pointer:${at}]`);
      break;
  }
  return errors;
}

function checkElement(element: JsonObject, at: string): string[] {
  const errors: string[] = [];
  const actionId = stringAt(element, 'action_id');
  if (actionId !== null && actionId.length > 255) {
    errors.push(`must be less than 256 characters [json-pointer:${at}/action_id]`);
  }
  switch (stringAt(element, 'type')) {
    case 'button': {
      const text = stringAt(objectAt(element, 'text'), 'text') ?? '';
      if (text.length === 0 || text.length > 75)
        errors.push(`must be 1-75 characters [json-pointer:${at}/text]`);
      const value = stringAt(element, 'value');
      if (value !== null && value.length > 2000) {
        errors.push(`must be less than 2001 characters [json-pointer:${at}/value]`);
      }
      break;
    }
    case 'overflow': {
      const options = arrayAt(element, 'options') ?? [];
      if (options.length === 0 || options.length > 5)
        errors.push(`must have 1-5 items [json-pointer:${at}/options]`);
      break;
    }
    case 'static_select':
    case 'multi_static_select': {
      const options = arrayAt(element, 'options');
      if (!options && !arrayAt(element, 'option_groups')) {
        errors.push(`must provide options or option_groups [json-pointer:${at}]`);
      }
      if (options && options.length > 100)
        errors.push(`must be less than 101 items [json-pointer:${at}/options]`);
      break;
    }
  }
  return errors;
}

/** Checks a modal view: title/submit/close lengths, `submit` when inputs exist, private_metadata size, blocks. */
export function checkView(view: unknown): string[] {
  if (!isObject(view)) return ['must be an object [json-pointer:/view]'];
  const errors: string[] = [];
  if (stringAt(view, 'type') !== 'modal') errors.push('must be modal [json-pointer:/view/type]');
  for (const key of ['title', 'submit', 'close']) {
    const text = stringAt(objectAt(view, key), 'text');
    if (key === 'title' && text === null)
      errors.push('missing required field: title [json-pointer:/view/title]');
    if (text !== null && text.length > 24) {
      errors.push(`must be less than 25 characters [json-pointer:/view/${key}/text]`);
    }
  }
  const blocks = arrayAt(view, 'blocks');
  const hasInputs = objects(blocks).some((block) => stringAt(block, 'type') === 'input');
  if (hasInputs && !objectAt(view, 'submit')) {
    errors.push('submit is required when a view has input blocks [json-pointer:/view/submit]');
  }
  const metadata = stringAt(view, 'private_metadata');
  if (metadata !== null && metadata.length > 3000) {
    errors.push('must be less than 3001 characters [json-pointer:/view/private_metadata]');
  }
  errors.push(
    ...checkBlocks(blocks, 'modal').map((e) => e.replace('[json-pointer:/', '[json-pointer:/view/')),
  );
  return errors;
}
