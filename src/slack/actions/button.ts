/**
 * What a button (or menu option) is, and the one runner every button goes through, in the order Slack needs:
 * acknowledge first (the 3 s budget is for the ack, never for our API calls), refuse a payload that cannot be ours,
 * drop a re-sent payload (a Slack retry keeps its action_ts) and, for reads and forms, a repeated click, check the
 * channel policy, then run the handler after the ack. A failure becomes a private answer while the card stays as it
 * was. Writes check the write policy and log their outcome in the write flow (features/writes/write-flow.ts), which their
 * handlers call.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderErrorCard } from '../../cards/index.js';
import { renderNotice } from '../../cards/notice.js';
import { RESTARTED } from '../../cards/restarted.js';
import type { FeatureContext } from '../../features/context.js';
import { buttonIntentKey, deliveryKey } from '../../features/idempotency/index.js';
import { checkReadPermission, logWrite } from '../../features/policy/index.js';
import { beginBeforeAck, type EarlyIntent, STORE_DOWN } from '../../features/writes/early-intent.js';
import type { PostAckWork } from '../../jobs/post-ack-work.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import { featuresOf } from '../context/feature-context.js';
import { requestContext } from '../context/tenant-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier, type Replier } from '../delivery/replier.js';
import { registry, respondsTo } from '../delivery/reply-io.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { type ActionContext, isPlausibleValue, readActionContext } from './action-context.js';

export type ButtonArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;

/** One click, as a handler sees it. */
export interface Click {
  ctx: ActionContext;
  replier: Replier;
  /** Bolt's WebClient with the lean chat client: views.* for forms, users.info for the write policy. */
  client: SlackMessagingClient & DirectoryClient;
  /** True when the runner recorded the write's intent (`earlyIntent`) before acknowledging the click. */
  begun: boolean;
  /** The use cases' context for this click: its tenant (Terminal49 account, settings), clock, logger. */
  features: FeatureContext;
}

export interface ButtonSpec {
  /** The action ids it answers. */
  actionIds: readonly string[];
  /**
   * read: shows data (channel policy, repeated clicks dropped). modal: opens a form (the same, and its work skips
   * the post-ack queue: the trigger_id expires 3 s after the click). write: changes data through the write flow.
   */
  access: 'read' | 'modal' | 'write';
  /**
   * `home`: clicked on the Home tab, in no channel; the channel policy applies to what Home lists (only the
   * tenant's channels), not to the click.
   */
  surface?: 'home';
  create(runtime: SlackRuntime): (click: Click) => Promise<void>;
  /**
   * A write button's intent, recorded before the ack (features/writes/early-intent.ts) so an acknowledged click survives a
   * crash right after it; the handler's runWrite uses the same key with `begun`.
   */
  earlyIntent?(runtime: SlackRuntime, ctx: ActionContext, replier: Replier): EarlyIntent | null;
  /**
   * The channel the button acts in, read from its value, for clicks whose payload names none (the details of a
   * link preview open outside any message); the payload's own channel wins when it has one.
   */
  channelOf?(value: string): string | null;
}

const BAD_VALUE =
  "This button doesn't carry anything Shipwatch can look up, so nothing was done. Look the item up again with /shipment.";
const NO_USER = "Slack didn't say who clicked, so nothing was done. Try again.";

export function createButtonListener(
  runtime: SlackRuntime,
  spec: ButtonSpec,
  afterAck: PostAckWork,
): (args: ButtonArgs) => Promise<void> {
  const { logger, claims, timing } = runtime;
  const handle = spec.create(runtime);
  return async ({ ack, body, client, respond, context }) => {
    const read = readActionContext(body);
    const ctx =
      read.channelId === null && spec.channelOf ? { ...read, channelId: spec.channelOf(read.value) } : read;
    const messaging = withChatApi(client, chatOf(runtime, context));
    const replier = createReplier(
      {
        client: messaging,
        respond: respondsTo(ctx.responseUrl, runtime) ? respond : null,
        logger,
        ...registry(runtime),
      },
      {
        teamId: ctx.teamId,
        channelId: ctx.channelId,
        userId: ctx.userId,
        card: {
          ts: ctx.isEphemeral ? null : ctx.messageTs,
          threadTs: ctx.threadTs,
          isPrivate: ctx.isEphemeral,
        },
      },
    );
    const writeLog = (outcome: string) =>
      logWrite(logger, {
        userId: ctx.userId,
        teamId: ctx.teamId,
        channelId: ctx.channelId,
        action: ctx.actionId,
        target: ctx.value,
        outcome,
      });
    const early =
      spec.access === 'write' && ctx.userId && isPlausibleValue(ctx.value)
        ? (spec.earlyIntent?.(runtime, ctx, replier) ?? null)
        : null;
    const begun = early ? await beginBeforeAck(runtime.ledger, logger, early) : null;
    await ack();
    if (begun === 'unavailable') {
      writeLog('failed:store_unavailable');
      await replier.tell(renderNotice(':warning:', STORE_DOWN));
      return;
    }
    if (begun === 'duplicate') {
      if (context.retryNum)
        logger.info('re-sent interaction dropped', { action: ctx.actionId, retryNum: context.retryNum });
      writeLog('duplicate');
      return;
    }
    // A click dropped below after its intent was begun must not leave the intent to be reported as interrupted.
    const forget = () => (early ? runtime.ledger.fail(early.key).catch(() => {}) : Promise.resolve());
    if (!ctx.userId) {
      // Nobody to attribute a write to, check a policy for, or answer privately except through the response_url.
      logger.warn('interaction without a user id dropped', { action: ctx.actionId });
      if (respondsTo(ctx.responseUrl, runtime)) {
        await respond({ response_type: 'ephemeral', ...renderNotice(':warning:', NO_USER) }).catch(
          (error: unknown) => logger.warn('response_url POST failed', { error }),
        );
      }
      return;
    }
    if (!isPlausibleValue(ctx.value)) {
      logger.warn('interaction with an unusable value dropped', {
        action: ctx.actionId,
        length: ctx.value.length,
      });
      await replier.tell(renderNotice(':warning:', BAD_VALUE));
      return;
    }
    if (ctx.actionTs && !(await claims.claim(deliveryKey(ctx), timing.redeliveryWindowMs))) {
      await forget();
      logger.info('re-sent interaction dropped', {
        action: ctx.actionId,
        retryNum: context.retryNum ?? null,
      });
      if (spec.access === 'write') writeLog('duplicate');
      return;
    }
    // Writes hold their intent in the write ledger; reads and forms hold it here for as long as they run.
    const intentKey = spec.access === 'write' ? null : buttonIntentKey({ ...ctx, messageTs: ctx.messageTs });
    if (intentKey !== null && !(await claims.claim(intentKey, timing.inFlightMs))) {
      logger.info('repeated interaction dropped', { action: ctx.actionId, user: ctx.userId });
      return;
    }
    if (spec.access !== 'write' && spec.surface !== 'home') {
      const decision = checkReadPermission(ctx, { settings: requestContext(context).tenant.settings });
      if (!decision.allowed) {
        if (intentKey !== null) await claims.release(intentKey);
        await replier.tell(renderNotice(':no_entry:', decision.reason));
        return;
      }
    }
    let ok = false;
    try {
      const features = featuresOf(runtime, context);
      await afterAck(() => handle({ ctx, replier, client: messaging, begun: begun === 'begun', features }), {
        urgent: spec.access === 'modal',
        onAbandon: () => replier.tell(renderNotice(':warning:', RESTARTED)),
      });
      ok = true;
    } catch (error) {
      const code = isTrackingApiError(error) ? error.code : 'unexpected';
      logger.warn('interaction failed', { action: ctx.actionId, code, error });
      await replier.tell(renderErrorCard(error, { now: runtime.clock.now() }));
    } finally {
      if (intentKey !== null) {
        await claims.release(intentKey);
        if (ok) await claims.claim(intentKey, timing.duplicateWindowMs);
      }
    }
  };
}
