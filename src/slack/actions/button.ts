/**
 * What a button (or menu option) is, and its one Bolt listener: the click read from Slack's payload, a Replier for
 * it, and the click runner (features/clicks/run-click.ts: ack first, refusals, dropped repeats, the channel policy,
 * the handler after the ack, a failure told privately) with Slack's ack, response_url and post-ack queue as its ports.
 */
import type { AllMiddlewareArgs, BlockAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { renderNotice } from '../../cards/notice.js';
import { RESTARTED } from '../../cards/restarted.js';
import { type ClickAccess, runClick } from '../../features/clicks/run-click.js';
import type { FeatureContext } from '../../features/context.js';
import type { EarlyIntent } from '../../features/writes/early-intent.js';
import type { PostAckWork } from '../../jobs/post-ack-work.js';
import { featuresOf } from '../context/feature-context.js';
import { requestContext } from '../context/tenant-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier, type Replier } from '../delivery/replier.js';
import { registry, respondsTo } from '../delivery/reply-io.js';
import type { SlackMessagingClient } from '../delivery/slack-client.js';
import type { DirectoryClient } from '../policy/member-directory.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { type ActionContext, readActionContext } from './action-context.js';

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
  /** read, modal or write: see `ClickAccess` (features/clicks/run-click.ts). */
  access: ClickAccess;
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
    await runClick(
      { ...ctx, retryNum: context.retryNum },
      { access: spec.access, onHome: spec.surface === 'home' },
      {
        logger,
        clock: runtime.clock,
        ledger: runtime.ledger,
        claims,
        windows: timing,
        settings: () => requestContext(context).tenant.settings,
        earlyIntent: () => spec.earlyIntent?.(runtime, ctx, replier) ?? null,
        ack: () => ack(),
        tell: (message) => replier.tell(message),
        tellUnknownPerson: async (message) => {
          if (!respondsTo(ctx.responseUrl, runtime)) return;
          await respond({ response_type: 'ephemeral', ...message }).catch((error: unknown) =>
            logger.warn('response_url POST failed', { error }),
          );
        },
        handle: (begun) => {
          const features = featuresOf(runtime, context);
          return afterAck(() => handle({ ctx, replier, client: messaging, begun, features }), {
            urgent: spec.access === 'modal',
            onAbandon: () => replier.tell(renderNotice(':warning:', RESTARTED)),
          });
        },
      },
    );
  };
}
