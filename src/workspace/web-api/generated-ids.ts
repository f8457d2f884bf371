/**
 * Slack gives every block a block_id and every interactive element an action_id when the app leaves them out, and
 * payloads carry those generated ids. Doing the same here means the page can address any element by
 * (block_id, action_id) and the bot sees the ids it would see in production. Only the objects that get an id are
 * copied (the blocks, and elements without an action_id); the rest is shared with the input, which every caller
 * parsed from a request and never changes, so a card costs microseconds, not a deep clone.
 */
import { randomBytes } from 'node:crypto';
import { arrayAt, isObject, type JsonObject, objectAt } from '../shared/json-reader.js';

// Unique within the process (a counter), and unlike another process's (a random prefix).
const prefix = randomBytes(2).toString('base64url');
let serial = 0;
const shortId = () => `${prefix}${(++serial).toString(36)}`;

export function withGeneratedIds(blocks: unknown[]): JsonObject[] {
  return blocks.filter(isObject).map((original) => {
    const block: JsonObject = { ...original };
    if (typeof block.block_id !== 'string' || block.block_id === '') block.block_id = shortId();
    const accessory = objectAt(block, 'accessory');
    if (accessory) block.accessory = withActionId(accessory);
    const element = objectAt(block, 'element');
    if (element) block.element = withActionId(element);
    const elements = block.type === 'actions' ? arrayAt(block, 'elements') : null;
    if (elements) block.elements = elements.map((child) => (isObject(child) ? withActionId(child) : child));
    return block;
  });
}

function withActionId(element: JsonObject): JsonObject {
  if (element.type === 'image') return element;
  if (typeof element.action_id === 'string' && element.action_id !== '') return element;
  return { ...element, action_id: shortId() };
}
