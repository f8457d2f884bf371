/**
 * A short fingerprint of everything a card could show, so a card is re-rendered whenever any of it changed (told or
 * not), and a re-read that changed nothing costs no Slack call. Pure and stable: object keys are sorted, so the same
 * data read twice gives the same fingerprint whatever order the JSON came in.
 */

/** Two 32-bit FNV-1a hashes with different seeds, as 16 hex characters: collisions are not a practical concern. */
export function digestOf(value: unknown): string {
  const text = stableJson(value);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193 + 0x2f) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, child]) => child !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${stableJson(child)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
