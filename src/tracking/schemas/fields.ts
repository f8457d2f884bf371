/**
 * Hand-written lenient readers for what every card reads (JSON:API envelopes and resources, shipment, container,
 * port and terminal attributes). The rules are those of the zod building blocks in common.ts — optional fields fall
 * back to null when absent or of the wrong type, unknown keys are ignored, only named fields are required — at a
 * fraction of the cost: zod's per-field result objects, `.catch()` wrappers and copies of every unknown key made up
 * half of the bot's allocations per `/shipment` answer (`bench/profile.ts --alloc`), and the young-generation
 * collections they caused were the tail of the ack latency. A schema here has zod's `safeParse` shape, so
 * `parseOrThrow` reports both kinds alike: a `bad_response` naming paths, never values.
 */

export interface Issue {
  path: ReadonlyArray<string | number>;
  message: string;
}

export type SafeParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: readonly Issue[] } };

export interface SafeParser<T> {
  safeParse(value: unknown): SafeParseResult<T>;
}

type Path = ReadonlyArray<string | number>;

/**
 * Reads one value; a required field that is missing adds an issue (with its path) instead of throwing. The path is
 * the parent's plus `key`, joined only when there is an issue to report: building it for every field allocated more
 * than the reading itself.
 */
export type Field<T> = (value: unknown, issues: Issue[], path: Path, key?: string | number) => T;

function at(path: Path, key: string | number | undefined): Path {
  return key === undefined ? path : [...path, key];
}

type Shape = Record<string, Field<unknown>>;
export type ShapeOutput<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/** A string, or null when absent, null or not a string. */
export const text: Field<string | null> = (value) => (typeof value === 'string' ? value : null);

/** An ISO timestamp kept exactly as sent (offsets included), or null. */
export const timestamp = text;

/** A boolean, also sent as the string "true" or "false" (any case); null when absent or anything else. */
export const flag: Field<boolean | null> = (value) => {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const word = value.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : null;
};

/** A string, or a finite number as its string (an IMO sent as 9778791); null otherwise. */
export const textOrNumber: Field<string | null> = (value) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/** A finite number from a number or a numeric string (live coordinates are strings), else null. */
export const numeric: Field<number | null> = (value) => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
};

const GROUPED_THOUSANDS = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const CURRENCY_SIGN = /^[$€£¥]\s*/;

/**
 * An amount of money from a number or a string as terminals write it: "850", "850.00", "1,250.50", "$ 75". null
 * when it cannot be read (a comma that is not a thousands separator, as in "1.250,50", is not guessed at).
 */
export const money: Field<number | null> = (value) => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(CURRENCY_SIGN, '');
  if (text === '') return null;
  const plain = GROUPED_THOUSANDS.test(text) ? text.replace(/,/g, '') : text;
  if (!/^-?\d+(?:\.\d+)?$/.test(plain)) return null;
  return Number(plain);
};

/** An array of strings (non-strings dropped), [] when absent or null. */
export const texts: Field<string[]> = (value) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** A string or finite number (as its string) that must be there: a container number sent as 12345678. */
export const requiredTextOrNumber: Field<string> = (value, issues, path, key) => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return requiredText(value, issues, path, key);
};

/** A string that must be there (an empty one counts). */
export const requiredText: Field<string> = (value, issues, path, key) => {
  if (typeof value === 'string') return value;
  issues.push({ path: at(path, key), message: `expected string, received ${kindOf(value)}` });
  return '';
};

/** A JSON:API id: a non-empty string or a finite number, as a string. */
export const id: Field<string> = (value, issues, path, key) => {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  issues.push({ path: at(path, key), message: `expected a non-empty id, received ${kindOf(value)}` });
  return '';
};

/** An object whose entries are kept as they are (e.g. a terminal's `provided_data`), or null. */
export const looseMap: Field<Readonly<Record<string, unknown>> | null> = (value) =>
  isObject(value) ? value : null;

/** An object of `shape` (unknown keys ignored); anything that is not an object is an issue. */
export function object<S extends Shape>(shape: S): Field<ShapeOutput<S>> {
  const keys = Object.keys(shape);
  return (value, issues, parent, ownKey) => {
    const path = at(parent, ownKey);
    const source = isObject(value) ? value : null;
    if (source === null) issues.push({ path, message: `expected object, received ${kindOf(value)}` });
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      // SAFETY: every key comes from Object.keys(shape).
      const read = shape[key] as Field<unknown>;
      out[key] = read(source?.[key], issues, path, key);
    }
    // SAFETY: `out` has exactly the keys of `shape`, each the output of its reader.
    return out as ShapeOutput<S>;
  };
}

/** `field`, or null when the value is absent, null or unreadable (its issues are dropped, not reported). */
export function orNull<T>(field: Field<T>): Field<T | null> {
  return (value, _issues, path, key) => {
    if (value === null || value === undefined) return null;
    const own: Issue[] = [];
    const read = field(value, own, path, key);
    return own.length === 0 ? read : null;
  };
}

/** A list whose unreadable entries become null; null when the value is not a list. */
export function listOf<T>(entry: Field<T>): Field<Array<T | null> | null> {
  const lenient = orNull(entry);
  return (value, issues, parent, key) => {
    if (!Array.isArray(value)) return null;
    const path = at(parent, key);
    return value.map((item, index) => lenient(item, issues, path, index));
  };
}

/**
 * {@link listOf}, also reading a single entry sent where a list belongs (`holds_at_pod_terminal: {…}` instead of
 * `[{…}]`) as a list of one: dropping it would hide what the entry says.
 */
export function listOrOne<T>(entry: Field<T>): Field<Array<T | null> | null> {
  const list = listOf(entry);
  return (value, issues, parent, key) => list(isObject(value) ? [value] : value, issues, parent, key);
}

/** A whole schema from a field: `safeParse` collects the issues instead of throwing. */
export function schema<T>(field: Field<T>): SafeParser<T> {
  return {
    safeParse(value) {
      const issues: Issue[] = [];
      const data = field(value, issues, []);
      return issues.length === 0 ? { success: true, data } : { success: false, error: { issues } };
    },
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
