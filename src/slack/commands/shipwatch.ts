/**
 * `/shipwatch help` and `/shipwatch <subcommand> …`: one namespaced command that reaches every other one, for
 * workspaces where a short name like `/shipment` is already taken by another app, and the home of subcommands that
 * have no slash command of their own.
 */
import { renderHelpCard, renderUsageCard } from '../../cards/help.js';
import { readSubcommand, unknownSubcommandProblem } from '../../features/command-text/index.js';
import { guarded } from './answers.js';
import { type CommandRun, type CommandSpec, commandGuide } from './command.js';

export const shipwatchCommand: CommandSpec = {
  slash: '/shipwatch',
  words: [],
  usage: '/shipwatch help | /shipwatch <subcommand> …',
  description: 'This help, and every command above under one name (for workspaces where a name is taken).',
  examples: (n) => ['/shipwatch help', `/shipwatch shipment ${n.billOfLading}`],
  readsData: false,
  create: (runtime, commands) => {
    // A Map, not a record: a word from the person (`constructor`, `__proto__`) must never reach Object.prototype.
    const table = new Map<string, CommandRun>();
    for (const spec of commands) {
      if (spec === shipwatchCommand) continue;
      const run = spec.create(runtime, commands);
      for (const word of spec.words) table.set(word, run);
    }
    const guides = commands.map((spec) => commandGuide(spec, runtime.examples));
    return guarded(runtime, '/shipwatch', async (invocation) => {
      const { word, help, rest } = readSubcommand(invocation.text);
      if (word === null || help) {
        await invocation.replier.tell(renderHelpCard(guides));
        return;
      }
      const run = table.get(word);
      if (!run) {
        const guide = commandGuide(shipwatchCommand, runtime.examples);
        await invocation.replier.tell(renderUsageCard(guide, unknownSubcommandProblem(word)));
        return;
      }
      await run({ ...invocation, text: rest });
    });
  },
};

/** The command `/shipwatch <word> …` runs; null for help and unknown words. */
export function subcommandOf(commands: readonly CommandSpec[], text: string): CommandSpec | null {
  const { word } = readSubcommand(text);
  if (word === null) return null;
  return commands.find((spec) => spec !== shipwatchCommand && spec.words.includes(word)) ?? null;
}
