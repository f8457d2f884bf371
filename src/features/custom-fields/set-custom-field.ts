/**
 * Setting a container's custom field (an upsert, sent once by the caller's write flow), and the shipment as its card
 * then shows it: read past the cache, with the container's custom fields (which the shipment's answer does not carry)
 * labelled by their definitions. When the card is watched, its watch keeps the fields (the change engine carries them
 * to later readings) and the card stays a watched card.
 */
import type { CustomField, CustomFieldValue, ShipmentDetail } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';
import { loadDefinitions } from './custom-field-form.js';
import { readLabelledCustomFields } from './labelled-custom-fields.js';

export function setCustomField(
  ctx: FeatureContext,
  containerId: string,
  slug: string,
  value: CustomFieldValue,
): Promise<CustomField> {
  return trackingOf(ctx).setContainerCustomField(containerId, slug, value);
}

export async function readShipmentWithFields(
  ctx: FeatureContext,
  target: {
    shipmentId: string;
    containerId: string;
    teamId: string | null;
    channelId: string;
    messageTs: string;
  },
): Promise<{ detail: ShipmentDetail; watched: boolean }> {
  const fresh = await trackingOf(ctx).getShipment(target.shipmentId, { fresh: true });
  const fields = await loadDefinitions(ctx)
    .then((definitions) => readLabelledCustomFields(ctx, target.containerId, definitions))
    .catch((error: unknown) => {
      ctx.logger.warn('custom fields could not be read for the card', { error });
      return null;
    });
  const { watching } = ctx;
  const watch =
    watching && target.teamId
      ? await watching.find(target.teamId, target.channelId, target.shipmentId)
      : null;
  const known = watch ? ((await watching?.lastReading(target.shipmentId))?.customFields ?? {}) : {};
  const detail: ShipmentDetail =
    fields === null ? fresh : { ...fresh, customFields: { ...known, [target.containerId]: fields } };
  if (watching && watch) await watching.ingest(detail, ctx.tenant.account?.id);
  return { detail, watched: watch?.state === 'active' && watch.cardTs === target.messageTs };
}
