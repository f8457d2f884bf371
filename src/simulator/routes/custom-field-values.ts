/**
 * Custom-field value validation against the definition's `data_type` (notes §1.2 table) and the `display_value`
 * the API derives from it: enum values must be one of the options and display as the option's label.
 */
import type { ResourceObject } from '../resource.js';

export interface FieldOption {
  value: string;
  label: string;
}

export type ValueCheck = { ok: true; value: unknown; display: string | null } | { ok: false; detail: string };

const MAX_TEXT_LENGTH = 255;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function isReference(value: unknown): value is { type: string; id: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { type, id } = value as { type?: unknown; id?: unknown }; // SAFETY: read as unknowns, checked next.
  return typeof type === 'string' && typeof id === 'string';
}

function labelOf(options: readonly FieldOption[], value: string): string | null {
  return options.find((option) => option.value === value)?.label ?? null;
}

function oneOf(options: readonly FieldOption[]): string {
  return options.map((option) => option.value).join(', ');
}

export function checkFieldValue(
  definition: ResourceObject,
  options: readonly FieldOption[],
  value: unknown,
): ValueCheck {
  if (value === null) return { ok: true, value: null, display: null };
  const dataType = String(definition.attributes.data_type ?? 'short_text');
  switch (dataType) {
    case 'short_text':
      if (typeof value !== 'string') return { ok: false, detail: 'Value must be a string' };
      if (value.length > MAX_TEXT_LENGTH) {
        return { ok: false, detail: `Value is too long (maximum is ${MAX_TEXT_LENGTH} characters)` };
      }
      if (CONTROL_CHARACTERS.test(value))
        return { ok: false, detail: 'Value must not contain control characters' };
      return { ok: true, value, display: value };
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number))
        return { ok: false, detail: 'Value is not a number' };
      return { ok: true, value: number, display: String(number) };
    }
    case 'boolean':
      if (typeof value !== 'boolean') return { ok: false, detail: 'Value must be true or false' };
      return { ok: true, value, display: value ? 'Yes' : 'No' };
    case 'date':
      if (
        typeof value !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
        Number.isNaN(Date.parse(value))
      ) {
        return { ok: false, detail: 'Value must be a date (YYYY-MM-DD)' };
      }
      return { ok: true, value, display: value };
    case 'datetime':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
        return { ok: false, detail: 'Value must be an ISO 8601 datetime' };
      }
      return { ok: true, value, display: value };
    case 'enum': {
      const label = typeof value === 'string' ? labelOf(options, value) : null;
      if (label === null) return { ok: false, detail: `Value must be one of: ${oneOf(options)}` };
      return { ok: true, value, display: label };
    }
    case 'enum_multi': {
      if (!Array.isArray(value)) return { ok: false, detail: 'Value must be an array of option values' };
      const labels = value.map((item) => (typeof item === 'string' ? labelOf(options, item) : null));
      if (labels.some((label) => label === null)) {
        return { ok: false, detail: `Every value must be one of: ${oneOf(options)}` };
      }
      return { ok: true, value, display: labels.join(', ') };
    }
    case 'reference':
      if (!isReference(value)) return { ok: false, detail: 'Value must be a {type, id} reference' };
      return { ok: true, value, display: `${value.type} ${value.id}` };
    default:
      return { ok: true, value, display: typeof value === 'string' ? value : JSON.stringify(value) };
  }
}
