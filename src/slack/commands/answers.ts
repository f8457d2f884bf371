/**
 * The answers every command gives besides its card: its usage (privately, when the input is missing or malformed), an
 * error card when the API lookup fails (features/lookups/look-up-or-tell.ts), and, for anything unexpected, a generic
 * error card. A command never throws.
 */
import { renderUsageCard } from '../../cards/help.js';
import { type ErrorSubject, renderErrorCard } from '../../cards/index.js';
import { type LookupResult, lookUpOrTell as lookUpOrTellIn } from '../../features/lookups/look-up-or-tell.js';
import type { LookupIo } from '../../features/lookups/lookup-replies.js';
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

/** A command's API lookup; when it fails the caller is told, and `{ ok: false }` means there is nothing more to do. */
export function lookUpOrTell<T>(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  what: { command: string; subject: ErrorSubject | string },
  lookUp: () => Promise<T>,
): Promise<LookupResult<T>> {
  return lookUpOrTellIn(runtime, invocation.replier, what, lookUp);
}

/** The lookup port over the command's Replier: its card, its private lines and its placeholder. */
export function lookupIo(runtime: SlackRuntime, invocation: CommandInvocation): LookupIo {
  return {
    replies: invocation.replier,
    userId: invocation.payload.user_id,
    placeholderAfterMs: runtime.timing.placeholderAfterMs,
  };
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
