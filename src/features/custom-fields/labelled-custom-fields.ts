/**
 * A container's custom fields as a card shows them: the API's current values (read past the cache) with their
 * definitions' labels. The shipment's answer does not carry custom fields, so they are read only where a person
 * just changed one (one request, and the definitions, which the form already read and the client caches).
 */
import { displayValue } from '../../cards/modals/modal-text.js';
import type { CustomFieldDefinition, LabelledCustomField } from '../../tracking/models.js';
import { type FeatureContext, trackingOf } from '../context.js';

export async function readLabelledCustomFields(
  ctx: FeatureContext,
  containerId: string,
  definitions: readonly CustomFieldDefinition[],
): Promise<LabelledCustomField[]> {
  const fields = await trackingOf(ctx).listContainerCustomFields(containerId, { fresh: true });
  const labels = new Map(definitions.map((definition) => [definition.apiSlug, definition.displayName]));
  return fields
    .map((field) => {
      const shown = field.displayValue ?? displayValue(field.value);
      return {
        slug: field.apiSlug,
        label: labels.get(field.apiSlug)?.trim() || field.apiSlug,
        value: shown === '' ? null : shown,
      };
    })
    .filter((field) => field.value !== null);
}
