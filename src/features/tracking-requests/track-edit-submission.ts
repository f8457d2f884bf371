/**
 * Saving the track-edit form. Local validation first; then the PATCH goes through the one write flow answering the
 * form: sent before the answer, within the deadline, so the API's own validation errors (422 with `source.pointer
 * /data/attributes/ref_number`) show next to the field (track-edit-errors.ts). On success the tracking-request card is
 * replaced in place (opened from a card) or posted to the channel `/track-edit` was used in, with the audit line in
 * its thread.
 */
import { renderTrackEditAuditLine } from '../../cards/audit-line.js';
import { INPUT, VIEW } from '../../cards/ids.js';
import { parseTrackEditMetadata, type TrackEditMetadata } from '../../cards/modals/index.js';
import { renderTrackingRequestCard } from '../../cards/tracking-request-card.js';
import type { SlackMessage } from '../../cards/types.js';
import type { FeatureContext } from '../context.js';
import type { FormPort, FormReplies, FormSubmission } from '../forms/form-port.js';
import { hasSubmitter } from '../forms/form-submitter.js';
import { viewSubmissionKey } from '../idempotency/index.js';
import { trackEditErrors } from './track-edit-errors.js';
import { validateTrackEdit } from './track-edit-validation.js';
import { readTrackingRequest, updateTrackingRequest } from './tracking-requests.js';

export async function submitTrackEditForm(
  ctx: FeatureContext,
  submission: FormSubmission,
  ports: { form: FormPort },
): Promise<void> {
  const { form } = ports;
  const refBlock = INPUT.trackEditRef.block;
  const metadata = parseTrackEditMetadata(submission.metadata);
  if (!metadata) {
    await form.refuse({ [refBlock]: 'This form is out of date. Close it and open it again.' });
    return;
  }
  const checked = validateTrackEdit(submission.values, metadata);
  if (!checked.ok) {
    await form.refuse(checked.errors);
    return;
  }
  if (!(await hasSubmitter(form, submission, refBlock))) return;
  const { actor } = submission;
  const target = `tracking request ${metadata.requestNumber || metadata.trackingRequestId}`;
  const { run, replies } = form.open(
    {
      channelId: metadata.channelId,
      card: metadata.messageTs
        ? { ts: metadata.messageTs, threadTs: metadata.threadTs ?? metadata.messageTs }
        : null,
    },
    { refusalBlockId: refBlock, errorsFor: (error) => trackEditErrors(error, target) },
  );
  let card: SlackMessage | null = null;
  await run({
    action: VIEW.trackEdit,
    // A view is submitted once: the same submission again is a replay, refused while it could be one.
    repeatWindowMs: form.replayWindowMs,
    key: viewSubmissionKey(submission.viewId, checked.update),
    target: metadata.trackingRequestId,
    actor,
    channelId: metadata.channelId,
    write: () => updateTrackingRequest(ctx, metadata.trackingRequestId, checked.update),
    afterWrite: async () => {
      const detail = await readTrackingRequest(ctx, metadata.trackingRequestId, { fresh: true });
      card = renderTrackingRequestCard(detail, { now: ctx.clock.now() });
    },
    auditLine: () =>
      renderTrackEditAuditLine({
        userId: actor.userId,
        requestNumber: metadata.requestNumber,
        changes: checked.changes,
      }),
    publishAudit: (line) => showCard(replies, metadata, card, line),
    describeFailure: (error) =>
      `Your edit of ${target} was not saved. ${Object.values(trackEditErrors(error, target)).join(' ')}`,
  });
}

/**
 * Shows the updated card: in place when the form came from a card, else as a new card in the channel the command
 * was used in, each with the audit line where the team sees it. When the card could not be re-read, the line alone.
 */
async function showCard(
  replies: FormReplies,
  metadata: TrackEditMetadata,
  card: SlackMessage | null,
  line: SlackMessage,
): Promise<void> {
  if (card === null || metadata.messageTs) {
    if (card !== null) await replies.replaceCard(card);
    await replies.announce(line);
    return;
  }
  await replies.postCard(card, { auditLine: line });
}
