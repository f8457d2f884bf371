/**
 * `/shipwatch track <number> [SCAC]` (README "Start tracking from Slack"): asks Terminal49 to track a bill of
 * lading, booking or container number. A subcommand of /shipwatch only (`slash: null`). The carrier is inferred
 * unless named; an uncertain one is confirmed in a modal (this command's trigger_id, hence `opensForm`), then the
 * request is created through the write flow and its card follows it in the channel (features/tracking/track-number.ts).
 */

import { hashOf } from '../../features/idempotency/index.js';
import { chooseCarrier, readScac } from '../../features/tracking/choose-carrier.js';
import { trackChosen } from '../flows/track-flow.js';
import { guarded, lookUpOrTell, tellUsage } from './answers.js';
import type { CommandSpec } from './command.js';
import { tokenize } from './text/index.js';

/** `<number> [SCAC]`: the last word is a SCAC when there are two or more and it has 2–4 letters. */
export function parseTrack(text: string): { number: string; scac: string | null } | null {
  const words = tokenize(text);
  if (words.length === 0) return null;
  const last = words[words.length - 1] ?? '';
  const scac = words.length > 1 && /^[A-Za-z]{2,4}$/.test(last) ? readScac(last) : null;
  const number = (scac ? words.slice(0, -1) : words).join('');
  return number === '' || number.length > 40 ? null : { number, scac };
}

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
      const { payload } = invocation;
      const chosen = await lookUpOrTell(
        runtime,
        invocation,
        { command: '/shipwatch track', subject: parsed.number },
        () => chooseCarrier(invocation.features, parsed.number, parsed.scac),
      );
      if (!chosen.ok) return;
      await trackChosen(
        runtime,
        { replier: invocation.replier, client: invocation.client, features: invocation.features },
        chosen.value,
        {
          triggerId: payload.trigger_id ?? null,
          input: {
            teamId: payload.team_id ?? null,
            channelId: payload.channel_id ?? null,
            userId: payload.user_id,
            // A Slack retry of the same command carries the same trigger_id; typing it again gets a new one.
            key: `command:${payload.team_id ?? '-'}:${payload.user_id}:track:${hashOf([parsed.number, parsed.scac, payload.trigger_id])}`,
            action: 'shipwatch_track',
          },
        },
      );
    }),
};
