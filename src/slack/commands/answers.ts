/**
 * The answers every command gives besides its card: its usage (privately, when the input is missing or malformed), an
 * error card when the API lookup fails, and, for anything unexpected, a generic error card. A command never throws.
 */
import { renderUsageCard } from '../../cards/help.js';
import { type ErrorSubject, inlineMrkdwn, renderErrorCard } from '../../cards/index.js';
import type { SlackMessage } from '../../cards/types.js';
import type { SlackRuntime } from '../runtime.js';
import { type CommandInvocation, type CommandRun, type CommandSpec, commandGuide } from './command.js';

/** The usage of `spec`, to the caller only, under a line saying what was wrong (when known). */
export async function tellUsage(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  spec: CommandSpec,
  problem: string | null,
): Promise<void> {
  await invocation.replier.tell(renderUsageCard(commandGuide(spec, runtime.examples), problem));
}

export type LookupResult<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs a command's API lookup. When it fails, the caller is told privately with an error card about `subject` (what
 * they asked for) and `{ ok: false }` comes back: the command has nothing more to do. A failure here is the API's
 * answer, not a bug, hence a warning and a specific card rather than `guarded`'s generic one.
 */
export async function lookUpOrTell<T>(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  what: { command: string; subject: ErrorSubject | string },
  lookUp: () => Promise<T>,
): Promise<LookupResult<T>> {
  try {
    return { ok: true, value: await lookUp() };
  } catch (error) {
    runtime.logger.warn('lookup failed', { command: what.command, error });
    const card = renderErrorCard(error, { now: runtime.clock.now(), subject: what.subject });
    await invocation.replier.tell(card);
    return { ok: false };
  }
}

/** A short card with one line of mrkdwn (already escaped by the caller). */
export function noticeCard(text: string): SlackMessage {
  return { text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] };
}

/** Runs `run`, turning anything it throws into an error card for the caller. */
export function guarded(runtime: SlackRuntime, name: string, run: CommandRun): CommandRun {
  return async (invocation) => {
    try {
      await run(invocation);
    } catch (error) {
      runtime.logger.error('command failed', { command: name, error });
      await invocation.replier.tell(renderErrorCard(error, { now: runtime.clock.now() }));
    }
  };
}

/**
 * Runs `work`, and when it has not finished within `placeholderAfterMs` (1.5 s) shows "Looking up …" where the card
 * will go, so nobody stares at silence while a slow API answers. The card replaces it; a private answer instead turns
 * it into a line saying the answer went to the person.
 */
export async function withPlaceholder<T>(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  what: { label: string; visibility: 'channel' | 'private' },
  work: () => Promise<T>,
): Promise<T> {
  const label = inlineMrkdwn(what.label);
  const timer = setTimeout(() => {
    invocation.replier.pending(
      noticeCard(`:mag: Looking up *${label}*…`),
      what.visibility,
      noticeCard(`:mag: Looked up *${label}*: <@${invocation.payload.user_id}> got the answer privately.`),
    );
  }, runtime.timing.placeholderAfterMs);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
  }
}
