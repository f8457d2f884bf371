/** The `actions[0]` object of a block_actions payload, shaped per element type as Slack sends it. */
import { findOption } from '../shared/find-element.js';
import { type JsonObject, objectAt } from '../shared/json-reader.js';

export type ActionObject = { ok: true; action: JsonObject } | { ok: false; error: string };

export function actionObject(
  block: JsonObject,
  element: JsonObject,
  selectedValue: string | undefined,
  actionTs: string,
): ActionObject {
  const base = {
    type: element.type,
    action_id: element.action_id,
    block_id: block.block_id,
    action_ts: actionTs,
  };
  switch (element.type) {
    case 'button':
      return {
        ok: true,
        action: {
          ...base,
          text: element.text,
          ...(typeof element.value === 'string' ? { value: element.value } : {}),
          ...(typeof element.style === 'string' ? { style: element.style } : {}),
        },
      };
    case 'overflow':
    case 'static_select':
    case 'radio_buttons': {
      const option = selectedValue === undefined ? null : findOption(element, selectedValue);
      if (!option) return { ok: false, error: 'unknown_option' };
      const placeholder = objectAt(element, 'placeholder');
      return {
        ok: true,
        action: { ...base, selected_option: option, ...(placeholder ? { placeholder } : {}) },
      };
    }
    case 'datepicker':
      return { ok: true, action: { ...base, selected_date: selectedValue ?? null } };
    default:
      return {
        ok: true,
        action: { ...base, ...(selectedValue !== undefined ? { value: selectedValue } : {}) },
      };
  }
}
