/**
 * The checks on reference numbers and tags that a tracking request's create and update share: at most 25 of each,
 * references printable ASCII up to 50 characters, tags up to 50 characters without control characters.
 */

const MAX_REF_LENGTH = 50;
const MAX_TAG_LENGTH = 50;
const MAX_ITEMS = 25;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export type Check = { ok: true; values: string[] } | { ok: false; detail: string };

export function checkRef(value: string, label: string): string | null {
  if (value.length > MAX_REF_LENGTH) return `${label} is too long (maximum is ${MAX_REF_LENGTH} characters)`;
  if (!PRINTABLE_ASCII.test(value)) return `${label} may only contain printable ASCII characters`;
  return null;
}

export function checkTag(value: string): string | null {
  if (value.trim() === '') return "Tags can't contain blank values";
  if (value.length > MAX_TAG_LENGTH) return `Tag is too long (maximum is ${MAX_TAG_LENGTH} characters)`;
  if (CONTROL_CHARACTERS.test(value)) return 'Tags must not contain control characters';
  return null;
}

export function checkList(value: unknown, label: string, checkItem: (item: string) => string | null): Check {
  if (value === null) return { ok: true, values: [] };
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    return { ok: false, detail: `${label} must be an array of strings` };
  }
  if (value.length > MAX_ITEMS)
    return { ok: false, detail: `${label} can have at most ${MAX_ITEMS} entries` };
  const values = value.map((item: string) => item.trim());
  for (const item of values) {
    const problem = checkItem(item);
    if (problem) return { ok: false, detail: problem };
  }
  return { ok: true, values };
}
