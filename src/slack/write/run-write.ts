/**
 * The write flow (features/writes/write-flow.ts) as Slack listeners call it: the request's Replier says things to the
 * person, the member directory over the request's WebClient says who they are, and a modal's Bolt `ack` answers the
 * form. Only the adapter lives here; the sequence, the deadline and the policy are the feature's.
 */
import type { AckFn, ViewResponseAction } from '@slack/bolt';
import {
  type FormAnswer,
  runWriteFlow,
  type WriteFlowMode,
  type WriteOutcome,
  type WriteSpec,
} from '../../features/writes/write-flow.js';
import type { RunWrite } from '../../features/writes/write-runner.js';
import type { Tenant } from '../../tenancy/index.js';
import type { Replier } from '../delivery/replier.js';
import { type DirectoryClient, peopleOf } from '../policy/member-directory.js';
import type { SlackRuntime } from '../runtime.js';

export type { WriteActor, WriteOutcome, WriteSpec } from '../../features/writes/write-flow.js';

export type WriteMode =
  /** `begun`: the listener recorded the intent before its ack (early-intent.ts), under the same key. */
  | { kind: 'acked'; begun?: boolean }
  | {
      kind: 'modal';
      ack: AckFn<ViewResponseAction>;
      /** `performance.now()` when the submission arrived: the deadline counts from there. */
      startedAt: number;
      /** The block that shows a policy refusal. */
      refusalBlockId: string;
      /** A write that failed in time, as block id → message shown in the form. */
      errorsFor(error: unknown): Record<string, string>;
    };

export interface WriteContext {
  runtime: SlackRuntime;
  /** Whose write: its policy settings (who may write, where) and the workspace that installed the bot. */
  tenant: Tenant;
  replier: Replier;
  /** users.info and usergroups.users.list for the policy (Bolt's WebClient). */
  directoryClient: DirectoryClient;
}

/** The write runner port (features/writes/write-runner.ts) for one request: every spec runs in `mode`. */
export function writeRunner(ctx: WriteContext, mode: WriteMode): RunWrite {
  return (spec) => runWrite(ctx, spec, mode);
}

export function runWrite<R>(ctx: WriteContext, spec: WriteSpec<R>, mode: WriteMode): Promise<WriteOutcome> {
  const { runtime, tenant } = ctx;
  return runWriteFlow(
    {
      logger: runtime.logger,
      ledger: runtime.ledger,
      writeDeadlineMs: runtime.timing.writeDeadlineMs,
      settings: tenant.settings,
      people: peopleOf(runtime.directory, ctx.directoryClient),
      home: () => runtime.home(tenant),
      replies: ctx.replier,
    },
    spec,
    flowMode(mode),
  );
}

function flowMode(mode: WriteMode): WriteFlowMode {
  if (mode.kind === 'acked') return mode;
  const { ack, kind: _, ...form } = mode;
  return { kind: 'form', ...form, answer: (reply) => ack(viewResponse(reply)) };
}

/** A form's answer as Slack's view response: `clear` closes the whole modal stack, `errors` keeps it open. */
function viewResponse(reply: FormAnswer): ViewResponseAction {
  return reply.kind === 'close'
    ? { response_action: 'clear' }
    : { response_action: 'errors', errors: reply.errors };
}
