/**
 * The one way Shipwatch changes data, whatever asked for it (a button, a modal, `/track-edit … ref=`):
 *
 *   ledger (a repeat of the same intent is dropped) → write policy (a refusal is said to the person, no API call)
 *   → the API write (sent once, never retried) → the card re-rendered → the audit line where the team sees it.
 *
 * Every attempt logs one line with who, where, what and how it ended. Buttons and commands are acknowledged before
 * this runs; a form submission is acknowledged by it (`mode: form`): the policy check and the write get until a
 * deadline inside Slack's 3 s, so a refusal or an API validation error shows next to the field while the form is
 * still open; a write slower than that closes the form and reports its outcome as a message. The write is never
 * cancelled, so a late success is still recorded, announced and audited as one.
 *
 * Nothing here knows Slack: people are told through the `WriteReplies` port (the Replier), who they are comes from
 * the `People` port, and a form is answered through its `answer` callback (slack/write/run-write.ts adapts Bolt).
 */
import { renderNotice } from '../../cards/notice.js';
import type { SlackMessage } from '../../cards/types.js';
import type { Logger } from '../../logger.js';
import type { TenantSettings } from '../../tenancy/index.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import { isWatchError } from '../../watch/errors.js';
import {
  checkAdminPermission,
  checkWritePermission,
  type HomeWorkspace,
  logWrite,
  type People,
  type PolicyDecision,
} from '../policy/index.js';
import { type Settled, settleWithin } from './deadline.js';
import { STORE_DOWN } from './early-intent.js';
import type { WriteLedger } from './write-ledger.js';

export interface WriteActor {
  userId: string;
  teamId: string | null;
}

export interface WriteSpec<R> {
  /** What is written, for the log line and the ledger (an action or view id). */
  action: string;
  /** The idempotency key of this intent. */
  key: string;
  /** When the key names one delivered payload: how long a repeat of it is refused (see WriteIntent). */
  repeatWindowMs?: number;
  /** Who may: anyone the write policy allows (default), or the workspace's admins (its Terminal49 account). */
  policy?: 'write' | 'admin';
  /** The id of what is written, for the log line (never a submitted value). */
  target: string;
  /** What the write changes, in a refusal's words (default: tracking data). */
  what?: string;
  actor: WriteActor;
  channelId: string | null;
  write(): Promise<R>;
  /** After a successful write: re-render the card. A failure here is logged; the write stands. */
  afterWrite?(result: R): Promise<void>;
  /** The line that records the write for the team. */
  auditLine(result: R): SlackMessage;
  /** Where the audit line goes when not `replies.announce` (a command posts it under the card it posts). */
  publishAudit?(line: SlackMessage, result: R): Promise<void>;
  /** What a failed write means, in one sentence for the person. */
  describeFailure(error: unknown): string;
  /**
   * A whole message for a failure that is no fault (the thing is already as asked, and here is where): used instead
   * of the warning with `describeFailure` when it gives one.
   */
  failureNotice?(error: unknown): Promise<SlackMessage | null>;
}

/** How a form submission is answered: closed, or kept open with a message next to each field named. */
export type FormAnswer = { kind: 'close' } | { kind: 'errors'; errors: Record<string, string> };

export type WriteFlowMode =
  /** `begun`: the listener recorded the intent before its ack (early-intent.ts), under the same key. */
  | { kind: 'acked'; begun?: boolean }
  | {
      kind: 'form';
      /** Acknowledges the submission (once): closes the form or shows errors in it. */
      answer(reply: FormAnswer): Promise<void>;
      /** `performance.now()` when the submission arrived: the deadline counts from there. */
      startedAt: number;
      /** The block that shows a policy refusal. */
      refusalBlockId: string;
      /** A write that failed in time, as block id → message shown in the form. */
      errorsFor(error: unknown): Record<string, string>;
    };

export type WriteOutcome = 'duplicate' | 'denied' | 'failed' | 'written';

/** The card a write was asked from, as far as a recovering process needs it (where its audit line goes). */
export interface WriteOriginCard {
  threadTs: string | null;
  isPrivate: boolean;
}

/** The "say it to the person" port: the Replier of the request implements it. */
export interface WriteReplies {
  readonly origin: { readonly card: WriteOriginCard | null };
  /** Something for the person alone (a refusal, a failure). */
  tell(message: SlackMessage): Promise<unknown>;
  /** A line the team must see (the audit line): the card's thread, else the channel. */
  announce(message: SlackMessage): Promise<unknown>;
}

export interface WriteFlowContext {
  logger: Logger;
  ledger: WriteLedger;
  /** How long a form submission may wait for the policy and the write before the form is answered. */
  writeDeadlineMs: number;
  /** Whose write: who may write, and where (the tenant's policy settings). */
  settings: Pick<TenantSettings, 'editors' | 'channels'>;
  people: People;
  /** The workspace (or organisation) that installed the bot; null while unknown (the policy then refuses). */
  home(): HomeWorkspace | null;
  replies: WriteReplies;
}

const LOOKUP_TIMED_OUT =
  "Slack didn't tell me in time who you are, so nothing was changed. Press Save again.";

export async function runWriteFlow<R>(
  ctx: WriteFlowContext,
  spec: WriteSpec<R>,
  mode: WriteFlowMode,
): Promise<WriteOutcome> {
  const { logger, ledger, replies } = ctx;
  let userTeamId: string | null = null;
  const log = (outcome: string) =>
    logWrite(logger, {
      userId: spec.actor.userId,
      teamId: spec.actor.teamId,
      userTeamId,
      channelId: spec.channelId,
      action: spec.action,
      target: spec.target,
      outcome,
    });
  // A refused or failed intent is forgotten so the person can try again; a store outage here must not hide the answer.
  const release = () =>
    ledger.fail(spec.key).catch((error: unknown) => {
      logger.warn('could not release the write intent', { action: spec.action, error });
    });
  const remaining = () =>
    mode.kind === 'form' ? ctx.writeDeadlineMs - (performance.now() - mode.startedAt) : Infinity;

  let started: boolean;
  try {
    started =
      (mode.kind === 'acked' && mode.begun === true) ||
      (await ledger.begin(spec.key, {
        action: spec.action,
        target: spec.target,
        ...(spec.repeatWindowMs === undefined ? {} : { repeatWindowMs: spec.repeatWindowMs }),
        payload: intentPayload(spec.actor, spec.channelId, replies),
      }));
  } catch (error) {
    // The ledger is the store: without it a write could happen twice, so none happens now.
    logger.error('write ledger unavailable; nothing written', { action: spec.action, error });
    log('failed:store_unavailable');
    if (mode.kind === 'form') {
      await mode.answer({ kind: 'errors', errors: { [mode.refusalBlockId]: STORE_DOWN } });
    } else {
      await replies.tell(renderNotice(':warning:', STORE_DOWN));
    }
    return 'failed';
  }
  if (!started) {
    log('duplicate');
    if (mode.kind === 'form') await mode.answer({ kind: 'close' });
    return 'duplicate';
  }

  const decision = await decide(ctx, spec, remaining());
  userTeamId = decision.userTeamId ?? null;
  if (!decision.allowed) {
    log(`denied:${decision.code}`);
    await release();
    if (mode.kind === 'form') {
      await mode.answer({ kind: 'errors', errors: { [mode.refusalBlockId]: decision.reason } });
    } else {
      await replies.tell(renderNotice(':no_entry:', decision.reason));
    }
    return 'denied';
  }

  let outcome: Settled<R>;
  if (mode.kind === 'form') {
    const race = await settleWithin(spec.write(), remaining());
    if (race.settled && !race.outcome.ok) {
      log(`failed:${errorCode(race.outcome.error)}`);
      await release();
      await mode.answer({ kind: 'errors', errors: mode.errorsFor(race.outcome.error) });
      return 'failed';
    }
    await mode.answer({ kind: 'close' });
    outcome = race.settled ? race.outcome : await race.late;
  } else {
    outcome = await spec.write().then(
      (value): Settled<R> => ({ ok: true, value }),
      (error: unknown): Settled<R> => ({ ok: false, error }),
    );
  }

  if (!outcome.ok) {
    log(`failed:${errorCode(outcome.error)}`);
    await release();
    const notice = spec.failureNotice ? await spec.failureNotice(outcome.error).catch(() => null) : null;
    await replies.tell(notice ?? renderNotice(':warning:', spec.describeFailure(outcome.error)));
    return 'failed';
  }
  log('ok');
  const result = outcome.value;
  // What a recovering process needs to finish the job if this one dies now: the audit line and where it goes.
  await ledger.written(spec.key, { auditLine: spec.auditLine(result) }).catch((error: unknown) => {
    logger.warn('could not record the write as done; it stands', { action: spec.action, error });
  });
  if (spec.afterWrite) {
    try {
      await spec.afterWrite(result);
    } catch (error) {
      // The write stands; the card catches up on its next Refresh, and the audit line still records the change.
      logger.warn('written, but the card could not be re-rendered', { action: spec.action, error });
    }
  }
  const line = spec.auditLine(result);
  if (spec.publishAudit) await spec.publishAudit(line, result);
  else await replies.announce(line);
  await ledger.finish(spec.key).catch((error: unknown) => {
    logger.warn('could not record the write as finished', { action: spec.action, error });
  });
  return 'written';
}

/** What a recovering process needs to tell the person about an intent (recover-intents.ts reads it). */
export function intentPayload(
  actor: WriteActor,
  channelId: string | null,
  replies: Pick<WriteReplies, 'origin'>,
): Record<string, unknown> {
  return { userId: actor.userId, teamId: actor.teamId, channelId, card: replies.origin.card };
}

/** The write policy; inside a modal's deadline a slow Slack lookup refuses (fail closed) instead of hanging. */
async function decide<R>(
  ctx: WriteFlowContext,
  spec: WriteSpec<R>,
  budgetMs: number,
): Promise<PolicyDecision> {
  const check = (spec.policy === 'admin' ? checkAdminPermission : checkWritePermission)(
    {
      userId: spec.actor.userId,
      teamId: spec.actor.teamId,
      channelId: spec.channelId,
      action: spec.action,
      ...(spec.what !== undefined ? { what: spec.what } : {}),
    },
    { settings: ctx.settings, people: ctx.people, home: ctx.home },
  );
  if (budgetMs === Infinity) return check;
  const race = await settleWithin(check, budgetMs);
  if (race.settled && race.outcome.ok) return race.outcome.value;
  return { allowed: false, code: 'lookup_failed', reason: LOOKUP_TIMED_OUT };
}

function errorCode(error: unknown): string {
  if (isTrackingApiError(error) || isWatchError(error)) return error.code;
  return 'unexpected';
}
