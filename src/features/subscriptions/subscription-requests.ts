/**
 * `/shipwatch subscribe <filter…>`, `/shipwatch subscriptions` and `/shipwatch unsubscribe <number or filter>` as use
 * cases (README "Subscriptions"). Subscribing and ending a subscription change which shipments the channel watches,
 * so they go through the one write flow like watching (the write policy, once per request, and an audit line in the
 * channel); the list goes to the person alone.
 */
import { renderNotice } from '../../cards/notice.js';
import {
  renderAlreadySubscribedNotice,
  renderNotSubscribedNotice,
  renderSubscribedLine,
  renderSubscriptionList,
  renderUnsubscribedLine,
} from '../../cards/subscriptions/subscription-messages.js';
import type { SlackMessage } from '../../cards/types.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { parseFilter } from '../../domain/subscriptions/index.js';
import type { SubscriptionRecord } from '../../store/index.js';
import { commandIntentKey } from '../commands/command-intent-key.js';
import { type CommandAnswer, type CommandRequest, DONE, tell } from '../commands/command-request.js';
import { type FeatureContext, trackingOf } from '../context.js';
import { WATCHES_WHAT } from '../watching/watches-what.js';
import type { RunWrite } from '../writes/write-runner.js';
import { findSubscription, listSubscriptions, subscribeChannel, unsubscribe } from './subscriptions.js';

const NO_CHANNEL = 'Subscriptions belong to a channel. Use this in the channel that should get the cards.';

/** A subscription that is already there, or that is not: told as the note it is, not as a fault. */
class SubscriptionNote extends Error {
  constructor(readonly notice: SlackMessage) {
    super('subscription note');
  }
}

const noteOf = async (error: unknown) => (error instanceof SubscriptionNote ? error.notice : null);

type Where = { teamId: string; channelId: string };

/** The channel the command came from, or what to tell the person instead (no store: said too). */
function channelOf(ctx: FeatureContext, request: CommandRequest): Where | CommandAnswer {
  if (!ctx.watching) return tell(renderWatchNeedsStoreNotice());
  const { teamId, channelId } = request;
  if (!teamId || !channelId) return tell(renderNotice(':information_source:', NO_CHANNEL));
  return { teamId, channelId };
}

export async function subscribeFromCommand(
  ctx: FeatureContext,
  runWrite: RunWrite,
  request: CommandRequest & { text: string },
): Promise<CommandAnswer> {
  const where = channelOf(ctx, request);
  if ('kind' in where) return where;
  const parsed = parseFilter(request.text);
  if (!parsed.ok) return { kind: 'usage', problem: parsed.problem };
  // No account connected: nothing to match against (the error card says how to connect one).
  trackingOf(ctx);
  const { userId } = request;
  await runWrite({
    action: 'shipwatch_subscribe',
    key: commandIntentKey(request, 'subscribe', [parsed.canonical]),
    target: parsed.canonical,
    what: WATCHES_WHAT,
    actor: { userId, teamId: where.teamId },
    channelId: where.channelId,
    write: async () => {
      const outcome = await subscribeChannel(ctx, { ...where, userId, text: request.text });
      if (outcome.kind === 'invalid') throw new Error(outcome.problem);
      if (outcome.kind === 'already')
        throw new SubscriptionNote(renderAlreadySubscribedNotice(outcome.subscription.filter));
      return outcome.subscription;
    },
    auditLine: (subscription) => renderSubscribedLine({ userId, filter: subscription.filter }),
    describeFailure: () => 'Something went wrong while subscribing this channel. Nothing was changed.',
    failureNotice: noteOf,
  });
  return DONE;
}

export async function listFromCommand(ctx: FeatureContext, request: CommandRequest): Promise<CommandAnswer> {
  const where = channelOf(ctx, request);
  if ('kind' in where) return where;
  return tell(renderSubscriptionList(await listSubscriptions(ctx, where)));
}

export async function unsubscribeFromCommand(
  ctx: FeatureContext,
  runWrite: RunWrite,
  request: CommandRequest & { text: string },
): Promise<CommandAnswer> {
  const where = channelOf(ctx, request);
  if ('kind' in where) return where;
  const what = request.text.trim();
  if (what === '') return { kind: 'usage', problem: null };
  const { userId } = request;
  await runWrite({
    action: 'shipwatch_unsubscribe',
    key: commandIntentKey(request, 'unsubscribe', [what]),
    target: what,
    what: WATCHES_WHAT,
    actor: { userId, teamId: where.teamId },
    channelId: where.channelId,
    write: async (): Promise<SubscriptionRecord> => {
      const found = await findSubscription(ctx, where, what);
      if (found === null || !(await unsubscribe(ctx, found)))
        throw new SubscriptionNote(renderNotSubscribedNotice(what));
      return found;
    },
    auditLine: (subscription) => renderUnsubscribedLine({ userId, filter: subscription.filter }),
    describeFailure: () => 'Something went wrong while ending the subscription. Nothing was changed.',
    failureNotice: noteOf,
  });
  return DONE;
}
