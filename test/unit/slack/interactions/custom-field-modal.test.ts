import type { InputBlock, StaticSelect } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { INPUT, VIEW } from '../../../../src/cards/ids.js';
import {
  customFieldValueBlockId,
  parseCustomFieldMetadata,
  renderCustomFieldModal,
} from '../../../../src/cards/modals/index.js';
import type { ModalView } from '../../../../src/cards/types.js';
import type { CustomField, CustomFieldDefinition } from '../../../../src/tracking/models.js';
import { assertWithinBlockKitLimits } from '../../../helpers/block-kit-validator.js';

const now = new Date('2026-03-10T12:00:00Z');
const target = {
  containerId: 'cont-1',
  containerNumber: 'TCLU1234568',
  shipmentId: 'ship-1',
  channelId: 'C0OPS',
  messageTs: '1700000000.000100',
  threadTs: null,
};

function definition(overrides: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition {
  return {
    id: `def-${overrides.apiSlug ?? 'po_number'}`,
    apiSlug: 'po_number',
    displayName: 'PO number',
    description: null,
    entityType: 'Container',
    dataType: 'short_text',
    options: [],
    ...overrides,
  };
}

function value(apiSlug: string, v: CustomField['value']): CustomField {
  return {
    id: `cf-${apiSlug}`,
    apiSlug,
    value: v,
    displayValue: null,
    entity: { type: 'container', id: 'cont-1' },
  };
}

const priority = definition({
  apiSlug: 'delivery_priority',
  displayName: 'Delivery priority',
  dataType: 'enum',
  options: [
    { value: 'high', label: 'High' },
    { value: 'normal', label: 'Normal' },
  ],
});

function isInput(block: ModalView['blocks'][number]): block is InputBlock {
  return block.type === 'input';
}

function inputBlock(view: ModalView, blockId: string): InputBlock {
  const block = view.blocks.find((candidate) => candidate.block_id === blockId);
  if (!block || !isInput(block)) throw new Error(`no input block ${blockId}`);
  return block;
}

describe('renderCustomFieldModal', () => {
  it('offers every field with its current value and preselects the first', () => {
    const view = renderCustomFieldModal(
      { target, definitions: [definition(), priority], current: [value('po_number', '4500123')] },
      { now },
    );
    assertWithinBlockKitLimits(view);
    expect(view.callback_id).toBe(VIEW.customField);
    const select = inputBlock(view, INPUT.customFieldSlug.block);
    expect(select.dispatch_action).toBe(true);
    const element = select.element as StaticSelect; // SAFETY: test reads what the renderer built.
    expect(element.options?.map((option) => [option.value, option.description?.text])).toEqual([
      ['po_number', 'now: 4500123'],
      ['delivery_priority', 'not set'],
    ]);
    expect(element.initial_option?.value).toBe('po_number');
  });

  it('prefills a text field with its current value', () => {
    const view = renderCustomFieldModal(
      { target, definitions: [definition()], current: [value('po_number', '4500123')] },
      { now },
    );
    const input = inputBlock(view, customFieldValueBlockId('po_number'));
    expect(input.element).toMatchObject({
      type: 'plain_text_input',
      action_id: INPUT.customFieldValue.action,
      initial_value: '4500123',
    });
  });

  it('shows a select of the options when the chosen field is an enum', () => {
    const view = renderCustomFieldModal(
      {
        target,
        definitions: [definition(), priority],
        current: [value('delivery_priority', 'high')],
        selectedSlug: 'delivery_priority',
      },
      { now },
    );
    assertWithinBlockKitLimits(view);
    const input = inputBlock(view, customFieldValueBlockId('delivery_priority'));
    expect(input.element).toMatchObject({
      type: 'static_select',
      initial_option: { value: 'high' },
      options: [{ value: 'high' }, { value: 'normal' }],
    });
  });

  it('records where the card is, what each field accepts and its label (for the audit line) in private_metadata', () => {
    const view = renderCustomFieldModal(
      { target, definitions: [definition(), priority], current: [] },
      { now },
    );
    expect(parseCustomFieldMetadata(view.private_metadata)).toEqual({
      ...target,
      fields: {
        po_number: { type: 'short_text', label: 'PO number' },
        delivery_priority: { type: 'enum', options: ['high', 'normal'], label: 'Delivery priority' },
      },
    });
  });

  it('stays within Block Kit limits with 150 long-named enum fields of 150 options each', () => {
    const long = 'x'.repeat(300);
    const definitions = Array.from({ length: 150 }, (_, index) =>
      definition({
        apiSlug: `field_${index}`,
        displayName: `${long} ${index}`,
        description: long.repeat(10),
        dataType: 'enum',
        options: Array.from({ length: 150 }, (_, option) => ({ value: `option_${option}`, label: long })),
      }),
    );
    const current = definitions.map((d) => value(d.apiSlug, long));
    const view = renderCustomFieldModal(
      { target: { ...target, containerNumber: long }, definitions, current },
      { now },
    );
    assertWithinBlockKitLimits(view);
    expect(view.private_metadata?.length).toBeLessThanOrEqual(3000);
    // The options no longer fit; the field types still do, or at least the card location.
    expect(parseCustomFieldMetadata(view.private_metadata)?.containerId).toBe('cont-1');
  });

  it('escapes the container number so it cannot ping or link', () => {
    const view = renderCustomFieldModal(
      {
        target: { ...target, containerNumber: '<!channel> <https://evil|x>' },
        definitions: [definition()],
        current: [],
      },
      { now },
    );
    expect(JSON.stringify(view.blocks[0])).not.toContain('<!channel>');
    expect(JSON.stringify(view.blocks[0])).toContain('&lt;!channel&gt;');
  });
});

describe('parseCustomFieldMetadata', () => {
  it('refuses metadata that is not ours', () => {
    expect(parseCustomFieldMetadata('')).toBeNull();
    expect(parseCustomFieldMetadata('not json')).toBeNull();
    expect(parseCustomFieldMetadata('{"containerId":42}')).toBeNull();
  });
});
