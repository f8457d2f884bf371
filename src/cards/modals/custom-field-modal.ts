/**
 * The "set a custom field" modal for one container: a select of the account's container custom fields (each option
 * shows the container's current value) and a value input that fits the selected field — a select for enum and boolean
 * definitions, free text otherwise. Changing the field dispatches a block action so the listener can swap the value
 * input; the value block's id carries the slug so Slack does not keep the previous field's input state.
 */
import type { KnownBlock, PlainTextOption } from '@slack/types';
import type { CustomField, CustomFieldDefinition } from '../../tracking/models.js';
import { INPUT, VIEW } from '../ids.js';
import type { ModalView, RenderContext } from '../types.js';
import {
  type CustomFieldMetadata,
  type CustomFieldSpec,
  serializeCustomFieldMetadata,
} from './custom-field-metadata.js';
import { choicesOf, valueInput } from './custom-field-value-input.js';
import { displayValue, mrkdwnWithin, plain } from './modal-text.js';

const SELECT_OPTIONS_MAX = 100;
const OPTION_TEXT_MAX = 75;
const OPTION_VALUE_MAX = 150;

export interface CustomFieldModalTarget {
  containerId: string;
  containerNumber: string;
  shipmentId: string | null;
  /** Where the card is, so the submission can update it and thread the audit line. */
  channelId: string | null;
  messageTs: string | null;
  threadTs: string | null;
}

export interface CustomFieldModalInput {
  target: CustomFieldModalTarget;
  definitions: readonly CustomFieldDefinition[];
  current: readonly CustomField[];
  /** The field to preselect; defaults to the first definition. */
  selectedSlug?: string | null;
}

/** Renders the modal; `definitions` must not be empty (show a notice modal instead). */
export function renderCustomFieldModal(input: CustomFieldModalInput, _ctx: RenderContext): ModalView {
  const definitions = input.definitions.slice(0, SELECT_OPTIONS_MAX);
  const selected =
    definitions.find((definition) => definition.apiSlug === input.selectedSlug) ?? definitions[0];
  if (!selected) throw new RangeError('renderCustomFieldModal needs at least one definition');
  const currentBySlug = new Map(input.current.map((field) => [field.apiSlug, field]));
  const fieldOptions = definitions.map((definition) => fieldOption(definition, currentBySlug));
  const selectedOption = fieldOptions[definitions.indexOf(selected)];

  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `Set a custom field on container *${mrkdwnWithin(input.target.containerNumber, 200)}*.`,
      },
    },
    {
      type: 'input',
      block_id: INPUT.customFieldSlug.block,
      dispatch_action: true,
      label: plain('Field', 2000),
      element: {
        type: 'static_select',
        action_id: INPUT.customFieldSlug.action,
        options: fieldOptions,
        ...(selectedOption ? { initial_option: selectedOption } : {}),
      },
    },
    valueInput(selected, currentBySlug.get(selected.apiSlug) ?? null),
  ];

  const metadata: CustomFieldMetadata = {
    ...input.target,
    fields: Object.fromEntries(definitions.map((definition) => [definition.apiSlug, specOf(definition)])),
  };
  return {
    type: 'modal',
    callback_id: VIEW.customField,
    title: plain('Set custom field', 24),
    submit: plain('Save', 24),
    close: plain('Cancel', 24),
    private_metadata: serializeCustomFieldMetadata(metadata),
    blocks,
  };
}

function specOf(definition: CustomFieldDefinition): CustomFieldSpec {
  // Only options the select can show: an enum offered as free text (no usable options) is left to the API.
  const options = choicesOf(definition)?.map((choice) => choice.value ?? '') ?? [];
  const isEnum = definition.dataType === 'enum' || definition.dataType === 'enum_multi';
  const label = definition.displayName?.trim() ? { label: definition.displayName.trim().slice(0, 200) } : {};
  return isEnum && options.length > 0
    ? { type: definition.dataType, options, ...label }
    : { type: definition.dataType, ...label };
}

function fieldOption(
  definition: CustomFieldDefinition,
  currentBySlug: ReadonlyMap<string, CustomField>,
): PlainTextOption {
  const current = currentBySlug.get(definition.apiSlug);
  const shown = current ? (current.displayValue ?? displayValue(current.value)) : '';
  return {
    text: plain(definition.displayName ?? definition.apiSlug, OPTION_TEXT_MAX),
    value: definition.apiSlug.slice(0, OPTION_VALUE_MAX),
    description: plain(shown ? `now: ${shown}` : 'not set', OPTION_TEXT_MAX),
  };
}
