/**
 * What a command is: one declaration (its slash name, the words that reach it under `/shipwatch`, its usage, help
 * text and examples, and its handler) from which registration, the `/shipwatch` aliases, the help card, the manifest
 * check and the local workspace's composer all derive (commands/index.ts holds the table). A handler runs after the
 * ack with a `CommandInvocation`: the text (after the subcommand word for `/shipwatch shipment …`), the payload, the
 * Web API client and the one Replier for answering.
 */
import type { SlashCommand } from '@slack/bolt';
import type { ExampleNumbers } from '../../cards/example-numbers.js';
import type { CommandGuide } from '../../cards/help.js';
import type { FeatureContext } from '../../features/context.js';
import type { EarlyIntent } from '../../features/writes/early-intent.js';
import type { Replier } from '../delivery/replier.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';

export interface CommandInvocation {
  /** The command's text (for `/shipwatch <subcommand> …`, the text after the subcommand). */
  text: string;
  payload: SlashCommand;
  /** views.open for forms, users.info for the write policy. */
  client: SlackMessagingClient & DirectoryClient;
  replier: Replier;
  /** The use cases' context for this request: its tenant (Terminal49 account, settings), clock, logger. */
  features: FeatureContext;
  /** True when the listener recorded this command's write intent before acknowledging it (`earlyIntent`). */
  begun?: boolean;
}

export type CommandRun = (invocation: CommandInvocation) => Promise<void>;

export interface CommandSpec {
  /** The slash command (`/shipment`); null for a subcommand reached only through `/shipwatch`. */
  slash: `/${string}` | null;
  /** The words that reach it under `/shipwatch` (`shipment`; aliases such as `email`). The first is its name. */
  words: readonly string[];
  usage: string;
  description: string;
  examples(numbers: ExampleNumbers): readonly string[];
  /** False for a command that shows no tracking data (help): it works in every channel. */
  readsData: boolean;
  /**
   * True when this text opens a form: its trigger_id expires 3 s after the command, so the work skips the post-ack
   * queue (a busy bot must still open forms in time).
   */
  opensForm?(text: string): boolean;
  /**
   * The write this text asks for, if any: its intent is recorded before the ack (features/writes/early-intent.ts), so an
   * acknowledged write survives a crash right after the ack. `text` is the command's own (after `/shipwatch <word>`).
   */
  earlyIntent?(runtime: SlackRuntime, invocation: CommandInvocation, text: string): EarlyIntent | null;
  /** The handler; `commands` is the whole table (the `/shipwatch` namespace needs it). */
  create(runtime: SlackRuntime, commands: readonly CommandSpec[]): CommandRun;
}

/** The name people see: `/shipment`, or `/shipwatch watch` for a subcommand without a slash command of its own. */
export function commandName(spec: CommandSpec): string {
  return spec.slash ?? `/shipwatch ${spec.words[0] ?? ''}`;
}

/** The help card's view of a command, with `numbers` in its examples. */
export function commandGuide(spec: CommandSpec, numbers: ExampleNumbers): CommandGuide {
  return {
    command: commandName(spec),
    usage: spec.usage,
    description: spec.description,
    examples: spec.examples(numbers),
  };
}
