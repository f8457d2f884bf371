/**
 * `/shipwatch watch <number>`, `/shipwatch unwatch <number>` and `/shipwatch watching` (README "Watching
 * shipments"): subcommands of /shipwatch only (`slash: null`), so manifest.yml needs nothing. The use cases are
 * features/watching/watch-requests.ts; watching and unwatching run the buttons' use cases
 * (features/watching/start-watching.ts, stop-watching.ts), and the
 * list links each card with a link built from the command's `team_domain`.
 */

import { messageLink } from '../../cards/format/message-link.js';
import { parseLookup } from '../../features/command-text/index.js';
import { startWatching } from '../../features/watching/start-watching.js';
import { stopWatching } from '../../features/watching/stop-watching.js';
import {
  unwatchFromCommand,
  watchFromCommand,
  watchingFromCommand,
} from '../../features/watching/watch-requests.js';
import { flowPorts } from '../flows/flow-ports.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';
import { answerCommand, commandLookUp, requestOf } from './command-answer.js';

export const watchCommand: CommandSpec = {
  slash: null,
  words: ['watch'],
  usage: '/shipwatch watch <bill of lading | booking | container number>',
  description:
    'Watch a shipment in this channel: its card stays up to date, and changes (ETA, holds, availability, LFD, pickups) are posted in its thread.',
  examples: (n) => [`/shipwatch watch ${n.billOfLading}`],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch watch', async (invocation) => {
      const answer = await watchFromCommand(
        invocation.features,
        {
          lookUp: commandLookUp(runtime, invocation, '/shipwatch watch'),
          watch: (input) => startWatching(invocation.features, flowPorts(runtime, invocation), input),
        },
        { ...requestOf(invocation), parsed: parseLookup(invocation.text) },
      );
      await answerCommand(runtime, invocation, watchCommand, answer);
    }),
};

export const unwatchCommand: CommandSpec = {
  slash: null,
  words: ['unwatch'],
  usage: '/shipwatch unwatch <bill of lading | booking | container number>',
  description: 'Stop watching a shipment in this channel.',
  examples: (n) => [`/shipwatch unwatch ${n.billOfLading}`],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch unwatch', async (invocation) => {
      const answer = await unwatchFromCommand(
        invocation.features,
        {
          lookUp: commandLookUp(runtime, invocation, '/shipwatch unwatch'),
          unwatch: (input) => stopWatching(invocation.features, flowPorts(runtime, invocation), input),
        },
        { ...requestOf(invocation), parsed: parseLookup(invocation.text) },
      );
      await answerCommand(runtime, invocation, unwatchCommand, answer);
    }),
};

export const watchingCommand: CommandSpec = {
  slash: null,
  words: ['watching', 'watches'],
  usage: '/shipwatch watching',
  description: 'The shipments this channel watches, most urgent first (only you see the list).',
  examples: () => ['/shipwatch watching'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch watching', async (invocation) => {
      const teamDomain = invocation.payload.team_domain;
      const answer = await watchingFromCommand(
        invocation.features,
        (card) => messageLink({ teamDomain, ...card }),
        requestOf(invocation),
      );
      await answerCommand(runtime, invocation, watchingCommand, answer);
    }),
};
