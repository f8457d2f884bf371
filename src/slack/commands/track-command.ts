/**
 * `/shipwatch track <number> [SCAC]` (README "Start tracking from Slack"): asks Terminal49 to track a bill of
 * lading, booking or container number. A subcommand of /shipwatch only (`slash: null`). The carrier is inferred
 * unless named (features/tracking/track-typed-number.ts); an uncertain one is confirmed in a modal (this command's
 * trigger_id, hence `opensForm`), then the request is created through the write flow and its card follows it in the
 * channel (flows/track-flow.ts, features/tracking/track-number.ts).
 */

import { parseTrack } from '../../features/command-text/index.js';
import { trackTypedNumber } from '../../features/tracking/track-typed-number.js';
import { trackChosen } from '../flows/track-flow.js';
import { guarded, tellUsage } from './answers.js';
import type { CommandSpec } from './command.js';
import { commandLookUp, requestOf } from './command-answer.js';

export const trackCommand: CommandSpec = {
  slash: null,
  words: ['track'],
  usage: '/shipwatch track <bill of lading | booking | container number> [SCAC]',
  description:
    'Start tracking a number on Terminal49: the carrier is inferred (or confirmed by you), and the card follows the request until it becomes the shipment’s card, watched in this channel.',
  examples: (n) => [`/shipwatch track ${n.container}`, `/shipwatch track ${n.billOfLading} MAEU`],
  readsData: true,
  // Without a SCAC the carrier may need confirming in a modal: the trigger_id must not wait in the queue.
  opensForm: (text) => parseTrack(text)?.scac === null,
  create: (runtime) =>
    guarded(runtime, '/shipwatch track', async (invocation) => {
      const parsed = parseTrack(invocation.text);
      if (!parsed)
        return tellUsage(runtime, invocation, trackCommand, 'Which number should Terminal49 track?');
      const io = { replier: invocation.replier, client: invocation.client, features: invocation.features };
      const triggerId = invocation.payload.trigger_id ?? null;
      const lookUp = commandLookUp(runtime, invocation, '/shipwatch track');
      await trackTypedNumber(
        invocation.features,
        lookUp,
        { ...requestOf(invocation), ...parsed },
        (choice, input) => trackChosen(runtime, io, choice, { triggerId, input }),
      );
    }),
};
