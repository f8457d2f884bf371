/**
 * Making API- and user-sourced strings inert inside Slack mrkdwn. Slack parses `<…>` as mentions and links, so `&`,
 * `<` and `>` are entity-escaped (the only escaping Slack understands). Styling characters cannot be escaped at all,
 * so where one could open or close bold/italic/strike/code it is swapped for a look-alike. Bidirectional control
 * characters are removed because they can visually reorder a line ("invoice‮fdp.exe").
 */

/** Explicit bidi embeddings/overrides/isolates plus the invisible direction marks. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** C0 controls except tab/newline, and DEL: never meaningful in a card. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the purpose of this pattern.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const HAS_STYLE_CHAR = /[*_~`]/;
/** Anything escapeMrkdwn would change; most API strings (numbers, names) have none and skip all the work. */
const NEEDS_ESCAPING = new RegExp(`[&<>*_~\`]|${CONTROL_CHARS.source}|${BIDI_CONTROLS.source}`);
const NEEDS_INLINING = /\s\s|[\t\n\r\f\v\u00A0\u2028\u2029]|^\s|\s$/;
const LOOKALIKE: Record<string, string> = { '*': '∗', _: 'ˍ', '~': '∼', '`': 'ˋ' };
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Removes bidi controls and stray control characters; keeps the text otherwise as it was. */
export function stripControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(CONTROL_CHARS, '');
}

/**
 * Escapes `text` for mrkdwn: `&<>` become entities (so `<!channel>`, `<@U123>` and `<https://x|click>` render as
 * literal text), style characters that could delimit formatting become look-alikes, a leading `>` (block quote) is
 * neutralised, bidi controls are stripped. Newlines are kept; use {@link inlineMrkdwn} for one-line values.
 */
export function escapeMrkdwn(text: string): string {
  if (!NEEDS_ESCAPING.test(text)) return text;
  const clean = stripControls(text);
  const styled = HAS_STYLE_CHAR.test(clean) ? neutraliseStyleChars(clean) : clean;
  return escapeEntities(styled.replace(/^(\s*)>/gm, '$1›'));
}

/**
 * Only `&`, `<` and `>` as entities: for our own template text inside code spans (usage lines such as
 * `/vessel <vessel id>`), where look-alike style characters would spoil copying. Untrusted text takes
 * {@link escapeMrkdwn}.
 */
export function escapeEntities(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** {@link escapeMrkdwn} for a value shown inside a line: runs of whitespace (newlines included) become one space. */
export function inlineMrkdwn(text: string): string {
  return escapeMrkdwn(NEEDS_INLINING.test(text) ? text.replace(/\s+/g, ' ').trim() : text);
}

/** A plain_text-safe version of `text`: controls stripped, whitespace collapsed (plain_text never parses markup). */
export function inlinePlain(text: string): string {
  return stripControls(text).replace(/\s+/g, ' ').trim();
}

/** Bold label for our own template text (never for untrusted input; escape that first). */
export function bold(text: string): string {
  return text === '' ? '' : `*${text}*`;
}

/**
 * A style character only acts as a delimiter next to a word boundary (`*x*`, `_x_`); inside a word (`PO_123_A`)
 * Slack leaves it alone, so those stay as typed and identifiers remain copyable.
 */
function neutraliseStyleChars(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    const lookalike = LOOKALIKE[char];
    if (lookalike === undefined) {
      out += char;
      continue;
    }
    const before = text.charAt(index - 1);
    const after = text.charAt(index + 1);
    // Backticks open code spans even mid-word, so they are always swapped.
    const insideWord = char !== '`' && WORD_CHAR.test(before) && WORD_CHAR.test(after);
    out += insideWord ? char : lookalike;
  }
  return out;
}
