/**
 * The account-wide `/custom_fields`: list every value (filters `entity_type` — Shipment or Container, `Cargo`
 * counting as Container — `entity_id`, `definition_id`; 25 to a page), read one, create one on the entity its
 * `relationships.entity` names (201), change its value, delete it. Each write goes through the same validation as
 * the per-entity routes.
 */
import type { RouteContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { pageOf, paginationLinks, requestSelfLink, singleDocument } from '../jsonapi/documents.js';
import { type ResourceObject, relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';
import type { FieldEntity } from '../store.js';
import { isRecord, readJsonBody, writeAttributes } from './body.js';
import { setFieldValue } from './custom-fields.js';

const ENTITY_NAMES: Readonly<Record<string, FieldEntity>> = {
  container: 'container',
  cargo: 'container',
  shipment: 'shipment',
  trackingrequest: 'tracking_request',
  tracking_request: 'tracking_request',
};

function entityOf(field: ResourceObject) {
  const [entity] = relatedIdentifiers(field.relationships?.entity);
  return entity;
}

export function listCustomFields(context: RouteContext): Response {
  const { query, state } = context;
  const type = query.get('filter[entity_type]');
  const wanted = type ? ENTITY_NAMES[type.toLowerCase()] : undefined;
  const entityId = query.get('filter[entity_id]');
  const definitionId = query.get('filter[definition_id]');
  const fields = state.store.list('custom_field').filter((field) => {
    const entity = entityOf(field);
    const [definition] = relatedIdentifiers(field.relationships?.definition);
    return (
      (!type || entity?.type === wanted) &&
      (!entityId || entity?.id === entityId) &&
      (!definitionId || definition?.id === definitionId)
    );
  });
  const page = pageOf(fields, query, { defaultSize: 25 });
  return jsonResponse(200, {
    data: page.items,
    links: paginationLinks(context, page),
    meta: { size: page.size, total: page.total },
  });
}

export function getCustomField(context: RouteContext): Response {
  const field = context.state.store.get('custom_field', context.params.id ?? '');
  return field ? jsonResponse(200, singleDocument(context, field)) : notFound();
}

export async function postCustomField(context: RouteContext): Promise<Response> {
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body);
  if (!attributes) return badRequest('param is missing or the value is empty: data');
  const data = isRecord(parsed.body) && isRecord(parsed.body.data) ? parsed.body.data : {};
  const relationships = isRecord(data.relationships) ? data.relationships : {};
  const target =
    isRecord(relationships.entity) && isRecord(relationships.entity.data) ? relationships.entity.data : {};
  const entity = typeof target.type === 'string' ? ENTITY_NAMES[target.type.toLowerCase()] : undefined;
  const id = typeof target.id === 'string' ? target.id : '';
  if (!entity || !context.state.store.get(entity, id)) return notFound();
  const field = setFieldValue(context.state.store, entity, id, attributes.api_slug, attributes);
  if (field instanceof Response) return field;
  return jsonResponse(201, { data: field, links: { self: requestSelfLink(context) } });
}

export async function patchCustomField(context: RouteContext): Promise<Response> {
  const { store } = context.state;
  const field = store.get('custom_field', context.params.id ?? '');
  const entity = field ? entityOf(field) : undefined;
  const kind = entity ? ENTITY_NAMES[entity.type] : undefined;
  if (!field || !entity || !kind) return notFound();
  const parsed = await readJsonBody(context);
  if (!parsed.ok) return parsed.response;
  const attributes = writeAttributes(parsed.body) ?? {};
  const updated = setFieldValue(store, kind, entity.id, field.attributes.api_slug, attributes);
  if (updated instanceof Response) return updated;
  return jsonResponse(200, { data: updated, links: { self: requestSelfLink(context) } });
}

export function deleteCustomField(context: RouteContext): Response {
  const { store } = context.state;
  const field = store.get('custom_field', context.params.id ?? '');
  const entity = field ? entityOf(field) : undefined;
  if (!field || !entity) return notFound();
  store.removeCustomField(entity.id, String(field.attributes.api_slug));
  return new Response(null, { status: 200 });
}
