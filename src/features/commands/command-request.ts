/**
 * A command as the use cases behind it receive it (who typed it, where, which delivery), and what they answer. The
 * adapter reads the payload into a `CommandRequest`, calls the use case, and says its `CommandAnswer` the platform's
 * way (slack/commands/command-answer.ts); what the write flow says about a write it says itself, through the runner.
 */
import type { SlackMessage } from '../../cards/types.js';
import type { LookupResult } from '../lookups/look-up-or-tell.js';

export interface CommandRequest {
  userId: string;
  /** The workspace the command came from; null when the platform did not say. */
  teamId: string | null;
  /** The channel it was typed in; null when the platform did not say. */
  channelId: string | null;
  /** This delivery of the command: a platform retry repeats it, the person typing it again gets a new one. */
  requestId: string;
}

export type CommandAnswer =
  /** The command's usage, to the person alone, under what was wrong (when known). */
  | { kind: 'usage'; problem: string | null }
  /** Something for the person alone. */
  | { kind: 'tell'; message: SlackMessage }
  /** A message in the channel, for everyone there. */
  | { kind: 'post'; message: SlackMessage }
  /** Nothing more to say: the write flow, or a lookup that failed, already told the person. */
  | { kind: 'done' };

export const DONE: CommandAnswer = { kind: 'done' };

export function tell(message: SlackMessage): CommandAnswer {
  return { kind: 'tell', message };
}

/**
 * The lookup port: runs an API read for the command and, when it fails, tells the person with an error card about
 * `subject` (what they asked for) and gives `{ ok: false }`: the use case has nothing more to do.
 */
export type LookUp = <T>(subject: string, work: () => Promise<T>) => Promise<LookupResult<T>>;
