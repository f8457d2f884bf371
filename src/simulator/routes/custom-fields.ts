/**
 * Custom fields on an entity — a container, a shipment or a tracking request, each under its own path: list the
 * current values, PATCH one by slug (JSON:API envelope or the seed's bare `{value}`), POST an upsert (201), DELETE
 * (204). The definition must exist for that kind of entity. Writes change what the next GET returns,
 * `display_value` included.
 */
import type { RouteContext } from '../context.js';
import { customFieldResource } from '../demo/custom-fields.js';
import { modelNotFound, notFound, unprocessable } from '../errors.js';
import { requestSelfLink } from '../jsonapi/documents.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';
import type { FieldEntity, ResourceStore } from '../store.js';
import { readJsonBody, writeAttributes } from './body.js';
import { checkFieldValue, type FieldOption } from './custom-field-values.js';

/** The path parameter naming the entity, per kind. */
const ID_PARAMETER: Readonly<Record<FieldEntity, string>> = {
  container: 'container_id',
  shipment: 'shipment_id',
  tracking_request: 'tracking_request_id',
};

function optionsOf(store: ResourceStore, definition: ResourceObject): FieldOption[] {
  return relatedIdentifiers(definition.relationships?.options).flatMap((ref) => {
    const option = store.get(ref.type, ref.id);
    return option ? [{ value: String(option.attributes.value), label: String(option.attributes.label) }] : [];
  });
}

/** The entity's id when it exists in the account. */
function entityOf(context: RouteContext, entity: FieldEntity): string | null {
  const id = context.params[ID_PARAMETER[entity]] ?? '';
  return context.state.store.get(entity, id) ? id : null;
}

/** Sets the value (validated against the definition) and stores it; the field resource or the error. */
export function setFieldValue(
  store: ResourceStore,
  entity: FieldEntity,
  entityId: string,
  slug: unknown,
  attributes: Record<string, unknown>,
): ResourceObject | Response {
  if (typeof slug !== 'string' || slug.trim() === '') {
    return unprocessable('/data/attributes/api_slug', "Api slug can't be blank", 'blank');
  }
  const definition = store.fieldDefinition(entity, slug);
  if (!definition) return modelNotFound('CustomFieldDefinition');
  if (!('value' in attributes))
    return unprocessable('/data/attributes/value', "Value can't be blank", 'blank');
  const checked = checkFieldValue(definition, optionsOf(store, definition), attributes.value);
  if (!checked.ok) return unprocessable('/data/attributes/value', checked.detail);
  const field = customFieldResource(entityId, slug, checked.value, checked.display, entity);
  store.put(field);
  return field;
}

function listFields(entity: FieldEntity) {
  return (context: RouteContext): Response => {
    const id = entityOf(context, entity);
    if (!id) return notFound();
    const fields = context.state.store.customFieldsOf(id);
    return jsonResponse(200, {
      data: fields,
      links: { self: requestSelfLink(context) },
      meta: { total: fields.length },
    });
  };
}

function writeField(entity: FieldEntity, slugFrom: 'path' | 'body') {
  return async (context: RouteContext): Promise<Response> => {
    const id = entityOf(context, entity);
    if (!id) return notFound();
    const parsed = await readJsonBody(context);
    if (!parsed.ok) return parsed.response;
    const attributes = writeAttributes(parsed.body) ?? {};
    const slug = slugFrom === 'path' ? (context.params.api_slug ?? '') : attributes.api_slug;
    const field = setFieldValue(context.state.store, entity, id, slug, attributes);
    if (field instanceof Response) return field;
    return jsonResponse(slugFrom === 'path' ? 200 : 201, {
      data: field,
      links: { self: requestSelfLink(context) },
    });
  };
}

function deleteField(entity: FieldEntity) {
  return (context: RouteContext): Response => {
    const { store } = context.state;
    const id = entityOf(context, entity);
    const slug = context.params.api_slug ?? '';
    if (!id) return notFound();
    if (!store.customField(id, slug)) return modelNotFound('CustomField');
    store.removeCustomField(id, slug);
    return new Response(null, { status: 204 });
  };
}

/** The four routes of one kind of entity. */
export function customFieldHandlers(entity: FieldEntity) {
  return {
    list: listFields(entity),
    patch: writeField(entity, 'path'),
    post: writeField(entity, 'body'),
    remove: deleteField(entity),
  };
}

const containers = customFieldHandlers('container');
export const listContainerCustomFields = containers.list;
export const patchContainerCustomField = containers.patch;
export const postContainerCustomField = containers.post;
export const deleteContainerCustomField = containers.remove;
