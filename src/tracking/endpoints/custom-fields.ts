/**
 * Container custom fields. The PATCH body is the JSON:API envelope `{data:{type:"custom_field",attributes:{value}}}`
 * (the seed's bare `{value}` comes from a wrong docs page). Definitions are filtered here, not by the API, because
 * live data labels container-level definitions `Cargo` while the OAS says `Container`.
 */

import type { CustomField, CustomFieldDefinition, CustomFieldValue } from '../models.js';
import {
  parseCustomFieldDefinitionListDocument,
  parseCustomFieldDocument,
  parseCustomFieldListDocument,
} from '../parsers/custom-field.js';
import type { ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, segment, sendJson } from './context.js';
import { tag } from './tags.js';

const ENTITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  container: ['container', 'cargo'],
  cargo: ['container', 'cargo'],
  shipment: ['shipment'],
  trackingrequest: ['trackingrequest', 'tracking_request'],
  tracking_request: ['trackingrequest', 'tracking_request'],
};

export async function setContainerCustomField(
  ctx: ApiContext,
  containerId: string,
  apiSlug: string,
  value: CustomFieldValue,
): Promise<CustomField> {
  const json = await sendJson(ctx, {
    method: 'PATCH',
    path: `/containers/${segment(containerId)}/custom_fields/${segment(apiSlug)}`,
    body: { data: { type: 'custom_field', attributes: { value } } },
    invalidates: [tag.container(containerId), tag.containerCustomFields(containerId)],
  });
  return parseCustomFieldDocument(json);
}

export function listContainerCustomFields(
  ctx: ApiContext,
  containerId: string,
  options?: ReadOptions,
): Promise<CustomField[]> {
  return getJson(
    ctx,
    {
      path: `/containers/${segment(containerId)}/custom_fields`,
      parse: (json) => parseCustomFieldListDocument(json),
      tags: () => [tag.containerCustomFields(containerId), tag.container(containerId)],
    },
    options,
  );
}

export async function listCustomFieldDefinitions(
  ctx: ApiContext,
  filter: { entityType?: string } = {},
  options?: ReadOptions,
): Promise<CustomFieldDefinition[]> {
  const all = await getJson(
    ctx,
    {
      path: '/custom_field_definitions',
      parse: (json) => parseCustomFieldDefinitionListDocument(json),
      tags: () => [],
    },
    options,
  );
  if (filter.entityType === undefined) return all;
  const wanted = filter.entityType.toLowerCase();
  const accepted = ENTITY_ALIASES[wanted] ?? [wanted];
  return all.filter((definition) => accepted.includes((definition.entityType ?? '').toLowerCase()));
}
