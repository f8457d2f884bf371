/**
 * `/email-submission <id> [private]`: the submission and its documents, with download links for scanned images
 * (features/email-submissions/show-email-submission.ts).
 */
import { parseLookup } from '../../features/command-text/index.js';
import { showEmailSubmission } from '../../features/email-submissions/show-email-submission.js';
import { guarded, lookupIo, tellUsage } from './answers.js';
import type { CommandSpec } from './command.js';

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
      await showEmailSubmission(invocation.features, lookupIo(runtime, invocation), parsed.value);
    }),
};
