/**
 * The plumbing every slash command shares. Registration acks first (Slack's 3-second budget), then runs the command
 * with a `CommandInvocation`; `/shipwatch <subcommand>` runs the same functions with the text after the subcommand,
 * so the read policy, which wraps each data command, applies on both paths. A command never throws: anything
 * unexpected becomes an error card for the caller.
 */

import type { AllMiddlewareArgs, App, SlackCommandMiddlewareArgs, SlashCommand } from '@slack/bolt';
import { renderErrorCard } from '../../../cards/index.js';
import type { SlackMessage } from '../../../cards/types.js';
import type { Logger } from '../../../logger.js';
import { type ChatApi, withChatApi } from '../../delivery/chat-api.js';
import {
  type CommandReplyTarget,
  deliverCommandReply,
  deliverPrivately,
} from '../../delivery/command-reply.js';
import type { Respond, SlackMessagingClient } from '../../delivery/slack-client.js';
import type { DirectoryClient, MemberDirectory } from '../../policy/index.js';
import { checkReadPermission } from '../../policy/index.js';
import type { BotDependencies } from '../../types.js';
import { unlimitedWork, type WorkLimiter } from '../../work-limiter.js';

export interface CommandDeps extends BotDependencies {
  /** Shared cache of who is a guest / in which user group (write policy). */
  directory: MemberDirectory;
}

export interface CommandInvocation {
  /** The command's text (for `/shipwatch <subcommand> …`, the text after the subcommand). */
  text: string;
  payload: SlashCommand;
  client: SlackMessagingClient & DirectoryClient;
  respond: Respond;
}

export type CommandRun = (invocation: CommandInvocation) => Promise<void>;

export function replyTarget(deps: CommandDeps, invocation: CommandInvocation): CommandReplyTarget {
  return {
    client: invocation.client,
    respond: invocation.respond,
    logger: deps.logger,
    channelId: invocation.payload.channel_id,
    userId: invocation.payload.user_id,
  };
}

/** Answers only the caller; for usage, policy refusals and errors. */
export async function replyPrivately(
  deps: CommandDeps,
  invocation: CommandInvocation,
  message: SlackMessage,
): Promise<void> {
  await deliverPrivately(replyTarget(deps, invocation), message);
}

/** Posts the answer in the channel, or shows it to the caller only when they asked for that (`private`). */
export async function replyWithCard(
  deps: CommandDeps,
  invocation: CommandInvocation,
  card: SlackMessage,
  asked: { private: boolean },
): Promise<void> {
  await deliverCommandReply(replyTarget(deps, invocation), card, asked.private ? 'private' : 'channel');
}

export type LookupResult<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs a command's API lookup. When it fails, the caller is told privately with an error card about `subject` (what
 * they asked for) and `{ ok: false }` comes back: the command has nothing more to do. A failure here is the API's
 * answer, not a bug, hence a warning and a specific card rather than `guarded`'s generic one.
 */
export async function lookUpOrTell<T>(
  deps: CommandDeps,
  invocation: CommandInvocation,
  what: { command: string; subject: string },
  lookUp: () => Promise<T>,
): Promise<LookupResult<T>> {
  try {
    return { ok: true, value: await lookUp() };
  } catch (error) {
    deps.logger.warn('lookup failed', { command: what.command, error });
    const card = renderErrorCard(error, { now: deps.clock.now(), subject: what.subject });
    await replyPrivately(deps, invocation, card);
    return { ok: false };
  }
}

/** A short card with one line of mrkdwn (already escaped by the caller). */
export function noticeCard(text: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

/** Runs `run`, turning anything it throws into an error card for the caller. */
export function guarded(deps: CommandDeps, name: string, run: CommandRun): CommandRun {
  return async (invocation) => {
    try {
      await run(invocation);
    } catch (error) {
      deps.logger.error('command failed', { command: name, error });
      await replyPrivately(deps, invocation, renderErrorCard(error, { now: deps.clock.now() }));
    }
  };
}

/** Runs `run` only where the read policy allows Shipwatch data (SHIPWATCH_CHANNELS); elsewhere says why, privately. */
export function withReadPolicy(deps: CommandDeps, run: CommandRun): CommandRun {
  return async (invocation) => {
    const decision = checkReadPermission({ channelId: invocation.payload.channel_id }, deps);
    if (!decision.allowed) {
      await replyPrivately(deps, invocation, noticeCard(`:no_entry: ${decision.reason}`));
      return;
    }
    await run(invocation);
  };
}

type BoltCommandArgs = SlackCommandMiddlewareArgs & AllMiddlewareArgs;
export type CommandListener = (args: BoltCommandArgs) => Promise<void>;

export interface CommandListenerOptions {
  limiter?: WorkLimiter;
  /** Lean chat.* client (delivery/chat-api.ts); Bolt's WebClient when absent. */
  chat?: ChatApi | undefined;
}

/**
 * The Bolt listener for one command: ack at once (Slack's 3-second budget), then run the command. A delivery Slack
 * marks as a retry (X-Slack-Retry-Num) is acknowledged and dropped: Slack re-sends only when our ack was late, and the
 * first delivery is then already running, so acting again would answer twice and repeat a write (`/track-edit … ref=`).
 */
export function createCommandListener(
  name: string,
  run: CommandRun,
  logger: Logger,
  options: CommandListenerOptions = {},
): CommandListener {
  const limiter = options.limiter ?? unlimitedWork;
  return async ({ ack, command, client, respond, context }) => {
    await ack();
    const retryNum = context.retryNum ?? 0;
    if (retryNum > 0) {
      logger.info('slash command re-delivered by Slack; the first delivery handles it', {
        command: name,
        retryNum,
        ...(context.retryReason ? { retryReason: context.retryReason } : {}),
      });
      return;
    }
    const messaging = withChatApi(client, options.chat);
    await limiter.run(() => run({ text: command.text ?? '', payload: command, client: messaging, respond }));
  };
}

/**
 * Registers commands on the app as ONE Bolt listener that routes on the command name. Bolt runs every registered
 * listener's matchers for every request, copying the arguments object at each step; one listener per command made
 * that the largest single cost of a request on the bot's side (bench/profile.ts).
 */
export function registerCommandListeners(app: App, listeners: ReadonlyMap<string, CommandListener>): void {
  const names = [...listeners.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  app.command(new RegExp(`^(?:${names.join('|')})$`), async (args) => {
    await listeners.get(args.command.command)?.(args);
  });
}

/** Registers a single command (tests; the app registers all of them through `registerCommandListeners`). */
export function registerCommand(
  app: App,
  name: string,
  run: CommandRun,
  logger: Logger,
  options: CommandListenerOptions = {},
): void {
  registerCommandListeners(app, new Map([[name, createCommandListener(name, run, logger, options)]]));
}
