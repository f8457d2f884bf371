/**
 * Saving the custom-field modal. Validation is local first (no API call for an empty value or a non-number). The
 * write (an upsert of the container's field) then goes through the one write flow in modal mode: sent before the ack,
 * within the deadline, so an API refusal — a 422 on the value, a 403 for a read-only key — appears next to the field
 * while the modal is still open. On success the shipment card is re-read fresh and replaced in place, and the change
 * is recorded where the team sees it.
 */
import { renderCustomFieldAuditLine } from '../../cards/audit-line.js';
import { INPUT, renderShipmentCard, VIEW } from '../../cards/index.js';
import { type CustomFieldMetadata, parseCustomFieldMetadata } from '../../cards/modals/index.js';
import type { FeatureContext } from '../../features/context.js';
import { validateCustomFieldSubmission } from '../../features/custom-fields/custom-field-validation.js';
import { readShipmentWithFields, setCustomField } from '../../features/custom-fields/set-custom-field.js';
import { viewSubmissionKey } from '../../features/idempotency/index.js';
import { watchedCardContext } from '../../features/watching/watched-card-context.js';
import { describeWriteError } from '../../features/writes/write-errors.js';
import { featuresOf } from '../context/feature-context.js';
import { withChatApi } from '../delivery/chat-api.js';
import { createReplier, type Replier } from '../delivery/replier.js';
import { chatOf, type SlackRuntime } from '../runtime.js';
import { runWrite } from '../write/run-write.js';
import { guardSubmission, NO_SUBMITTER, submittedState, submitter } from './view-args.js';

const OUT_OF_DATE = 'This form is out of date. Close it and open it again from the card.';

export function createCustomFieldSubmissionListener(runtime: SlackRuntime) {
  const { logger } = runtime;
  return guardSubmission(
    logger,
    INPUT.customFieldSlug.block,
    async ({ ack, body, view, client, context }) => {
      const features = featuresOf(runtime, context);
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
      const messaging = withChatApi(client, chatOf(runtime, context));
      const replier = createReplier(
        { client: messaging, respond: null, logger },
        {
          channelId: metadata.channelId,
          userId,
          card: metadata.messageTs
            ? { ts: metadata.messageTs, threadTs: metadata.threadTs ?? metadata.messageTs, isPrivate: false }
            : null,
        },
      );
      const container = metadata.containerNumber || metadata.containerId;
      await runWrite(
        { runtime, replier, directoryClient: client, tenant: features.tenant },
        {
          action: VIEW.customField,
          // A view is submitted once: the same submission again is a replay, refused while it could be one.
          repeatWindowMs: runtime.timing.redeliveryWindowMs,
          key: viewSubmissionKey(view.id, { slug: submission.slug, value: submission.value }),
          target: metadata.containerId,
          actor: { userId, teamId },
          channelId: metadata.channelId,
          write: () => setCustomField(features, metadata.containerId, submission.slug, submission.value),
          afterWrite: () => refreshCard(runtime, features, replier, metadata, teamId),
          auditLine: (field) =>
            renderCustomFieldAuditLine({
              userId,
              slug: submission.slug,
              label: metadata.fields[submission.slug]?.label ?? null,
              // The API's own display value: an enum's label ("Rush"), not the option value sent ("rush").
              value: field.displayValue ?? submission.display,
              containerNumber: container,
            }),
          describeFailure: (error) =>
            `${submission.slug} was not saved. ${describeWriteError(error, container)}`,
        },
        {
          kind: 'modal',
          ack,
          startedAt,
          refusalBlockId: submission.valueBlockId,
          errorsFor: (error) => ({ [submission.valueBlockId]: describeWriteError(error, container) }),
        },
      );
    },
  );
}

/** The card shows the new value where people look (features/custom-fields/set-custom-field.ts). */
async function refreshCard(
  runtime: SlackRuntime,
  features: FeatureContext,
  replier: Replier,
  metadata: CustomFieldMetadata,
  teamId: string | null,
) {
  if (!metadata.shipmentId || !metadata.channelId || !metadata.messageTs) return;
  const { detail, watched } = await readShipmentWithFields(features, {
    shipmentId: metadata.shipmentId,
    containerId: metadata.containerId,
    teamId,
    channelId: metadata.channelId,
    messageTs: metadata.messageTs,
  });
  const now = features.clock.now();
  const key = { teamId: teamId ?? '', channelId: metadata.channelId, shipmentId: metadata.shipmentId };
  const watch = watched ? await watchedCardContext(runtime, features, key, now) : null;
  await replier.replaceCard(renderShipmentCard(detail, { now, watch }));
}
