/**
 * Local validation of a custom-field submission, before anything is sent: a field must be chosen, the value must not
 * be empty, and it must fit the field's data type (a number, a date, one of an enum's options). Errors are keyed by
 * the block they belong to, ready for `response_action: errors`. Pure: no I/O, no clock.
 */
import { INPUT } from '../../cards/ids.js';
import { type CustomFieldMetadata, customFieldValueBlockId } from '../../cards/modals/index.js';
import { type StateValues, submittedValues } from '../../slack/views/state.js';
import type { CustomFieldValue } from '../../tracking/models.js';

export type CustomFieldSubmission =
  | { ok: true; slug: string; value: CustomFieldValue; display: string; valueBlockId: string }
  | { ok: false; errors: Record<string, string> };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function validateCustomFieldSubmission(
  values: StateValues,
  metadata: CustomFieldMetadata,
): CustomFieldSubmission {
  const slugBlock = INPUT.customFieldSlug.block;
  const slug = submittedValues(values, slugBlock, INPUT.customFieldSlug.action)?.[0];
  if (!slug) return { ok: false, errors: { [slugBlock]: 'Choose a field.' } };

  const valueBlockId = customFieldValueBlockId(slug);
  const raw = submittedValues(values, valueBlockId, INPUT.customFieldValue.action);
  if (raw === null) {
    // The value input still belongs to the previously chosen field (the form was submitted mid-switch).
    return { ok: false, errors: { [slugBlock]: 'Choose the field again, then enter its value.' } };
  }
  const fail = (message: string): CustomFieldSubmission => ({
    ok: false,
    errors: { [valueBlockId]: message },
  });
  const entries = raw.map((entry) => entry.trim()).filter((entry) => entry.length > 0);
  const spec = metadata.fields[slug];
  const type = spec?.type ?? null;
  if (entries.length === 0) {
    return fail(
      type === 'enum' || type === 'enum_multi' || type === 'boolean' ? 'Choose a value.' : 'Enter a value.',
    );
  }
  const options = spec?.options;
  const outsideOptions =
    options && options.length > 0 ? entries.find((entry) => !options.includes(entry)) : undefined;
  if (outsideOptions !== undefined) return fail('Choose one of the listed values.');

  const text = entries.join(', ');
  const accept = (value: CustomFieldValue): CustomFieldSubmission => ({
    ok: true,
    slug,
    value,
    display: text,
    valueBlockId,
  });
  const first = entries[0] ?? '';
  switch (type) {
    case 'number':
      return NUMBER.test(first) && Number.isFinite(Number(first))
        ? accept(Number(first))
        : fail('Enter a number, e.g. 42 or 3.5.');
    case 'boolean':
      return first === 'true' || first === 'false' ? accept(first === 'true') : fail('Choose Yes or No.');
    case 'date':
      return isCalendarDate(first) ? accept(first) : fail('Enter a date as YYYY-MM-DD, e.g. 2025-07-01.');
    case 'datetime':
      return /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(first) && Number.isFinite(Date.parse(first))
        ? accept(first)
        : fail('Enter a date and time with a zone, e.g. 2025-07-01T09:00Z.');
    case 'enum_multi':
      return accept(entries);
    default:
      return accept(first);
  }
}

function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(date.getTime()) && date.toISOString().startsWith(text);
}
