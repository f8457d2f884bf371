/**
 * A custom field's value as its data type wants it, from what a person entered: a number, a calendar date, a date and
 * time with a zone, yes or no, one of the field's options or several. What is wrong is said in one sentence for them.
 */
import type { CustomFieldValue } from '../tracking/models.js';

export type CustomFieldReading = { ok: true; value: CustomFieldValue } | { ok: false; message: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * `entries`: what was entered, trimmed, blanks dropped (several for a multi-select); `type`: the field's data type,
 * null when unknown (then the text is taken as is); `options`: the values an enum allows, when known.
 */
export function readCustomFieldValue(
  type: string | null,
  entries: readonly string[],
  options?: readonly string[],
): CustomFieldReading {
  const fail = (message: string): CustomFieldReading => ({ ok: false, message });
  const accept = (value: CustomFieldValue): CustomFieldReading => ({ ok: true, value });
  if (entries.length === 0) {
    return fail(
      type === 'enum' || type === 'enum_multi' || type === 'boolean' ? 'Choose a value.' : 'Enter a value.',
    );
  }
  const outsideOptions =
    options && options.length > 0 ? entries.find((entry) => !options.includes(entry)) : undefined;
  if (outsideOptions !== undefined) return fail('Choose one of the listed values.');

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
      return accept([...entries]);
    default:
      return accept(first);
  }
}

function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(date.getTime()) && date.toISOString().startsWith(text);
}
