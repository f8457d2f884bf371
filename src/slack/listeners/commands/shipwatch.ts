/**
 * `/shipwatch help` and `/shipwatch <subcommand> …`: one namespaced command that reaches every other one, for
 * workspaces where a short name like `/shipment` is already taken by another app.
 */
import { renderHelpCard, renderUsageCard } from '../../../cards/help.js';
import { splitSubcommand } from '../../command-text/index.js';
import { type CommandDeps, type CommandRun, guarded, replyPrivately } from './command-context.js';

export const SHIPWATCH_COMMAND = '/shipwatch';

const HELP_WORDS = new Set(['help', '-h', '--help', '?', 'commands']);

/** `subcommands`: subcommand word → the command it runs (with the text after the word). */
export function createShipwatchCommand(
  deps: CommandDeps,
  subcommands: Record<string, CommandRun>,
): CommandRun {
  // A Map, not the record: a word from the person (`constructor`, `__proto__`) must never reach Object.prototype.
  const table = new Map(Object.entries(subcommands));
  return guarded(deps, SHIPWATCH_COMMAND, async (invocation) => {
    const { subcommand, rest } = splitSubcommand(invocation.text);
    const word = subcommand?.replace(/^\//, '') ?? null;
    if (word === null || HELP_WORDS.has(word)) {
      await replyPrivately(deps, invocation, renderHelpCard());
      return;
    }
    const run = table.get(word);
    if (!run) {
      const shown = word.slice(0, 40).replace(/[`&<>]/g, '');
      await replyPrivately(
        deps,
        invocation,
        renderUsageCard(SHIPWATCH_COMMAND, `I don't know \`${shown}\`.`),
      );
      return;
    }
    await run({ ...invocation, text: rest });
  });
}
