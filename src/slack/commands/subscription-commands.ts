/**
 * `/shipwatch subscribe <filter…>`, `/shipwatch subscriptions` and `/shipwatch unsubscribe <number or filter>`
 * (README "Subscriptions"): subcommands of /shipwatch only (`slash: null`). The use cases, their writes and what they
 * say are features/subscriptions/subscription-requests.ts.
 */
import {
  listFromCommand,
  subscribeFromCommand,
  unsubscribeFromCommand,
} from '../../features/subscriptions/subscription-requests.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';
import { answerCommand, commandWrites, requestOf } from './command-answer.js';

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
      const request = { ...requestOf(invocation), text: invocation.text };
      const runWrite = commandWrites(runtime, invocation);
      const answer = await subscribeFromCommand(invocation.features, runWrite, request);
      await answerCommand(runtime, invocation, subscribeCommand, answer);
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
      const answer = await listFromCommand(invocation.features, requestOf(invocation));
      await answerCommand(runtime, invocation, subscriptionsCommand, answer);
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
      const request = { ...requestOf(invocation), text: invocation.text };
      const runWrite = commandWrites(runtime, invocation);
      const answer = await unsubscribeFromCommand(invocation.features, runWrite, request);
      await answerCommand(runtime, invocation, unsubscribeCommand, answer);
    }),
};
