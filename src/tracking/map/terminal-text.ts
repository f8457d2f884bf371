/**
 * Terminal text as terminals write it: some send their web page's HTML, so a location arrives as
 * `Yard&lt;br&gt;C1009B` or `Yard<br/>C1009B`, with `&amp;` for `&`. Read once into plain text (line breaks become
 * " / ", entities their characters) so a card shows "Yard / C1009B", never a literal `&lt;br&gt;`; whatever shows it
 * escapes it again for its own format (docs/domain-rules.md#real-responses).
 */

const BREAK = /(?:<|&lt;)\s*br\s*\/?\s*(?:>|&gt;)/gi;
const ENTITY = /&(?:(amp|lt|gt|quot|apos|nbsp)|#(\d{1,6})|#x([0-9a-f]{1,6}));/gi;
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Plain text of a terminal's string; null when nothing is left. */
export function terminalText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value
    .replace(BREAK, ' / ')
    .replace(
      ENTITY,
      (whole, name: string | undefined, decimal: string | undefined, hex: string | undefined) => {
        if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
        const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
        // Control characters and lone surrogates stay as written: they are no text anyone meant to show.
        return code >= 32 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
          ? String.fromCodePoint(code)
          : whole;
      },
    )
    .replace(/\s+/g, ' ')
    .replace(/^[\s/]+|[\s/]+$/g, '')
    .trim();
  return text === '' ? null : text;
}
