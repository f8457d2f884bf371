/**
 * Building blocks for lenient resource schemas. The real API sends nulls where the OAS says string, strings where it
 * says number (port coordinates), extra attributes everywhere, and non-UUID ids. So: objects are loose (unknown keys
 * pass through), optional fields fall back to null when absent or of the wrong type, and only the fields a card
 * cannot do without are required (their absence is a `bad_response`, not a crash).
 */
import { z } from 'zod';

/** A string, or null when absent, null or not a string. */
export const optionalString = z.string().nullish().catch(null);

/** An ISO timestamp kept exactly as sent (offsets included), or null. */
export const optionalTimestamp = optionalString;

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

/** An array of strings (non-strings dropped), [] when absent or null. */
export const stringList = z
  .unknown()
  .optional()
  .transform((value): string[] =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [],
  );
