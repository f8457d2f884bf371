/**
 * The table of commands: the one list. Bolt registration, the `/shipwatch` aliases and help card (shipwatch.ts), the
 * read policy (middleware/read-policy.ts), the manifest check and the local workspace's composer all read it. Adding
 * a command means its handler file (with its declaration), its card, its line here and in manifest.yml, and tests.
 */
import type { App } from '@slack/bolt';
import { renderNotice } from '../../cards/notice.js';
import { RESTARTED, RESTARTED_IN_CHANNEL } from '../../cards/restarted.js';
import { splitSubcommand } from '../../features/command-text/index.js';
import { beginBeforeAck, type EarlyIntent, STORE_DOWN } from '../../features/writes/early-intent.js';
import type { PostAckWork } from '../../jobs/post-ack-work.js';
import { exactNames } from '../exact-names.js';
import type { SlackRuntime } from '../runtime.js';
import { type CommandInvocation, type CommandRun, type CommandSpec, commandName } from './command.js';
import { connectCommand } from './connect-command.js';
import { digestCommand } from './digest-command.js';
import { emailSubmissionCommand } from './email-submission.js';
import { createCommandInvocation } from './invocation.js';
import { shipmentCommand } from './shipment.js';
import { shipwatchCommand, subcommandOf } from './shipwatch.js';
import { subscribeCommand, subscriptionsCommand, unsubscribeCommand } from './subscription-commands.js';
import { trackCommand } from './track-command.js';
import { trackEditCommand } from './track-edit.js';
import { vesselCommand } from './vessel.js';
import { unwatchCommand, watchCommand, watchingCommand } from './watch-commands.js';
import { watchSettingsCommand } from './watch-settings-command.js';
import { workspaceSettingsCommand } from './workspace-settings-command.js';

export const COMMANDS: readonly CommandSpec[] = [
  shipmentCommand,
  vesselCommand,
  trackEditCommand,
  emailSubmissionCommand,
  watchCommand,
  unwatchCommand,
  watchingCommand,
  watchSettingsCommand,
  subscribeCommand,
  subscriptionsCommand,
  unsubscribeCommand,
  trackCommand,
  digestCommand,
  connectCommand,
  workspaceSettingsCommand,
  shipwatchCommand,
];

/** Every slash command the app answers (what manifest.yml must declare). */
export const SLASH_COMMANDS: readonly string[] = COMMANDS.flatMap((spec) => (spec.slash ? [spec.slash] : []));

/** The command a payload runs: its slash command's, or for `/shipwatch <word> …` the subcommand's (null: help). */
export function commandFor(slash: string, text: string): CommandSpec | null {
  if (slash === shipwatchCommand.slash) return subcommandOf(COMMANDS, text);
  return COMMANDS.find((spec) => spec.slash === slash) ?? null;
}

/** Every command's handler by slash name (tests call these directly). */
export function createCommandRuns(
  runtime: SlackRuntime,
  commands: readonly CommandSpec[] = COMMANDS,
): ReadonlyMap<string, CommandRun> {
  return new Map(
    commands.flatMap((spec) => (spec.slash ? [[spec.slash, spec.create(runtime, commands)]] : [])),
  );
}

/**
 * Registers every command as ONE Bolt listener that routes on the command name: Bolt runs every listener's matchers
 * for every request, copying the arguments at each step, so a listener per command made that the largest single
 * cost of a request on the bot's side (bench/profile.ts). The listener acks first; the work runs after the ack.
 */
export function registerCommands(
  app: App,
  runtime: SlackRuntime,
  afterAck: PostAckWork,
  commands: readonly CommandSpec[] = COMMANDS,
): void {
  const runs = createCommandRuns(runtime, commands);
  app.command(exactNames([...runs.keys()]), async (args) => {
    const run = runs.get(args.command.command);
    if (!run) return args.ack();
    const invocation = createCommandInvocation(runtime, args);
    const early = earlyIntentOf(runtime, commands, args.command.command, invocation);
    if (early) {
      const outcome = await beginBeforeAck(runtime.ledger, runtime.logger, early);
      if (outcome === 'unavailable') {
        return args.ack({ response_type: 'ephemeral', ...renderNotice(':warning:', STORE_DOWN) });
      }
      if (outcome === 'duplicate') {
        runtime.logger.info('repeated command dropped', { action: early.action, target: early.target });
        return args.ack();
      }
      invocation.begun = true;
    }
    await args.ack();
    await afterAck(() => run(invocation), {
      urgent: opensForm(commands, args.command.command, invocation.text),
      // The channel's "Looking up …" must not turn into "… got the answer privately": nobody got an answer.
      onAbandon: () =>
        invocation.replier.tell(renderNotice(':warning:', RESTARTED), {
          closing: renderNotice(':warning:', RESTARTED_IN_CHANNEL),
        }),
    });
  });
}

export { commandName };

/** The write intent a command's text asks for (`/track-edit <id> ref=…`, also under `/shipwatch`), or null. */
function earlyIntentOf(
  runtime: SlackRuntime,
  commands: readonly CommandSpec[],
  slash: string,
  invocation: CommandInvocation,
): EarlyIntent | null {
  if (slash === shipwatchCommand.slash) {
    const spec = subcommandOf(commands, invocation.text);
    return spec?.earlyIntent?.(runtime, invocation, splitSubcommand(invocation.text).rest) ?? null;
  }
  return (
    commands.find((spec) => spec.slash === slash)?.earlyIntent?.(runtime, invocation, invocation.text) ?? null
  );
}

/** Whether this command text opens a form (`/track-edit <id>`, also as `/shipwatch track-edit <id>`). */
function opensForm(commands: readonly CommandSpec[], slash: string, text: string): boolean {
  if (slash === shipwatchCommand.slash) {
    const spec = subcommandOf(commands, text);
    return spec?.opensForm?.(splitSubcommand(text).rest) ?? false;
  }
  return commands.find((spec) => spec.slash === slash)?.opensForm?.(text) ?? false;
}
