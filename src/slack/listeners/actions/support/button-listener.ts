/**
 * The skeleton every button listener shares, in the order Slack needs: acknowledge first (the 3 s budget is for the
 * ack, never for our API calls), refuse a payload that cannot be ours, drop a re-sent payload (retry) and a repeated
 * intent (double-click), check the policy (a refused person is told why, privately, and no API call is made), run
 * the handler, and turn any failure into a private answer while the card stays as it was. Writes log one
 * structured line with their outcome.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { isTrackingApiError } from '../../../../tracking/errors.js';
import { withChatApi } from '../../../delivery/chat-api.js';
import { buttonIntentKey, deliveryKey } from '../../../idempotency/index.js';
import {
  checkReadPermission,
  checkWritePermission,
  logWrite,
  type PolicyDecision,
} from '../../../policy/index.js';
import { type ActionContext, isPlausibleValue, readActionContext } from './action-context.js';
import { errorMessage } from './error-message.js';
import { renderNotice } from './notice.js';
import { type ReplyIo, respondPrivately, tellPrivately } from './reply.js';
import { holdIntent, type InteractionRuntime } from './runtime.js';

const BAD_VALUE =
  "This button doesn't carry anything Shipwatch can look up, so nothing was done. Look the item up again with /shipment.";
const NO_USER = "Slack didn't say who clicked, so nothing was done. Try again.";

export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

export interface ActionIo extends ReplyIo {
  /** Bolt's WebClient for this request (views.open and the policy's users.info need more than delivery's slice). */
  web: ButtonArgs['client'];
}

export interface ButtonSpec {
  /**
   * read: needs read access to the channel. write: also needs write permission, checked before the handler runs.
   * modal: opens a modal first (the trigger_id expires in 3 s) and checks write permission itself afterwards.
   */
  access: 'read' | 'write' | 'modal';
  handle(ctx: ActionContext, io: ActionIo): Promise<void>;
  /** For writes: what a failure means, in words (defaults to the generic error card). */
  describeFailure?(error: unknown, ctx: ActionContext): ReturnType<typeof errorMessage>;
}

export function createButtonListener(runtime: InteractionRuntime, spec: ButtonSpec) {
  const { logger } = runtime.deps;
  return async ({ ack, body, client, respond, context }: ButtonArgs): Promise<void> => {
    await ack();
    const ctx = readActionContext(body);
    const io: ActionIo = {
      client: withChatApi(client, runtime.deps.chat),
      web: client,
      respond: ctx.responseUrl ? respond : null,
      logger,
    };
    if (!ctx.userId) {
      // Nobody to attribute a write to, check a policy for, or answer privately except through the response_url.
      logger.warn('interaction without a user id dropped', { action: ctx.actionId });
      await respondPrivately(io, renderNotice(':warning:', NO_USER));
      return;
    }
    if (!isPlausibleValue(ctx.value)) {
      logger.warn('interaction with an unusable value dropped', {
        action: ctx.actionId,
        length: ctx.value.length,
      });
      await tellPrivately(io, privateTarget(ctx), renderNotice(':warning:', BAD_VALUE));
      return;
    }
    const writeLog = (outcome: string) =>
      logWrite(logger, {
        userId: ctx.userId,
        teamId: ctx.teamId,
        channelId: ctx.channelId,
        action: ctx.actionId,
        target: ctx.value,
        outcome,
      });

    if (ctx.actionTs && !runtime.idempotency.claim(deliveryKey(ctx), runtime.timing.redeliveryWindowMs)) {
      logger.info('re-sent interaction dropped', {
        action: ctx.actionId,
        retryNum: context.retryNum ?? null,
      });
      if (spec.access === 'write') writeLog('duplicate');
      return;
    }
    const intent = holdIntent(
      runtime,
      buttonIntentKey({
        teamId: ctx.teamId,
        userId: ctx.userId,
        actionId: ctx.actionId,
        value: ctx.value,
        messageTs: ctx.messageTs,
      }),
    );
    if (!intent.claimed) {
      logger.info('repeated interaction dropped', { action: ctx.actionId, user: ctx.userId });
      if (spec.access === 'write') writeLog('duplicate');
      return;
    }

    const decision = await decide(runtime, spec, ctx, io);
    if (!decision.allowed) {
      if (spec.access === 'write') writeLog(`denied:${decision.code}`);
      intent.settle(false);
      await tellPrivately(io, privateTarget(ctx), renderNotice(':no_entry:', decision.reason));
      return;
    }

    try {
      await runtime.turns?.next();
      await spec.handle(ctx, io);
      if (spec.access === 'write') writeLog('ok');
      intent.settle(true);
    } catch (error) {
      intent.settle(false);
      const code = isTrackingApiError(error) ? error.code : 'unexpected';
      if (spec.access === 'write') writeLog(`failed:${code}`);
      else logger.warn('interaction failed', { action: ctx.actionId, code, error });
      const message = spec.describeFailure?.(error, ctx) ?? errorMessage(runtime, error);
      await tellPrivately(io, privateTarget(ctx), message);
    }
  };
}

async function decide(
  runtime: InteractionRuntime,
  spec: ButtonSpec,
  ctx: ActionContext,
  io: ActionIo,
): Promise<PolicyDecision> {
  const { config } = runtime.deps;
  if (spec.access !== 'write') return checkReadPermission(ctx, { config });
  return checkWritePermission(
    { userId: ctx.userId, teamId: ctx.teamId, channelId: ctx.channelId, action: ctx.actionId },
    { config, directory: runtime.directory, client: io.web },
  );
}

export function privateTarget(ctx: ActionContext) {
  return { userId: ctx.userId, channelId: ctx.channelId, threadTs: ctx.parentTs };
}
