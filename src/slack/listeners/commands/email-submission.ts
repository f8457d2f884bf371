/**
 * `/email-submission <id> [private]`: the submission and its documents. Scanned images get download links (fetched in
 * parallel; a link that cannot be fetched is left out rather than failing the card) so people can check a rotation.
 */
import { renderUsageCard } from '../../../cards/help.js';
import { renderEmailSubmissionCard } from '../../../cards/index.js';
import { parseLookup } from '../../command-text/index.js';
import { loadEmailSubmissionView } from '../email-submission-view.js';
import {
  type CommandDeps,
  type CommandRun,
  guarded,
  lookUpOrTell,
  replyPrivately,
  replyWithCard,
} from './command-context.js';

export const EMAIL_SUBMISSION_COMMAND = '/email-submission';

export function createEmailSubmissionCommand(deps: CommandDeps): CommandRun {
  return guarded(deps, EMAIL_SUBMISSION_COMMAND, async (invocation) => {
    const parsed = parseLookup(invocation.text);
    if (!parsed.ok) {
      await replyPrivately(deps, invocation, renderUsageCard(EMAIL_SUBMISSION_COMMAND, parsed.problem));
      return;
    }
    const id = parsed.value.query.replace(/\s+/g, '');
    const loaded = await lookUpOrTell(
      deps,
      invocation,
      { command: EMAIL_SUBMISSION_COMMAND, subject: `email submission ${id}` },
      () => loadEmailSubmissionView(deps, id, { fresh: false }),
    );
    if (!loaded.ok) return;
    const { detail, downloadUrls } = loaded.value;
    const card = renderEmailSubmissionCard(detail, { now: deps.clock.now(), downloadUrls });
    await replyWithCard(deps, invocation, card, parsed.value);
  });
}
