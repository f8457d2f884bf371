/**
 * Saving the track-edit modal. Local validation first; then the PATCH goes through the one write flow in modal mode:
 * sent before the ack, within the deadline, so the API's own validation errors (422 with `source.pointer
 * /data/attributes/ref_number`) show next to the field. On success the tracking-request card is replaced in place
 * (opened from a card) or posted to the channel `/track-edit` was used in, with the audit line in its thread.
 */
import { renderTrackEditAuditLine } from '../../cards/audit-line.js';
import { INPUT, renderTrackingRequestCard, VIEW } from '../../cards/index.js';
import { parseTrackEditMetadata, type TrackEditMetadata } from '../../cards/modals/index.js';
import type { SlackMessage } from '../../cards/types.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import { validateTrackEdit } from '../../features/tracking-requests/track-edit-validation.js';
import {
  readTrackingRequest,
  updateTrackingRequest,
} from '../../features/tracking-requests/tracking-requests.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier, type Replier } from '../delivery/replier.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { trackEditErrors } from './track-edit-errors.js';
import { guardSubmission, NO_SUBMITTER, submittedState, submitter } from './view-args.js';

export function createTrackEditSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  return guardSubmission(logger, INPUT.trackEditRef.block, async ({ ack, body, view, client, context }) => {
    const features = featuresOf(runtime, context);
    const startedAt = performance.now();
    const metadata = parseTrackEditMetadata(view.private_metadata);
    if (!metadata) {
      await ack({
        response_action: 'errors',
        errors: { [INPUT.trackEditRef.block]: 'This form is out of date. Close it and open it again.' },
      });
      return;
    }
    const submission = validateTrackEdit(submittedState(view), metadata);
    if (!submission.ok) {
      await ack({ response_action: 'errors', errors: submission.errors });
      return;
    }
    const { userId, teamId } = submitter(body);
    if (!userId) {
      await ack({ response_action: 'errors', errors: { [INPUT.trackEditRef.block]: NO_SUBMITTER } });
      return;
    }
    const replier = createReplier(
      { client: withChatApi(client, chatOf(runtime, context)), respond: null, logger },
      {
        channelId: metadata.channelId,
        userId,
        card: metadata.messageTs
          ? { ts: metadata.messageTs, threadTs: metadata.threadTs ?? metadata.messageTs, isPrivate: false }
          : null,
      },
    );
    const target = `tracking request ${metadata.requestNumber || metadata.trackingRequestId}`;
    let card: SlackMessage | null = null;
    await runWrite(
      { runtime, replier, directoryClient: client, tenant: features.tenant },
      {
        action: VIEW.trackEdit,
        // A view is submitted once: the same submission again is a replay, refused while it could be one.
        repeatWindowMs: runtime.timing.redeliveryWindowMs,
        key: viewSubmissionKey(view.id, submission.update),
        target: metadata.trackingRequestId,
        actor: { userId, teamId },
        channelId: metadata.channelId,
        write: () => updateTrackingRequest(features, metadata.trackingRequestId, submission.update),
        afterWrite: async () => {
          const detail = await readTrackingRequest(features, metadata.trackingRequestId, { fresh: true });
          card = renderTrackingRequestCard(detail, { now: runtime.clock.now() });
        },
        auditLine: () =>
          renderTrackEditAuditLine({
            userId,
            requestNumber: metadata.requestNumber,
            changes: submission.changes,
          }),
        publishAudit: (line) => showCard(replier, metadata, card, line),
        describeFailure: (error) =>
          `Your edit of ${target} was not saved. ${Object.values(trackEditErrors(error, target)).join(' ')}`,
      },
      {
        kind: 'modal',
        ack,
        startedAt,
        refusalBlockId: INPUT.trackEditRef.block,
        errorsFor: (error) => trackEditErrors(error, target),
      },
    );
  });
}

/**
 * Shows the updated card: in place when the modal came from a card, else as a new card in the channel the command
 * was used in, each with the audit line where the team sees it. When the card could not be re-read, the line alone.
 */
async function showCard(
  replier: Replier,
  metadata: TrackEditMetadata,
  card: SlackMessage | null,
  line: SlackMessage,
): Promise<void> {
  if (card === null || metadata.messageTs) {
    if (card !== null) await replier.replaceCard(card);
    await replier.announce(line);
    return;
  }
  await replier.card(card, 'channel', { auditLine: line });
}
