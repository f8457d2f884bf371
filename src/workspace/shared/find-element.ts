/** Finds interactive elements and their options inside Block Kit JSON, by the ids payloads carry. */
import { arrayAt, isObject, type JsonObject, objectAt, objects, stringAt } from './json-reader.js';

/** Every element in `blocks` that can carry an action_id, with the block it lives in. */
export function interactiveElements(blocks: unknown[]): Array<{ block: JsonObject; element: JsonObject }> {
  const found: Array<{ block: JsonObject; element: JsonObject }> = [];
  for (const block of blocks.filter(isObject)) {
    const candidates = [objectAt(block, 'accessory'), objectAt(block, 'element')];
    if (stringAt(block, 'type') === 'actions') candidates.push(...objects(arrayAt(block, 'elements')));
    for (const element of candidates) {
      if (element && stringAt(element, 'action_id') !== null) found.push({ block, element });
    }
  }
  return found;
}

export function findElement(
  blocks: unknown[],
  blockId: string,
  actionId: string,
): { block: JsonObject; element: JsonObject } | null {
  return (
    interactiveElements(blocks).find(
      ({ block, element }) => block.block_id === blockId && element.action_id === actionId,
    ) ?? null
  );
}

/** The element's options, flattening option_groups. */
export function optionsOf(element: JsonObject): JsonObject[] {
  const direct = objects(arrayAt(element, 'options'));
  const grouped = objects(arrayAt(element, 'option_groups')).flatMap((group) =>
    objects(arrayAt(group, 'options')),
  );
  return [...direct, ...grouped];
}

export function findOption(element: JsonObject, value: string): JsonObject | null {
  return optionsOf(element).find((option) => option.value === value) ?? null;
}
