/** The idempotency key of the write a command asks for (features/writes/write-ledger.ts drops a repeat of it). */
import { hashOf } from '../idempotency/index.js';
import type { CommandRequest } from './command-request.js';

/** `name`: what the command does (`digest`, `subscribe`); `parts`: what it names, hashed with the delivery. */
export function commandIntentKey(request: CommandRequest, name: string, parts: readonly unknown[]): string {
  // A retry of the same command carries the same request id (Slack's trigger_id); a person typing it again gets a new one.
  return `command:${request.teamId ?? '-'}:${request.userId}:${name}:${hashOf([...parts, request.requestId])}`;
}
