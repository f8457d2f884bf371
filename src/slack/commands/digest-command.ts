/**
 * `/shipwatch digest <HH:MM [weekdays] | off | now>` (README "Daily digests"): a subcommand of /shipwatch only
 * (`slash: null`). The use case is features/digests/digest-request.ts; the person's zone comes from `users.info`
 * through the member directory.
 */
import { answerDigestRequest } from '../../features/digests/digest-request.js';
import { guarded } from './answers.js';
import type { CommandSpec } from './command.js';
import { answerCommand, commandPeople, commandWrites, requestOf } from './command-answer.js';

export const digestCommand: CommandSpec = {
  slash: null,
  words: ['digest'],
  usage: '/shipwatch digest <HH:MM [weekdays] | off | now>',
  description:
    'A daily digest in this channel at that time (in your time zone): last free days passed, today and next, pickups, holds, arrivals today and tomorrow, and what changed. `off` stops it; `now` posts it at once.',
  examples: () => ['/shipwatch digest 08:00 weekdays', '/shipwatch digest now', '/shipwatch digest off'],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/shipwatch digest', async (invocation) => {
      const answer = await answerDigestRequest(
        invocation.features,
        { runWrite: commandWrites(runtime, invocation), people: commandPeople(runtime, invocation) },
        { ...requestOf(invocation), text: invocation.text },
      );
      await answerCommand(runtime, invocation, digestCommand, answer);
    }),
};
