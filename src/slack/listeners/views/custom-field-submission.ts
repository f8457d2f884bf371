/**
 * Saving the custom-field modal. Validation is local first (no API call for an empty value or a non-number). The
 * write (an upsert of the container's field) is then sent before acking, within the deadline, so an API refusal —
 * a 422 on the value, a 403 for a read-only key — appears next to the field while the modal is still open. On
 * success the shipment card is re-read fresh and replaced in place, and the change is recorded in its thread.
 */
import { renderCustomFieldAuditLine } from '../../../cards/audit-line.js';
import { INPUT, VIEW } from '../../../cards/ids.js';
import { renderShipmentCard } from '../../../cards/index.js';
import { type CustomFieldMetadata, parseCustomFieldMetadata } from '../../../cards/modals/index.js';
import { withChatApi } from '../../delivery/chat-api.js';
import { viewSubmissionKey } from '../../idempotency/index.js';
import { renderNotice } from '../actions/support/notice.js';
import { type ReplyIo, replaceCard, replyInThreadOrTell, tellPrivately } from '../actions/support/reply.js';
import type { InteractionRuntime } from '../actions/support/runtime.js';
import { describeWriteError } from '../actions/support/write-errors.js';
import { validateCustomFieldSubmission } from './custom-field-validation.js';
import { submitWrite } from './support/submit-write.js';
import { guardSubmission, NO_SUBMITTER, submittedState, submitter } from './support/view-args.js';

const OUT_OF_DATE = 'This form is out of date. Close it and open it again from the card.';

export function createCustomFieldSubmissionListener(runtime: InteractionRuntime) {
  const { tracking, logger } = runtime.deps;
  return guardSubmission(logger, INPUT.customFieldSlug.block, async ({ ack, body, view, client }) => {
    const startedAt = performance.now();
    const metadata = parseCustomFieldMetadata(view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'errors', errors: { [INPUT.customFieldSlug.block]: OUT_OF_DATE } });
      return;
    }
    const submission = validateCustomFieldSubmission(submittedState(view), metadata);
    if (!submission.ok) {
      await ack({ response_action: 'errors', errors: submission.errors });
      return;
    }
    const { userId, teamId } = submitter(body);
    if (!userId) {
      await ack({ response_action: 'errors', errors: { [INPUT.customFieldSlug.block]: NO_SUBMITTER } });
      return;
    }
    const io: ReplyIo = { client: withChatApi(client, runtime.deps.chat), respond: null, logger };
    const target = metadata.containerNumber || metadata.containerId;

    await submitWrite({
      runtime,
      ack,
      client,
      startedAt,
      key: viewSubmissionKey(view.id, { slug: submission.slug, value: submission.value }),
      request: { userId, teamId, channelId: metadata.channelId, action: VIEW.customField },
      target: metadata.containerId,
      refusalBlockId: submission.valueBlockId,
      write: () => tracking.setContainerCustomField(metadata.containerId, submission.slug, submission.value),
      errorsFor: (error) => ({ [submission.valueBlockId]: describeWriteError(error, target) }),
      afterSuccess: async () => {
        await refreshCard(runtime, io, metadata);
        const line = renderCustomFieldAuditLine({
          userId,
          slug: submission.slug,
          value: submission.display,
          containerNumber: target,
        });
        await replyInThreadOrTell(
          io,
          { userId, channelId: metadata.channelId, threadTs: metadata.threadTs ?? metadata.messageTs },
          line,
        );
      },
      afterLateFailure: async (error) => {
        await tellPrivately(
          io,
          { userId, channelId: metadata.channelId, threadTs: metadata.threadTs },
          renderNotice(':warning:', `${submission.slug} was not saved. ${describeWriteError(error, target)}`),
        );
      },
    });
  });
}

/** Re-reads the shipment past the cache and replaces its card, so the new value shows where people look. */
async function refreshCard(runtime: InteractionRuntime, io: ReplyIo, metadata: CustomFieldMetadata) {
  if (!metadata.shipmentId || !metadata.channelId || !metadata.messageTs) return;
  try {
    const detail = await runtime.deps.tracking.getShipment(metadata.shipmentId, { fresh: true });
    const card = renderShipmentCard(detail, { now: runtime.deps.clock.now() });
    await replaceCard(io, { channelId: metadata.channelId, messageTs: metadata.messageTs }, card);
  } catch (error) {
    // The value is saved; the card catches up on its next Refresh. The audit line still records the change.
    runtime.deps.logger.warn('custom field saved, but the card could not be refreshed', { error });
  }
}
