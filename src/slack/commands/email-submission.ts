/**
 * `/email-submission <id> [private]`: the submission and its documents. Scanned images get download links (fetched in
 * parallel; a link that cannot be fetched is left out rather than failing the card) so people can check a rotation.
 */
import { renderEmailSubmissionCard } from '../../cards/index.js';
import { loadEmailSubmissionView } from '../../features/email-submissions/load-email-submission.js';
import { guarded, lookUpOrTell, tellUsage, withPlaceholder } from './answers.js';
import type { CommandSpec } from './command.js';
import { parseLookup } from '../../features/command-text/index.js';

export const emailSubmissionCommand: CommandSpec = {
  slash: '/email-submission',
  words: ['email-submission', 'email'],
  usage: '/email-submission <email submission id> [private]',
  description: 'The documents of an emailed submission with download links; scanned images can be rotated.',
  examples: (n) => [`/email-submission ${n.emailSubmissionId}`],
  readsData: true,
  create: (runtime) =>
    guarded(runtime, '/email-submission', async (invocation) => {
      const parsed = parseLookup(invocation.text);
      if (!parsed.ok) return tellUsage(runtime, invocation, emailSubmissionCommand, parsed.problem);
      const id = parsed.value.query.replace(/\s+/g, '');
      const visibility = parsed.value.private ? 'private' : 'channel';
      const loaded = await withPlaceholder(
        runtime,
        invocation,
        { label: `email submission ${id}`, visibility },
        () =>
          lookUpOrTell(
            runtime,
            invocation,
            { command: '/email-submission', subject: { kind: 'email_submission', id } },
            () => loadEmailSubmissionView(invocation.features, id, { fresh: false }),
          ),
      );
      if (!loaded.ok) return;
      const { detail, downloadUrls } = loaded.value;
      const card = renderEmailSubmissionCard(detail, { now: runtime.clock.now(), downloadUrls });
      await invocation.replier.card(card, visibility, {
        subject: { kind: 'email_submission', subjectId: detail.emailSubmission.id },
      });
    }),
};
