/**
 * The Slack side of a command's use case (features/commands/command-request.ts): the payload read as a request, the
 * ports the use case runs with (the write runner, who people are, a lookup that tells its failure), and its answer
 * said with the request's Replier.
 */
import type { CommandAnswer, CommandRequest, LookUp } from '../../features/commands/command-request.js';
import type { People } from '../../features/policy/index.js';
import type { RunWrite } from '../../features/writes/write-runner.js';
import { peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';
import { writeRunner } from '../write/run-write.js';
import { lookUpOrTell, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';

export function requestOf(invocation: CommandInvocation): CommandRequest {
  const { payload } = invocation;
  return {
    userId: payload.user_id,
    teamId: payload.team_id ?? null,
    channelId: payload.channel_id ?? null,
    requestId: payload.trigger_id,
  };
}

/** The write runner for an acknowledged command: the person's Replier, who they are through the request's client. */
export function commandWrites(runtime: SlackRuntime, invocation: CommandInvocation): RunWrite {
  return writeRunner(
    {
      runtime,
      replier: invocation.replier,
      directoryClient: invocation.client,
      tenant: invocation.features.tenant,
    },
    { kind: 'acked' },
  );
}

export function commandPeople(runtime: SlackRuntime, invocation: CommandInvocation): People {
  return peopleOf(runtime.directory, invocation.client);
}

/** The lookup port of `command`: a failure is told to the person as an error card (answers.ts `lookUpOrTell`). */
export function commandLookUp(runtime: SlackRuntime, invocation: CommandInvocation, command: string): LookUp {
  return (subject, work) => lookUpOrTell(runtime, invocation, { command, subject }, work);
}

export async function answerCommand(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
  spec: CommandSpec,
  answer: CommandAnswer,
): Promise<void> {
  if (answer.kind === 'usage') return tellUsage(runtime, invocation, spec, answer.problem);
  if (answer.kind === 'tell') return void (await invocation.replier.tell(answer.message));
  if (answer.kind === 'post') await invocation.replier.card(answer.message, 'channel');
}
