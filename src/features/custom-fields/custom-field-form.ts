/**
 * Everything the custom-field modal needs, loaded in parallel: the account's container custom-field definitions
 * (the live API files them under entity type Container or Cargo; when it offers none, the slugs the workspace
 * configured — SHIPWATCH_CUSTOM_FIELDS — stand in as free-text fields), the container's current values, and its number (from the
 * shipment, which the client usually has cached from the card just rendered).
 */
import {
  type CustomFieldModalTarget,
  renderCustomFieldModal,
  renderNoticeModal,
} from '../../cards/modals/index.js';
import type { ModalView } from '../../cards/types.js';
import { isTrackingApiError } from '../../tracking/errors.js';
import type { CustomField, CustomFieldDefinition } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

export const CUSTOM_FIELD_MODAL_TITLE = 'Set custom field';
const CONTAINER_ENTITY_TYPES = /^(container|cargo)$/i;

export interface CustomFieldFormRequest {
  containerId: string;
  /** Known when re-rendering an open modal; otherwise looked up through the shipment. */
  containerNumber: string | null;
  shipmentId: string | null;
  channelId: string | null;
  messageTs: string | null;
  threadTs: string | null;
  selectedSlug?: string | null;
}

export async function loadCustomFieldForm(
  ctx: FeatureContext,
  request: CustomFieldFormRequest,
): Promise<ModalView> {
  const [definitions, current, containerNumber] = await Promise.all([
    loadDefinitions(ctx),
    loadCurrentValues(ctx, request.containerId),
    request.containerNumber ?? lookUpContainerNumber(ctx, request),
  ]);
  if (definitions.length === 0) {
    return renderNoticeModal(
      CUSTOM_FIELD_MODAL_TITLE,
      'No custom fields are set up for containers in this Terminal49 account. Create one in Terminal49, or ask an admin to list slugs in SHIPWATCH_CUSTOM_FIELDS.',
    );
  }
  const target: CustomFieldModalTarget = {
    containerId: request.containerId,
    containerNumber,
    shipmentId: request.shipmentId,
    channelId: request.channelId,
    messageTs: request.messageTs,
    threadTs: request.threadTs,
  };
  return renderCustomFieldModal(
    { target, definitions, current, selectedSlug: request.selectedSlug ?? null },
    { now: ctx.clock.now() },
  );
}

/** The account's container custom-field definitions (or SHIPWATCH_CUSTOM_FIELDS as free-text fields). */
export async function loadDefinitions(ctx: FeatureContext): Promise<CustomFieldDefinition[]> {
  const { logger } = ctx;
  const tracking = trackingOf(ctx);
  let fromApi: CustomFieldDefinition[] = [];
  try {
    const all = await tracking.listCustomFieldDefinitions({ entityType: 'Container' });
    fromApi = all.filter(
      (definition) => definition.entityType === null || CONTAINER_ENTITY_TYPES.test(definition.entityType),
    );
  } catch (error) {
    // The configured slugs still let people work when definitions cannot be listed (permission, outage).
    logger.warn('custom field definitions could not be listed', { error });
  }
  if (fromApi.length > 0) return fromApi;
  return ctx.tenant.settings.customFieldSlugs.map((slug) => ({
    id: slug,
    apiSlug: slug,
    displayName: slug,
    description: null,
    entityType: 'Container',
    dataType: 'short_text',
    options: [],
  }));
}

async function loadCurrentValues(ctx: FeatureContext, containerId: string): Promise<CustomField[]> {
  try {
    return await trackingOf(ctx).listContainerCustomFields(containerId, { fresh: true });
  } catch (error) {
    if (isTrackingApiError(error) && error.code === 'not_found') throw error;
    // Current values only decorate the form; the write itself does not depend on them.
    ctx.logger.warn('container custom fields could not be read', { error });
    return [];
  }
}

async function lookUpContainerNumber(ctx: FeatureContext, request: CustomFieldFormRequest): Promise<string> {
  if (!request.shipmentId) return request.containerId;
  try {
    const detail = await trackingOf(ctx).getShipment(request.shipmentId);
    return (
      detail.containers.find((container) => container.id === request.containerId)?.number ??
      request.containerId
    );
  } catch (error) {
    ctx.logger.warn('container number could not be looked up', { error });
    return request.containerId;
  }
}
