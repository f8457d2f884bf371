/** `custom_field` and `custom_field_definition` resources → CustomField / CustomFieldDefinition. */
import { type IncludedIndex, parseAttributes, type Resource, relatedMany, relatedOne } from '../jsonapi.js';
import type { CustomField, CustomFieldDefinition, CustomFieldOption } from '../models.js';
import {
  customFieldAttributesSchema,
  customFieldDefinitionAttributesSchema,
  customFieldOptionAttributesSchema,
} from '../schemas/custom-field.js';
import { blankToNull } from './zoned.js';

export function toCustomField(resource: Resource): CustomField {
  const a = parseAttributes(customFieldAttributesSchema, resource);
  const entity = relatedOne(resource, 'entity');
  return {
    id: resource.id,
    apiSlug: a.api_slug,
    value: a.value ?? null,
    displayValue: a.display_value ?? null,
    entity: entity === null ? null : { type: entity.type, id: entity.id },
  };
}

/** Options come embedded (`attributes.options`) or as sideloaded `custom_field_option` resources. */
export function toCustomFieldDefinition(resource: Resource, included: IncludedIndex): CustomFieldDefinition {
  const a = parseAttributes(customFieldDefinitionAttributesSchema, resource);
  const options: CustomFieldOption[] = [];
  for (const option of a.options ?? []) {
    if (option !== null) options.push({ value: option.value, label: option.label ?? option.value });
  }
  for (const ref of relatedMany(resource, 'options')) {
    const found = included.find(ref);
    if (!found) continue;
    const parsed = customFieldOptionAttributesSchema.safeParse(found.attributes);
    if (parsed.success)
      options.push({ value: parsed.data.value, label: parsed.data.label ?? parsed.data.value });
  }
  return {
    id: resource.id,
    apiSlug: a.api_slug,
    displayName: blankToNull(a.display_name),
    description: blankToNull(a.description),
    entityType: blankToNull(a.entity_type),
    dataType: blankToNull(a.data_type),
    options,
  };
}
