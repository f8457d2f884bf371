/** Whether a button's value can be one Shipwatch put there, before it can reach an API path. */

const VALUE_MAX = 255;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether a button value can be one Shipwatch put there: an API id, an IMO or `set_field:<id>` — short, printable,
 * well-formed text. Anything else (a tampered or truncated payload) is refused before it can reach an API path.
 */
export function isPlausibleValue(value: string): boolean {
  return value.length > 0 && value.length <= VALUE_MAX && !LONE_SURROGATE.test(value) && !CONTROL.test(value);
}
