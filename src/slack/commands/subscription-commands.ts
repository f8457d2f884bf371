/**
 * `/shipwatch subscribe <filter…>`, `/shipwatch subscriptions` and `/shipwatch unsubscribe <number or filter>`
 * (README "Subscriptions"): subcommands of /shipwatch only (`slash: null`). Subscribing and ending a subscription
 * change which shipments the channel watches, so they go through the one write flow like watching (the write policy,
 * once per request, and an audit line in the channel); the list goes to the person alone.
 */

import { renderNotice } from '../../cards/notice.js';
import {
  renderAlreadySubscribedNotice,
  renderNotSubscribedNotice,
  renderSubscribedLine,
  renderSubscriptionList,
  renderUnsubscribedLine,
} from '../../cards/subscriptions/subscription-messages.js';
import { renderWatchNeedsStoreNotice } from '../../cards/watch/watch-notices.js';
import { parseFilter } from '../../domain/subscriptions/index.js';
import { trackingOf } from '../../features/context.js';
import { hashOf } from '../../features/idempotency/index.js';
import {
  findSubscription,
  listSubscriptions,
  subscribeChannel,
  unsubscribe,
} from '../../features/subscriptions/subscriptions.js';
import type { SubscriptionRecord } from '../../store/index.js';
import { WATCHES_WHAT } from '../flows/watch-flow.js';
import type { SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { guarded, tellUsage } from './answers.js';
import type { CommandInvocation, CommandSpec } from './command.js';

const NO_CHANNEL = 'Subscriptions belong to a channel. Use this in the channel that should get the cards.';

/** A subscription that is already there, or that is not: told as the note it is, not as a fault. */
class SubscriptionNote extends Error {
  constructor(readonly notice: ReturnType<typeof renderNotice>) {
    super('subscription note');
  }
}

function commandKey(invocation: CommandInvocation, what: string, target: string): string {
  const { payload } = invocation;
  // A Slack retry of the same command carries the same trigger_id; a person typing it again gets a new one.
  return `command:${payload.team_id ?? '-'}:${payload.user_id}:${what}:${hashOf([target, payload.trigger_id])}`;
}

/** The channel the command came from, or null after telling the person (and no store: said too). */
async function channelOf(
  runtime: SlackRuntime,
  invocation: CommandInvocation,
): Promise<{ teamId: string; channelId: string } | null> {
  if (!runtime.watching) {
    await invocation.replier.tell(renderWatchNeedsStoreNotice());
    return null;
  }
  const { team_id: teamId, channel_id: channelId } = invocation.payload;
  if (!teamId || !channelId) {
    await invocation.replier.tell(renderNotice(':information_source:', NO_CHANNEL));
    return null;
  }
  return { teamId, channelId };
}

function writeContext(runtime: SlackRuntime, invocation: CommandInvocation) {
  return {
    runtime,
    replier: invocation.replier,
    directoryClient: invocation.client,
    tenant: invocation.features.tenant,
  };
}

const noteOf = async (error: unknown) => (error instanceof SubscriptionNote ? error.notice : null);

export const subscribeCommand: CommandSpec = {
  slash: null,
  words: ['subscribe'],
  usage: '/shipwatch subscribe <tag:… | customer:… | pod:… | carrier:… | ref:…>',
  description:
    'Watch every shipment that matches a filter in this channel, quietly: a shipment’s card is posted here when it first has news. Terms combine with AND; several subscriptions with OR.',
  examples: () => [
    '/shipwatch subscribe tag:acme pod:USLAX',
    '/shipwatch subscribe customer:"Acme Home Goods"',
  ],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch subscribe', async (invocation) => {
      const where = await channelOf(runtime, invocation);
      if (where === null) return;
      const parsed = parseFilter(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, subscribeCommand, parsed.problem);
      // No account connected: nothing to match against (the error card says how to connect one).
      trackingOf(invocation.features);
      const { payload } = invocation;
      await runWrite(
        writeContext(runtime, invocation),
        {
          action: 'shipwatch_subscribe',
          key: commandKey(invocation, 'subscribe', parsed.canonical),
          target: parsed.canonical,
          what: WATCHES_WHAT,
          actor: { userId: payload.user_id, teamId: where.teamId },
          channelId: where.channelId,
          write: async () => {
            const outcome = await subscribeChannel(invocation.features, {
              ...where,
              userId: payload.user_id,
              text: invocation.text,
            });
            if (outcome.kind === 'invalid') throw new Error(outcome.problem);
            if (outcome.kind === 'already')
              throw new SubscriptionNote(renderAlreadySubscribedNotice(outcome.subscription.filter));
            return outcome.subscription;
          },
          auditLine: (subscription) =>
            renderSubscribedLine({ userId: payload.user_id, filter: subscription.filter }),
          describeFailure: () => 'Something went wrong while subscribing this channel. Nothing was changed.',
          failureNotice: noteOf,
        },
        { kind: 'acked' },
      );
    }),
};

export const subscriptionsCommand: CommandSpec = {
  slash: null,
  words: ['subscriptions'],
  usage: '/shipwatch subscriptions',
  description:
    'This channel’s subscriptions, numbered, with how many shipments each matches (only you see the list).',
  examples: () => ['/shipwatch subscriptions'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch subscriptions', async (invocation) => {
      const where = await channelOf(runtime, invocation);
      if (where === null) return;
      const listed = await listSubscriptions(invocation.features, where);
      await invocation.replier.tell(renderSubscriptionList(listed));
    }),
};

export const unsubscribeCommand: CommandSpec = {
  slash: null,
  words: ['unsubscribe'],
  usage: '/shipwatch unsubscribe <number | filter>',
  description:
    'End one of this channel’s subscriptions, by its number in `/shipwatch subscriptions` or its filter. Cards already posted say they are no longer watched.',
  examples: () => ['/shipwatch unsubscribe 1', '/shipwatch unsubscribe tag:acme pod:USLAX'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch unsubscribe', async (invocation) => {
      const where = await channelOf(runtime, invocation);
      if (where === null) return;
      const what = invocation.text.trim();
      if (what === '') return tellUsage(runtime, invocation, unsubscribeCommand, null);
      const { payload } = invocation;
      await runWrite(
        writeContext(runtime, invocation),
        {
          action: 'shipwatch_unsubscribe',
          key: commandKey(invocation, 'unsubscribe', what),
          target: what,
          what: WATCHES_WHAT,
          actor: { userId: payload.user_id, teamId: where.teamId },
          channelId: where.channelId,
          write: async (): Promise<SubscriptionRecord> => {
            const found = await findSubscription(invocation.features, where, what);
            if (found === null || !(await unsubscribe(invocation.features, found)))
              throw new SubscriptionNote(renderNotSubscribedNotice(what));
            return found;
          },
          auditLine: (subscription) =>
            renderUnsubscribedLine({ userId: payload.user_id, filter: subscription.filter }),
          describeFailure: () => 'Something went wrong while ending the subscription. Nothing was changed.',
          failureNotice: noteOf,
        },
        { kind: 'acked' },
      );
    }),
};
