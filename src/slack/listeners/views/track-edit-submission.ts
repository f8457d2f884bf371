/**
 * Saving the track-edit modal. Local validation first; then the PATCH is sent before acking, within the deadline, so
 * the API's own validation errors (422 with `source.pointer /data/attributes/ref_number`) show next to the field. If
 * the API is slower than the deadline the modal closes and the result arrives as a message. On success the
 * tracking-request card is replaced in place (opened from a card) or posted to the channel `/track-edit` was used in,
 * and the change is recorded in the card's thread.
 */

import { renderTrackEditAuditLine } from '../../../cards/audit-line.js';
import { INPUT, VIEW } from '../../../cards/ids.js';
import { renderTrackingRequestCard } from '../../../cards/index.js';
import { parseTrackEditMetadata, type TrackEditMetadata } from '../../../cards/modals/index.js';
import type { SlackMessage } from '../../../cards/types.js';
import { withChatApi } from '../../delivery/chat-api.js';
import { postCard, slackFailureFields } from '../../delivery/index.js';
import { viewSubmissionKey } from '../../idempotency/index.js';
import { renderNotice } from '../actions/support/notice.js';
import {
  type ReplyIo,
  replaceCardOrTell,
  replyInThreadOrTell,
  type ThreadLocation,
  tellPrivately,
} from '../actions/support/reply.js';
import type { InteractionRuntime } from '../actions/support/runtime.js';
import { submitWrite } from './support/submit-write.js';
import { guardSubmission, NO_SUBMITTER, submittedState, submitter } from './support/view-args.js';
import { trackEditErrors } from './track-edit-errors.js';
import { validateTrackEdit } from './track-edit-validation.js';

export function createTrackEditSubmissionListener(runtime: InteractionRuntime) {
  const { tracking, logger } = runtime.deps;
  return guardSubmission(logger, INPUT.trackEditRef.block, async ({ ack, body, view, client }) => {
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
    const io: ReplyIo = { client: withChatApi(client, runtime.deps.chat), respond: null, logger };
    const target = `tracking request ${metadata.requestNumber || metadata.trackingRequestId}`;

    await submitWrite({
      runtime,
      ack,
      client,
      startedAt,
      key: viewSubmissionKey(view.id, submission.update),
      request: { userId, teamId, channelId: metadata.channelId, action: VIEW.trackEdit },
      target: metadata.trackingRequestId,
      refusalBlockId: INPUT.trackEditRef.block,
      write: () => tracking.updateTrackingRequest(metadata.trackingRequestId, submission.update),
      errorsFor: (error) => trackEditErrors(error, target),
      afterSuccess: async () => {
        const thread = await showCard(runtime, io, metadata, userId);
        const line = renderTrackEditAuditLine({
          userId,
          requestNumber: metadata.requestNumber,
          changes: submission.changes,
        });
        if (thread) await replyInThreadOrTell(io, { ...thread, userId }, line);
        else await tellPrivately(io, { userId, channelId: metadata.channelId }, line);
      },
      afterLateFailure: async (error) => {
        const errors = Object.values(trackEditErrors(error, target)).join(' ');
        await tellPrivately(
          io,
          { userId, channelId: metadata.channelId, threadTs: metadata.threadTs },
          renderNotice(':warning:', `Your edit of ${target} was not saved. ${errors}`),
        );
      },
    });
  });
}

/**
 * Shows the updated card: in place when the modal came from a card, else as a new message in the channel the
 * command was used in. Returns the thread the audit line belongs to (null when the card could only be shown privately).
 */
async function showCard(
  runtime: InteractionRuntime,
  io: ReplyIo,
  metadata: TrackEditMetadata,
  userId: string,
): Promise<ThreadLocation | null> {
  const { tracking, clock, logger } = runtime.deps;
  let card: SlackMessage;
  try {
    const detail = await tracking.getTrackingRequest(metadata.trackingRequestId, { fresh: true });
    card = renderTrackingRequestCard(detail, { now: clock.now() });
  } catch (error) {
    // Saved, but not re-readable right now: the audit line still records the change where the card is.
    logger.warn('tracking request saved, but could not be re-read', { error });
    return metadata.messageTs ? { channelId: metadata.channelId, threadTs: threadOf(metadata) } : null;
  }
  if (metadata.channelId && metadata.messageTs) {
    await replaceCardOrTell(
      io,
      { userId, channelId: metadata.channelId, messageTs: metadata.messageTs, threadTs: metadata.threadTs },
      card,
    );
    return { channelId: metadata.channelId, threadTs: threadOf(metadata) };
  }
  if (metadata.channelId) {
    try {
      const posted = await postCard(io.client, { channel: metadata.channelId }, card);
      return { channelId: posted.channel, threadTs: posted.ts };
    } catch (error) {
      logger.warn(
        'tracking request card could not be posted; showing it privately',
        slackFailureFields(error),
      );
    }
  }
  await tellPrivately(io, { userId, channelId: metadata.channelId }, card);
  return null;
}

function threadOf(metadata: TrackEditMetadata): string | null {
  return metadata.threadTs ?? metadata.messageTs;
}
