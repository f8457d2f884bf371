/**
 * `/email-submission`'s use case: the submission and its documents. Scanned images get download links (fetched in
 * parallel; a link that cannot be fetched is left out rather than failing the card) so people can check a rotation.
 */
import { renderEmailSubmissionCard } from '../../cards/index.js';
import type { LookupArguments } from '../command-text/index.js';
import type { FeatureContext } from '../context.js';
import { lookUpOrTell } from '../lookups/look-up-or-tell.js';
import { type LookupIo, visibilityOf } from '../lookups/lookup-replies.js';
import { whileLooking } from '../lookups/while-looking.js';
import { loadEmailSubmissionView } from './load-email-submission.js';

export async function showEmailSubmission(
  ctx: FeatureContext,
  io: LookupIo,
  request: LookupArguments,
): Promise<void> {
  const id = request.query.replace(/\s+/g, '');
  const visibility = visibilityOf(request);
  const loaded = await whileLooking(io, { label: `email submission ${id}`, visibility }, () =>
    lookUpOrTell(
      ctx,
      io.replies,
      { command: '/email-submission', subject: { kind: 'email_submission', id } },
      () => loadEmailSubmissionView(ctx, id, { fresh: false }),
    ),
  );
  if (!loaded.ok) return;
  const { detail, downloadUrls } = loaded.value;
  const card = renderEmailSubmissionCard(detail, { now: ctx.clock.now(), downloadUrls });
  await io.replies.card(card, visibility, {
    subject: { kind: 'email_submission', subjectId: detail.emailSubmission.id },
  });
}
