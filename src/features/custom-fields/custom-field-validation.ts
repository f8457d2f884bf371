/**
 * Local validation of a custom-field submission, before anything is sent: a field must be chosen, and its value must
 * fit the field's data type (domain/custom-field-value.ts). Errors are keyed by the block they belong to, ready to be
 * shown next to the input. Pure: no I/O, no clock.
 */
import { INPUT } from '../../cards/ids.js';
import { type CustomFieldMetadata, customFieldValueBlockId } from '../../cards/modals/index.js';
import { readCustomFieldValue } from '../../domain/custom-field-value.js';
import type { CustomFieldValue } from '../../tracking/models.js';
import { type FormValues, submittedValues } from '../forms/form-values.js';

export type CustomFieldSubmission =
  | { ok: true; slug: string; value: CustomFieldValue; display: string; valueBlockId: string }
  | { ok: false; errors: Record<string, string> };

export function validateCustomFieldSubmission(
  values: FormValues,
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
  const entries = raw.map((entry) => entry.trim()).filter((entry) => entry.length > 0);
  const spec = metadata.fields[slug];
  const reading = readCustomFieldValue(spec?.type ?? null, entries, spec?.options);
  if (!reading.ok) return { ok: false, errors: { [valueBlockId]: reading.message } };
  return { ok: true, slug, value: reading.value, display: entries.join(', '), valueBlockId };
}
