/**
 * The value input of the custom-field modal, shaped by the field's data type: a select for enum and boolean fields
 * (so only offered values can be chosen), free text with a type hint otherwise, prefilled with the current value.
 */
import type { InputBlock, PlainTextOption } from '@slack/types';
import type { CustomField, CustomFieldDefinition } from '../../tracking/models.js';
import { clampText } from '../format/clamp-text.js';
import { INPUT } from '../ids.js';
import { displayValue, plain } from './modal-text.js';

const SELECT_OPTIONS_MAX = 100;
const OPTION_TEXT_MAX = 75;
const OPTION_VALUE_MAX = 150;
const INPUT_MAX_LENGTH = 3000;

/** The id of the value input block for one field (prefix `INPUT.customFieldValue.block`). */
export function customFieldValueBlockId(slug: string): string {
  return `${INPUT.customFieldValue.block}:${slug}`.slice(0, 255);
}

export function valueInput(definition: CustomFieldDefinition, current: CustomField | null): InputBlock {
  const hint = [definition.description, typeHint(definition.dataType)].filter(Boolean).join(' · ');
  const base = {
    type: 'input' as const,
    block_id: customFieldValueBlockId(definition.apiSlug),
    label: plain(`Value of ${definition.displayName ?? definition.apiSlug}`, 2000),
    ...(hint ? { hint: plain(hint, 2000) } : {}),
  };
  const action_id = INPUT.customFieldValue.action;
  const choices = choicesOf(definition);
  if (choices) {
    const currentValues = new Set(current ? valuesOf(current.value) : []);
    const initial = choices.filter((choice) => currentValues.has(choice.value ?? ''));
    if (definition.dataType === 'enum_multi') {
      return {
        ...base,
        element: {
          type: 'multi_static_select',
          action_id,
          options: choices,
          ...(initial.length > 0 ? { initial_options: initial } : {}),
        },
      };
    }
    return {
      ...base,
      element: {
        type: 'static_select',
        action_id,
        options: choices,
        ...(initial[0] ? { initial_option: initial[0] } : {}),
      },
    };
  }
  const initialValue = current ? clampText(displayValue(current.value), INPUT_MAX_LENGTH) : '';
  return {
    ...base,
    element: {
      type: 'plain_text_input',
      action_id,
      max_length: INPUT_MAX_LENGTH,
      ...(initialValue ? { initial_value: initialValue } : {}),
      placeholder: plain(placeholderOf(definition.dataType), 150),
    },
  };
}

export function choicesOf(definition: CustomFieldDefinition): PlainTextOption[] | null {
  if (definition.dataType === 'boolean') {
    return [
      { text: plain('Yes', OPTION_TEXT_MAX), value: 'true' },
      { text: plain('No', OPTION_TEXT_MAX), value: 'false' },
    ];
  }
  if (definition.dataType !== 'enum' && definition.dataType !== 'enum_multi') return null;
  const options = definition.options
    .filter((option) => option.value.length > 0 && option.value.length <= OPTION_VALUE_MAX)
    .slice(0, SELECT_OPTIONS_MAX)
    .map((option) => ({ text: plain(option.label || option.value, OPTION_TEXT_MAX), value: option.value }));
  // An enum without usable options cannot be offered as a select; free text lets the API judge the value.
  return options.length > 0 ? options : null;
}

function valuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => String(item));
  if (value === null || value === undefined) return [];
  return [String(value)];
}

function typeHint(dataType: string | null): string {
  switch (dataType) {
    case 'number':
      return 'A number';
    case 'date':
      return 'A date as YYYY-MM-DD';
    case 'datetime':
      return 'A date and time as YYYY-MM-DDTHH:MM with a zone, e.g. 2025-07-01T09:00Z';
    default:
      return '';
  }
}

function placeholderOf(dataType: string | null): string {
  switch (dataType) {
    case 'number':
      return 'e.g. 42';
    case 'date':
      return 'e.g. 2025-07-01';
    case 'datetime':
      return 'e.g. 2025-07-01T09:00Z';
    default:
      return 'Type a value';
  }
}
