/**
 * `/email-submission <id> [private]`: the submission and its documents. Scanned images get download links (fetched in
 * parallel; a link that cannot be fetched is left out rather than failing the card) so people can check a rotation.
 */
import { renderUsageCard } from '../../../cards/help.js';
import { isImageDocument, renderEmailSubmissionCard, renderErrorCard } from '../../../cards/index.js';
import type { EmailSubmissionDetail } from '../../../tracking/models.js';
import { parseLookup } from '../../command-text/index.js';
import { deliverCommandReply } from '../../delivery/command-reply.js';
import {
  type CommandDeps,
  type CommandRun,
  guarded,
  replyPrivately,
  replyTarget,
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
    let detail: EmailSubmissionDetail;
    try {
      detail = await deps.tracking.getEmailSubmission(id);
    } catch (error) {
      deps.logger.warn('email submission lookup failed', { command: EMAIL_SUBMISSION_COMMAND, error });
      const card = renderErrorCard(error, { now: deps.clock.now(), subject: `email submission ${id}` });
      await replyPrivately(deps, invocation, card);
      return;
    }
    const downloadUrls = await imageDownloadUrls(deps, detail);
    const card = renderEmailSubmissionCard(detail, { now: deps.clock.now(), downloadUrls });
    await deliverCommandReply(
      replyTarget(deps, invocation),
      card,
      parsed.value.private ? 'private' : 'channel',
    );
  });
}

/** Document id → download URL for every image document whose URL could be fetched. */
export async function imageDownloadUrls(
  deps: Pick<CommandDeps, 'tracking' | 'logger'>,
  detail: EmailSubmissionDetail,
): Promise<Record<string, string>> {
  const images = detail.documents.filter(isImageDocument);
  const settled = await Promise.allSettled(
    images.map(
      async (document) => [document.id, await deps.tracking.getDocumentDownloadUrl(document.id)] as const,
    ),
  );
  const urls: Record<string, string> = {};
  for (const result of settled) {
    if (result.status === 'fulfilled') urls[result.value[0]] = result.value[1];
    else deps.logger.warn('document download URL unavailable', { error: result.reason });
  }
  return urls;
}
