/**
 * Saving the custom-field form. Validation is local first (no API call for an empty value or a non-number). The write
 * (an upsert of the container's field) then goes through the one write flow answering the form: sent before the
 * answer, within the deadline, so an API refusal — a 422 on the value, a 403 for a read-only key — appears next to
 * the field while the form is still open. On success the shipment card is re-read fresh and replaced in place, and
 * the change is recorded where the team sees it.
 */
import { renderCustomFieldAuditLine } from '../../cards/audit-line.js';
import { INPUT, VIEW } from '../../cards/ids.js';
import { type CustomFieldMetadata, parseCustomFieldMetadata } from '../../cards/modals/index.js';
import { renderShipmentCard, type ShipmentCardContext } from '../../cards/shipment-card.js';
import type { WatchKey } from '../../store/index.js';
import type { FeatureContext } from '../context.js';
import type { FormPort, FormReplies, FormSubmission } from '../forms/form-port.js';
import { hasSubmitter } from '../forms/form-submitter.js';
import { viewSubmissionKey } from '../idempotency/index.js';
import { describeWriteError } from '../writes/write-errors.js';
import { validateCustomFieldSubmission } from './custom-field-validation.js';
import { readShipmentWithFields, setCustomField } from './set-custom-field.js';

const OUT_OF_DATE = 'This form is out of date. Close it and open it again from the card.';

export interface CustomFieldFormPorts {
  form: FormPort;
  /** What a watched card shows beyond its reading (its owner, quiet boxes, its URL), as a delivery shows them. */
  watchedCard(key: WatchKey, now: Date): Promise<NonNullable<ShipmentCardContext['watch']>>;
}

export async function submitCustomFieldForm(
  ctx: FeatureContext,
  submission: FormSubmission,
  ports: CustomFieldFormPorts,
): Promise<void> {
  const { form } = ports;
  const metadata = parseCustomFieldMetadata(submission.metadata);
  if (!metadata) {
    await form.refuse({ [INPUT.customFieldSlug.block]: OUT_OF_DATE });
    return;
  }
  const checked = validateCustomFieldSubmission(submission.values, metadata);
  if (!checked.ok) {
    await form.refuse(checked.errors);
    return;
  }
  if (!(await hasSubmitter(form, submission, INPUT.customFieldSlug.block))) return;
  const { actor } = submission;
  const container = metadata.containerNumber || metadata.containerId;
  const { run, replies } = form.open(
    {
      channelId: metadata.channelId,
      card: metadata.messageTs
        ? { ts: metadata.messageTs, threadTs: metadata.threadTs ?? metadata.messageTs }
        : null,
    },
    {
      refusalBlockId: checked.valueBlockId,
      errorsFor: (error) => ({ [checked.valueBlockId]: describeWriteError(error, container) }),
    },
  );
  await run({
    action: VIEW.customField,
    // A view is submitted once: the same submission again is a replay, refused while it could be one.
    repeatWindowMs: form.replayWindowMs,
    key: viewSubmissionKey(submission.viewId, { slug: checked.slug, value: checked.value }),
    target: metadata.containerId,
    actor,
    channelId: metadata.channelId,
    write: () => setCustomField(ctx, metadata.containerId, checked.slug, checked.value),
    afterWrite: () => refreshCard(ctx, ports, replies, metadata, actor.teamId),
    auditLine: (field) =>
      renderCustomFieldAuditLine({
        userId: actor.userId,
        slug: checked.slug,
        label: metadata.fields[checked.slug]?.label ?? null,
        // The API's own display value: an enum's label ("Rush"), not the option value sent ("rush").
        value: field.displayValue ?? checked.display,
        containerNumber: container,
      }),
    describeFailure: (error) => `${checked.slug} was not saved. ${describeWriteError(error, container)}`,
  });
}

/** The card shows the new value where people look (set-custom-field.ts). */
async function refreshCard(
  ctx: FeatureContext,
  ports: CustomFieldFormPorts,
  replies: FormReplies,
  metadata: CustomFieldMetadata,
  teamId: string | null,
) {
  if (!metadata.shipmentId || !metadata.channelId || !metadata.messageTs) return;
  const { detail, watched } = await readShipmentWithFields(ctx, {
    shipmentId: metadata.shipmentId,
    containerId: metadata.containerId,
    teamId,
    channelId: metadata.channelId,
    messageTs: metadata.messageTs,
  });
  const now = ctx.clock.now();
  const key = { teamId: teamId ?? '', channelId: metadata.channelId, shipmentId: metadata.shipmentId };
  const watch = watched ? await ports.watchedCard(key, now) : null;
  await replies.replaceCard(renderShipmentCard(detail, { now, watch }));
}
