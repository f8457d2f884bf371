/**
 * The shape every modal write follows. Input was validated locally before this runs. Then: drop a repeated
 * submission, check write permission (a refusal appears next to the field), send the write and wait for the API at
 * most `writeDeadlineMs` (2 s; Slack allows 3 s for the whole round trip). If it answers in time, the answer decides
 * the ack: success closes the modal, an API refusal (422 validation, 403 permission, …) is shown in the modal next
 * to the field it concerns. If it does not, the modal closes and the outcome arrives as a message when the API
 * answers. Either way the person always hears how it ended; the card update and audit line run after the ack.
 *
 * Why write before acking: the API usually answers well within a second, and a refusal shown after the modal has
 * closed would make the person reopen the form and type everything again. Why only until a deadline: a slow API must
 * never cost the ack (Slack would show "operation timed out" and the person would likely retry a write that may
 * have landed). The write is never cancelled or retried, so a late success is still recorded as one.
 */
import type { AckFn, ViewResponseAction } from '@slack/bolt';
import type { Logger } from '../../../../logger.js';
import { isTrackingApiError } from '../../../../tracking/errors.js';
import {
  checkWritePermission,
  type DirectoryClient,
  logWrite,
  type WriteRequest,
} from '../../../policy/index.js';
import { holdIntent, type InteractionRuntime } from '../../actions/support/runtime.js';
import { settleWithin } from './deadline.js';

export interface WriteSubmission<T> {
  runtime: InteractionRuntime;
  ack: AckFn<ViewResponseAction>;
  client: DirectoryClient;
  /** Idempotency key of this submission (view id + submitted values). */
  key: string;
  request: WriteRequest;
  /** The thing written to, for the log line (an id, never a value). */
  target: string;
  /** The block that shows a policy refusal. */
  refusalBlockId: string;
  /** When this submission started, from `performance.now()`: the deadline counts from the request's arrival. */
  startedAt: number;
  write(): Promise<T>;
  /** Errors to show in the modal when the write failed in time, as block id → message. */
  errorsFor(error: unknown): Record<string, string>;
  /** After the ack, on success: update the card, post the audit line. */
  afterSuccess(value: T): Promise<void>;
  /** After the ack, when the write failed after the deadline: tell the person. */
  afterLateFailure(error: unknown): Promise<void>;
}

export async function submitWrite<T>(submission: WriteSubmission<T>): Promise<void> {
  const { runtime, ack, request } = submission;
  const { logger, config } = runtime.deps;
  const log = (outcome: string) =>
    logWrite(logger, {
      userId: request.userId,
      teamId: request.teamId,
      channelId: request.channelId,
      action: request.action,
      target: submission.target,
      outcome,
    });

  const intent = holdIntent(runtime, submission.key);
  if (!intent.claimed) {
    log('duplicate');
    await ack({ response_action: 'clear' });
    return;
  }

  // Slack's users.info sits on the ack path too, so it shares the deadline: a slow lookup refuses, never hangs.
  const check = await settleWithin(
    checkWritePermission(request, { config, directory: runtime.directory, client: submission.client }),
    remaining(submission, runtime),
  );
  const decision =
    check.settled && check.outcome.ok
      ? check.outcome.value
      : { allowed: false as const, code: 'lookup_failed' as const, reason: LOOKUP_TIMED_OUT };
  if (!decision.allowed) {
    log(`denied:${decision.code}`);
    intent.settle(false);
    await ack({ response_action: 'errors', errors: { [submission.refusalBlockId]: decision.reason } });
    return;
  }

  const race = await settleWithin(submission.write(), remaining(submission, runtime));
  if (race.settled && !race.outcome.ok) {
    log(`failed:${errorCode(race.outcome.error)}`);
    intent.settle(false);
    await ack({ response_action: 'errors', errors: submission.errorsFor(race.outcome.error) });
    return;
  }
  await ack({ response_action: 'clear' });
  const outcome = race.settled ? race.outcome : await race.late;
  if (outcome.ok) {
    log('ok');
    intent.settle(true);
    await safely(logger, 'after a successful write', () => submission.afterSuccess(outcome.value));
  } else {
    log(`failed:${errorCode(outcome.error)}`);
    intent.settle(false);
    await safely(logger, 'after a failed write', () => submission.afterLateFailure(outcome.error));
  }
}

const LOOKUP_TIMED_OUT =
  "Slack didn't tell me in time who you are, so nothing was changed. Press Save again.";

function remaining(submission: { startedAt: number }, runtime: InteractionRuntime): number {
  return runtime.timing.writeDeadlineMs - (performance.now() - submission.startedAt);
}

function errorCode(error: unknown): string {
  return isTrackingApiError(error) ? error.code : 'unexpected';
}

async function safely(logger: Logger, what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    logger.error(`follow-up failed ${what}`, { error });
  }
}
