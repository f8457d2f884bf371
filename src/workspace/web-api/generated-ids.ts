/**
 * Slack gives every block a block_id and every interactive element an action_id when the app leaves them out, and
 * payloads carry those generated ids. Doing the same here means the page can address any element by
 * (block_id, action_id) and the bot sees the ids it would see in production.
 */
import { randomBytes } from 'node:crypto';
import { arrayAt, isObject, type JsonObject, objectAt } from '../shared/json-reader.js';

const shortId = () => randomBytes(3).toString('base64url');

export function withGeneratedIds(blocks: unknown[]): JsonObject[] {
  return blocks.filter(isObject).map((original) => {
    const block: JsonObject = structuredClone(original);
    if (typeof block.block_id !== 'string' || block.block_id === '') block.block_id = shortId();
    const accessory = objectAt(block, 'accessory');
    if (accessory) fillActionId(accessory);
    const element = objectAt(block, 'element');
    if (element) fillActionId(element);
    if (block.type === 'actions') {
      for (const child of arrayAt(block, 'elements') ?? []) if (isObject(child)) fillActionId(child);
    }
    return block;
  });
}

function fillActionId(element: JsonObject): void {
  if (element.type === 'image') return;
  if (typeof element.action_id !== 'string' || element.action_id === '') element.action_id = shortId();
}
