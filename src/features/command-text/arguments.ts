/**
 * What each command needs from its text. Identifiers are passed on as typed (the tracking layer normalises and
 * resolves them); nothing is refused for its shape, only for being absent or ambiguous. `problem` is written for the
 * person who typed the command and is shown above the command's usage.
 */
import { sanitizeCommandText } from './sanitize.js';
import { tokenize, tokenizeMarked } from './tokenize.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string | null };

export interface LookupArguments {
  /** The identifier as typed; words are kept (a container number typed with spaces is still one number). */
  query: string;
  /** `private`: answer only to the caller. */
  private: boolean;
  /** The person styled their words (`*A* _B_`): each is an identifier of its own, never joined to the next. */
  separate?: boolean;
}

export interface TrackEditArguments {
  id: string;
  /** undefined: not given (open the modal when nothing is given); null: clear it. */
  ref?: string | null;
  tags?: string[];
}

const PRIVATE_FLAGS = new Set(['private', '--private', '-p', 'me', 'only-me']);

/** `<identifier…> [private]` — used by /shipment, /email-submission. */
export function parseLookup(text: string): Parsed<LookupArguments> {
  const tokens = tokenizeMarked(sanitizeCommandText(text));
  const isPrivate = tokens.some(({ word }) => PRIVATE_FLAGS.has(word.toLowerCase()));
  const rest = tokens.filter(({ word }) => !PRIVATE_FLAGS.has(word.toLowerCase()));
  if (rest.length === 0) return { ok: false, problem: null };
  const separate = rest.length > 1 && rest.some((token) => token.styled);
  return {
    ok: true,
    value: {
      query: rest.map(({ word }) => word).join(' '),
      private: isPrivate,
      ...(separate ? { separate } : {}),
    },
  };
}

/** `<vessel id | IMO> [private]`; `IMO 9778791`, `IMO9778791` and `imo:9778791` all mean the number. */
export function parseVessel(text: string): Parsed<LookupArguments> {
  const parsed = parseLookup(text);
  if (!parsed.ok) return parsed;
  const query = parsed.value.query.replace(/^imo\s*[:#]?\s*(?=\d)/i, '').replace(/\s+/g, '');
  if (!query) return { ok: false, problem: null };
  return { ok: true, value: { ...parsed.value, query } };
}

const REF_KEYS = new Set(['ref', 'ref_number', 'refnumber', 'ref-number', 'reference']);
const TAG_KEYS = new Set(['tags', 'tag']);

/** `<tracking request id> [ref=VALUE] [tags=a,b]`. */
export function parseTrackEdit(text: string): Parsed<TrackEditArguments> {
  const words = tokenize(sanitizeCommandText(text));
  const ids: string[] = [];
  const result: Omit<TrackEditArguments, 'id'> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) {
      ids.push(word);
      continue;
    }
    const key = word.slice(0, eq).toLowerCase();
    const value = word.slice(eq + 1).trim();
    if (REF_KEYS.has(key)) result.ref = value === '' ? null : value;
    else if (TAG_KEYS.has(key)) result.tags = splitTags(value);
    else return { ok: false, problem: `I don't know the field \`${safe(key)}\`. Use \`ref=\` or \`tags=\`.` };
  }
  if (ids.length === 0) return { ok: false, problem: null };
  if (ids.length > 1) {
    return {
      ok: false,
      problem: 'Give one tracking request id. Values with spaces need quotes, like `ref="PO 42"`.',
    };
  }
  // SAFETY: ids has exactly one element here (checked above).
  return { ok: true, value: { id: ids[0] as string, ...result } };
}

/** Comma-separated tags, trimmed, without empties or duplicates (case-insensitive), in the order given. */
export function splitTags(value: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of value.split(',')) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** First word and the rest, for `/shipwatch <subcommand> …`. */
export function splitSubcommand(text: string): { subcommand: string | null; rest: string } {
  const clean = sanitizeCommandText(text);
  const space = clean.indexOf(' ');
  const first = space < 0 ? clean : clean.slice(0, space);
  return { subcommand: first ? first.toLowerCase() : null, rest: space < 0 ? '' : clean.slice(space + 1) };
}

/** A user-typed word made safe to quote back in mrkdwn inside backticks. */
function safe(word: string): string {
  return word
    .slice(0, 40)
    .replace(/[`]/g, "'")
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Words that each look like a whole number on their own: a container number, or 8+ letters and digits with both. */
const WHOLE_NUMBER = /^(?:[A-Z]{4}\d{7}|(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9-]{8,})$/i;

/**
 * The numbers in a lookup's query: several when every word is a whole number on its own (`MAEU240817361
 * TCLU1234568`, also comma-separated) or when the person styled them (`*bold* _it_`: each styled word stands alone,
 * so they are never glued into "BOLDIT"), one otherwise (`MSKU 907032 3` is one container number typed with spaces).
 */
export function splitNumbers(query: string, options: { separate?: boolean } = {}): string[] {
  const words = query.split(/[\s,;]+/).filter(Boolean);
  if (words.length >= 2 && (options.separate === true || words.every((word) => WHOLE_NUMBER.test(word))))
    return words;
  return [query.replace(/[,;]+/g, ' ').trim()];
}
