/**
 * A container's custom fields: list the current values, PATCH one by slug (JSON:API envelope or the seed's bare
 * `{value}`), POST an upsert (201), DELETE (204). Writes change what the next GET returns, `display_value` included.
 */
import type { RouteContext } from '../context.js';
import { customFieldResource } from '../demo/custom-fields.js';
import { modelNotFound, notFound, unprocessable } from '../errors.js';
import { requestSelfLink } from '../jsonapi/documents.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';
import type { ResourceStore } from '../store.js';
import { readJsonBody, writeAttributes } from './body.js';
import { checkFieldValue, type FieldOption } from './custom-field-values.js';

function optionsOf(store: ResourceStore, definition: ResourceObject): FieldOption[] {
  return relatedIdentifiers(definition.relationships?.options).flatMap((ref) => {
    const option = store.get(ref.type, ref.id);
    return option ? [{ value: String(option.attributes.value), label: String(option.attributes.label) }] : [];
  });
}

export function listContainerCustomFields(context: RouteContext): Response {
  const { store } = context.state;
  const containerId = context.params.container_id ?? '';
  if (!store.get('container', containerId)) return notFound();
  const fields = store.customFieldsOf(containerId);
  return jsonResponse(200, {
    data: fields,
    links: { self: requestSelfLink(context) },
    meta: { total: fields.length },
  });
}

async function writeField(context: RouteContext, slugFrom: 'path' | 'body'): Promise<Response> {
  const { store } = context.state;
  const containerId = context.params.container_id ?? '';
  if (!store.get('container', containerId)) return notFound();
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body) ?? {};
  const slug = slugFrom === 'path' ? (context.params.api_slug ?? '') : attributes.api_slug;
  if (typeof slug !== 'string' || slug.trim() === '') {
    return unprocessable('/data/attributes/api_slug', "Api slug can't be blank", 'blank');
  }
  const definition = store.containerFieldDefinition(slug);
  if (!definition) return modelNotFound('CustomFieldDefinition');
  if (!('value' in attributes))
    return unprocessable('/data/attributes/value', "Value can't be blank", 'blank');
  const checked = checkFieldValue(definition, optionsOf(store, definition), attributes.value);
  if (!checked.ok) return unprocessable('/data/attributes/value', checked.detail);
  const field = customFieldResource(containerId, slug, checked.value, checked.display);
  store.put(field);
  return jsonResponse(slugFrom === 'path' ? 200 : 201, {
    data: field,
    links: { self: requestSelfLink(context) },
  });
}

export function patchContainerCustomField(context: RouteContext): Promise<Response> {
  return writeField(context, 'path');
}

export function postContainerCustomField(context: RouteContext): Promise<Response> {
  return writeField(context, 'body');
}

export function deleteContainerCustomField(context: RouteContext): Response {
  const { store } = context.state;
  const containerId = context.params.container_id ?? '';
  const slug = context.params.api_slug ?? '';
  if (!store.get('container', containerId)) return notFound();
  if (!store.customField(containerId, slug)) return modelNotFound('CustomField');
  store.removeCustomField(containerId, slug);
  return new Response(null, { status: 204 });
}
