/** Raw custom-field documents (a field, a container's fields, the definitions) → models. */
import { parseListDocument, parseSingleDocument } from '../jsonapi.js';
import { toCustomField, toCustomFieldDefinition } from '../map/custom-field.js';
import type { CustomField, CustomFieldDefinition } from '../models.js';

/** The PATCH/POST answer `{data: custom_field}` → CustomField. */
export function parseCustomFieldDocument(json: unknown): CustomField {
  return toCustomField(parseSingleDocument(json, 'custom field').data);
}

/** `GET /containers/{id}/custom_fields` → CustomField[]. */
export function parseCustomFieldListDocument(json: unknown): CustomField[] {
  return parseListDocument(json, 'custom field list').data.map(toCustomField);
}

/** `GET /custom_field_definitions` → CustomFieldDefinition[]. */
export function parseCustomFieldDefinitionListDocument(json: unknown): CustomFieldDefinition[] {
  const doc = parseListDocument(json, 'custom field definition list');
  return doc.data.map((resource) => toCustomFieldDefinition(resource, doc.included));
}
