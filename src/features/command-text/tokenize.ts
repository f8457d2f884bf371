/**
 * Splits sanitized command text into words. Quotes group words (`ref="PO 42"`; straight and the curly quotes macOS
 * substitutes), Slack mentions and raw `@name`s are dropped (people add them to loop a colleague in), links are
 * reduced to their last path segment (a pasted app URL ends in the id), and decoration people copy along with an
 * identifier (backticks, asterisks, brackets, trailing punctuation) is trimmed.
 */

const QUOTE_PAIRS: Record<string, string> = {
  '"': '"',
  "'": "'",
  '“': '”',
  '”': '”',
  '‘': '’',
  '’': '’',
  '«': '»',
};
const DECORATION = /^[`*_~()[\]{}<>"'“”‘’«»]+|[`*_~()[\]{}<>"'“”‘’«».,;:!?]+$/g;

export function tokenize(text: string): string[] {
  return tokenizeMarked(text).map((token) => token.word);
}

export interface Token {
  word: string;
  /** The word came wrapped in Slack styling (`*bold*`, `_italic_`, `~strike~`, `` `code` ``): a unit of its own. */
  styled: boolean;
}

/** {@link tokenize}, saying which words came styled: people style each identifier they paste on its own. */
export function tokenizeMarked(text: string): Token[] {
  const tokens: Token[] = [];
  for (const raw of splitWords(text)) {
    const word = cleanWord(raw);
    if (word !== null && word.length > 0) tokens.push({ word, styled: STYLED.test(raw) });
  }
  return tokens;
}

/** A word wrapped in one of Slack's styling pairs (trailing punctuation after it allowed). */
const STYLED = /^(?:\*[^*]+\*|_[^_]+_|~[^~]+~|`+[^`]+`+)[.,;:!?]*$/;

function splitWords(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let closing: string | null = null;
  let started = false;
  for (const char of text) {
    if (closing !== null) {
      if (char === closing) closing = null;
      else current += char;
      continue;
    }
    if (char === ' ') {
      if (started) words.push(current);
      current = '';
      started = false;
      continue;
    }
    started = true;
    const closer = QUOTE_PAIRS[char];
    // An apostrophe inside a word ("O'Neil") is part of it; a quote opens a group only at a word or value start.
    if (closer !== undefined && (current === '' || current.endsWith('='))) closing = closer;
    else current += char;
  }
  if (started) words.push(current);
  return words;
}

function cleanWord(word: string): string | null {
  // Slack-formatted entities: <@U123|bob>, <!here>, <#C123|ops>, <https://…|label>.
  const entity = /^<([^>|]*)(?:\|[^>]*)?>$/.exec(word);
  if (entity) {
    const target = entity[1] ?? '';
    if (/^[@#!]/.test(target)) return null;
    return lastPathSegment(target) ?? target;
  }
  if (/^@\S+$/.test(word)) return null;
  if (/^https?:\/\//i.test(word)) return lastPathSegment(word) ?? word;
  const eq = word.indexOf('=');
  if (eq > 0) return `${word.slice(0, eq)}=${word.slice(eq + 1)}`;
  return word.replace(DECORATION, '');
}

function lastPathSegment(url: string): string | null {
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean);
    const last = segments.at(-1);
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}
