import type { ViewOutput } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { INPUT } from '../../../../src/cards/ids.js';
import { type CustomFieldMetadata, customFieldValueBlockId } from '../../../../src/cards/modals/index.js';
import { validateCustomFieldSubmission } from '../../../../src/features/custom-fields/custom-field-validation.js';

/** Bolt's view state, as a submission carries it: the form readers take it as is. */
type StateValues = ViewOutput['state']['values'];

const metadata: CustomFieldMetadata = {
  containerId: 'cont-1',
  containerNumber: 'TCLU1234568',
  shipmentId: 'ship-1',
  channelId: 'C0OPS',
  messageTs: '1.2',
  threadTs: null,
  fields: {
    po_number: { type: 'short_text' },
    pallets: { type: 'number' },
    priority: { type: 'enum', options: ['high', 'normal'] },
    due: { type: 'date' },
    hazmat: { type: 'boolean' },
  },
};

function submitted(slug: string | null, value: StateValues[string][string] | null): StateValues {
  const values: StateValues = {
    [INPUT.customFieldSlug.block]: {
      [INPUT.customFieldSlug.action]: {
        type: 'static_select',
        selected_option: slug ? { text: { type: 'plain_text', text: slug }, value: slug } : null,
      },
    },
  };
  if (slug && value) values[customFieldValueBlockId(slug)] = { [INPUT.customFieldValue.action]: value };
  return values;
}

const text = (value: string | null) => ({ type: 'plain_text_input', value });
const option = (value: string) => ({
  type: 'static_select',
  selected_option: { text: { type: 'plain_text' as const, text: value }, value },
});

describe('validateCustomFieldSubmission', () => {
  it('accepts a text value, trimmed', () => {
    expect(validateCustomFieldSubmission(submitted('po_number', text('  4500123 ')), metadata)).toEqual({
      ok: true,
      slug: 'po_number',
      value: '4500123',
      display: '4500123',
      valueBlockId: customFieldValueBlockId('po_number'),
    });
  });

  it('asks for a field when none is chosen', () => {
    const result = validateCustomFieldSubmission(submitted(null, null), metadata);
    expect(result).toEqual({ ok: false, errors: { [INPUT.customFieldSlug.block]: 'Choose a field.' } });
  });

  it('puts "Enter a value." next to an empty value', () => {
    const result = validateCustomFieldSubmission(submitted('po_number', text('   ')), metadata);
    expect(result).toEqual({
      ok: false,
      errors: { [customFieldValueBlockId('po_number')]: 'Enter a value.' },
    });
  });

  it('sends numbers as numbers and refuses text in a number field', () => {
    const ok = validateCustomFieldSubmission(submitted('pallets', text('12.5')), metadata);
    expect(ok).toMatchObject({ ok: true, value: 12.5 });
    const bad = validateCustomFieldSubmission(submitted('pallets', text('twelve')), metadata);
    expect(bad).toEqual({
      ok: false,
      errors: { [customFieldValueBlockId('pallets')]: 'Enter a number, e.g. 42 or 3.5.' },
    });
  });

  it('refuses an option the enum does not have', () => {
    expect(validateCustomFieldSubmission(submitted('priority', option('high')), metadata)).toMatchObject({
      ok: true,
      value: 'high',
    });
    expect(validateCustomFieldSubmission(submitted('priority', option('urgent')), metadata)).toEqual({
      ok: false,
      errors: { [customFieldValueBlockId('priority')]: 'Choose one of the listed values.' },
    });
  });

  it('accepts real calendar dates only', () => {
    expect(validateCustomFieldSubmission(submitted('due', text('2026-02-28')), metadata)).toMatchObject({
      ok: true,
    });
    expect(validateCustomFieldSubmission(submitted('due', text('2026-02-30')), metadata)).toMatchObject({
      ok: false,
    });
  });

  it('turns a Yes/No choice into a boolean', () => {
    expect(validateCustomFieldSubmission(submitted('hazmat', option('false')), metadata)).toMatchObject({
      ok: true,
      value: false,
    });
  });

  it('asks to choose the field again when the value input belongs to another field', () => {
    const values = submitted('pallets', null);
    values[customFieldValueBlockId('po_number')] = { [INPUT.customFieldValue.action]: text('x') };
    expect(validateCustomFieldSubmission(values, metadata)).toEqual({
      ok: false,
      errors: { [INPUT.customFieldSlug.block]: 'Choose the field again, then enter its value.' },
    });
  });

  it('lets the API judge a field the metadata knows nothing about', () => {
    const result = validateCustomFieldSubmission(submitted('trucker', text('ACME')), metadata);
    expect(result).toMatchObject({ ok: true, slug: 'trucker', value: 'ACME' });
  });
});
