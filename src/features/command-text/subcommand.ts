/**
 * `/shipwatch <subcommand> …` read: the subcommand's word (a leading `/` dropped: people type `/shipwatch /shipment …`)
 * and the text after it, or help when no word or a help word is given.
 */
import { splitSubcommand } from './arguments.js';

const HELP_WORDS = new Set(['help', '-h', '--help', '?', 'commands']);

export interface SubcommandText {
  /** Lower case; null when nothing was typed. */
  word: string | null;
  /** No word, or a word asking for help (`help`, `?`, `--help`…). */
  help: boolean;
  rest: string;
}

export function readSubcommand(text: string): SubcommandText {
  const { subcommand, rest } = splitSubcommand(text);
  const word = subcommand?.replace(/^\//, '') ?? null;
  return { word, help: word === null || HELP_WORDS.has(word), rest };
}

/** The problem shown above `/shipwatch`'s usage for a word no command answers to. */
export function unknownSubcommandProblem(word: string): string {
  const shown = word.slice(0, 40).replace(/[`&<>]/g, '');
  return `I don't know \`${shown}\`.`;
}
