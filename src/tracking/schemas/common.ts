/**
 * Building blocks for lenient resource schemas, the one way API documents are read
 * (docs/domain-rules.md#real-responses). The real API sends nulls where the OAS says string, strings where it says
 * number (coordinates, amounts), numbers where it says string (an IMO), booleans as "true"/"false", a single hold or
 * fee where a list belongs, extra attributes everywhere, and non-UUID ids. So: objects ignore unknown keys
 * (`z.object` strips them, nothing is copied), optional fields fall back to null when absent or of the wrong type,
 * and only the fields a card cannot do without are required; their absence is an issue with a path, which
 * `parseOrThrow` turns into a `bad_response` naming paths, never values.
 */
import { z } from 'zod';

/** A string, or null when absent, null or not a string. */
export const optionalString = z.string().nullable().catch(null);

/** An ISO timestamp kept exactly as sent (offsets included), or null. */
export const optionalTimestamp = optionalString;

/** A string that must be there (an empty one counts). */
export const requiredString = z.string();

/** A string or a finite number (as its string) that must be there: a container number sent as 12345678. */
export const requiredStringOrNumber = z.union([z.string(), z.number()]).transform(String);

/** A string, or a finite number as its string (an IMO sent as 9778791); null otherwise. */
export const optionalStringOrNumber = requiredStringOrNumber.nullable().catch(null);

/** A JSON:API id: a non-empty string or a finite number, as a string. */
export const idSchema = z.union([z.string().min(1), z.number()]).transform(String);

/** A boolean, also sent as the string "true" or "false" (any case); null when absent or anything else. */
export const optionalBoolean = z
  .unknown()
  .optional()
  .transform((value): boolean | null => {
    if (typeof value === 'boolean') return value;
    const word = typeof value === 'string' ? value.trim().toLowerCase() : '';
    return word === 'true' ? true : word === 'false' ? false : null;
  });

/** A finite number from a number or a numeric string (live coordinates are strings), else null. */
export const optionalNumber = z
  .unknown()
  .optional()
  .transform((value): number | null => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value === 'string' && value.trim() !== '') {
      const parsed = Number(value);
      return Number.isFinite(parsed) ? parsed : null;
    }
    return null;
  });

const GROUPED_THOUSANDS = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const CURRENCY_SIGN = /^[$€£¥]\s*/;

/**
 * An amount of money from a number or a string as terminals write it: "850", "850.00", "1,250.50", "$ 75". null
 * when it cannot be read (a comma that is not a thousands separator, as in "1.250,50", is not guessed at).
 */
export const money = z
  .unknown()
  .optional()
  .transform((value): number | null => {
    if (typeof value === 'number') return Number.isFinite(value) ? value : null;
    if (typeof value !== 'string') return null;
    const text = value.trim().replace(CURRENCY_SIGN, '');
    if (text === '') return null;
    const plain = GROUPED_THOUSANDS.test(text) ? text.replace(/,/g, '') : text;
    if (!/^-?\d+(?:\.\d+)?$/.test(plain)) return null;
    return Number(plain);
  });

/** An array of strings (non-strings dropped), [] when absent or null. */
export const stringList = z
  .unknown()
  .optional()
  .transform((value): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
  );

/** An object whose entries are kept as they are (e.g. a terminal's `provided_data`), or null. */
export const looseMap = z.record(z.string(), z.unknown()).nullable().catch(null);

/** `schema`, or null when the value is absent, null or unreadable (its issues are dropped, not reported). */
export function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullable().catch(null);
}

/** A list whose unreadable entries become null; null when the value is not a list. */
export function listOf<T extends z.ZodType>(entry: T) {
  return z.array(orNull(entry)).nullable().catch(null);
}

/**
 * {@link listOf}, also reading a single entry sent where a list belongs (`holds_at_pod_terminal: {…}` instead of
 * `[{…}]`) as a list of one: dropping it would hide what the entry says.
 */
export function listOrOne<T extends z.ZodType>(entry: T) {
  return z.preprocess((value) => (isObject(value) ? [value] : value), listOf(entry));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
