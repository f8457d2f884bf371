/**
 * Turns what the page read from a modal's inputs into Slack's `view.state.values` (block_id → action_id → typed
 * value). Options are looked up in the view's own JSON, so a payload only ever carries options the bot offered.
 */
import type { InputValue, InputValues } from '../protocol.js';
import { findOption, interactiveElements } from '../shared/find-element.js';
import { arrayAt, isObject, type JsonObject, objectAt, objects, stringAt } from '../shared/json-reader.js';

const TEXT_TYPES = new Set(['plain_text_input', 'email_text_input', 'url_text_input', 'number_input']);
const SINGLE_OPTION_TYPES = new Set(['static_select', 'radio_buttons']);
const MULTI_OPTION_TYPES = new Set(['multi_static_select', 'checkboxes']);

export function stateValues(blocks: unknown[], provided: InputValues = {}): JsonObject {
  const values: JsonObject = {};
  for (const { block, element } of interactiveElements(blocks)) {
    const blockId = String(block.block_id);
    const actionId = String(element.action_id);
    const given = provided[blockId]?.[actionId];
    // Inputs always appear in state (empty ones as null); other elements only once the user set them.
    if (block.type !== 'input' && given === undefined) continue;
    const entry = stateEntry(element, given);
    if (!entry) continue;
    const forBlock = isObject(values[blockId]) ? values[blockId] : {};
    forBlock[actionId] = entry;
    values[blockId] = forBlock;
  }
  return values;
}

function stateEntry(element: JsonObject, given: InputValue | undefined): JsonObject | null {
  const type = stringAt(element, 'type') ?? '';
  if (TEXT_TYPES.has(type)) {
    const value = given?.type === 'text' ? given.value : stringAt(element, 'initial_value');
    return { type, value: value === null || value === '' ? null : value };
  }
  if (SINGLE_OPTION_TYPES.has(type)) {
    const chosen =
      given?.type === 'option'
        ? given.value === null
          ? null
          : findOption(element, given.value)
        : objectAt(element, 'initial_option');
    return { type, selected_option: chosen };
  }
  if (MULTI_OPTION_TYPES.has(type)) {
    const chosen =
      given?.type === 'options'
        ? given.values.map((value) => findOption(element, value)).filter(isObject)
        : objects(arrayAt(element, 'initial_options'));
    return { type, selected_options: chosen };
  }
  if (type === 'datepicker') {
    const date = given?.type === 'date' ? given.value : stringAt(element, 'initial_date');
    return { type, selected_date: date };
  }
  return null;
}
