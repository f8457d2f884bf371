import { describe, expect, it } from 'vitest';
import { readCustomFieldValue } from '../../../src/domain/custom-field-value.js';

describe('reading a custom field value by its data type', () => {
  it('asks for a value, or for a choice when the field offers options', () => {
    expect(readCustomFieldValue('short_text', [])).toEqual({ ok: false, message: 'Enter a value.' });
    expect(readCustomFieldValue('enum', [])).toEqual({ ok: false, message: 'Choose a value.' });
  });

  it('takes a number as a number and refuses words', () => {
    expect(readCustomFieldValue('number', ['3.5'])).toEqual({ ok: true, value: 3.5 });
    expect(readCustomFieldValue('number', ['three'])).toMatchObject({ ok: false });
  });

  it('takes only real calendar dates', () => {
    expect(readCustomFieldValue('date', ['2025-02-28'])).toEqual({ ok: true, value: '2025-02-28' });
    expect(readCustomFieldValue('date', ['2025-02-30'])).toMatchObject({ ok: false });
  });

  it('takes yes or no as a boolean', () => {
    expect(readCustomFieldValue('boolean', ['false'])).toEqual({ ok: true, value: false });
  });

  it('refuses a value outside the listed options, and keeps every choice of a multi-select', () => {
    expect(readCustomFieldValue('enum', ['urgent'], ['high', 'normal'])).toEqual({
      ok: false,
      message: 'Choose one of the listed values.',
    });
    expect(readCustomFieldValue('enum_multi', ['high', 'normal'], ['high', 'normal'])).toEqual({
      ok: true,
      value: ['high', 'normal'],
    });
  });

  it('takes the text as is when the type is unknown', () => {
    expect(readCustomFieldValue(null, ['PO-7'])).toEqual({ ok: true, value: 'PO-7' });
  });
});
