/**
 * `GET /custom_field_definitions` (filters `entity_type`, `data_type`, `display_name` prefix; options sideloaded by
 * default), `GET /custom_field_definitions/{id}` and its `/options`. Like the live API, the list ignores paging.
 * A `Container` filter also matches the `Cargo` entity type that live data uses for container-level definitions.
 */
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { requestSelfLink, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import { relatedIdentifiers } from '../resource.js';
import { jsonResponse } from '../responses.js';

const DEFAULT_INCLUDES = ['options'];
const CONTAINER_SYNONYMS = new Set(['container', 'cargo']);

function entityTypeMatches(actual: unknown, wanted: string): boolean {
  const a = String(actual).toLowerCase();
  const w = wanted.toLowerCase();
  return a === w || (CONTAINER_SYNONYMS.has(a) && CONTAINER_SYNONYMS.has(w));
}

export function listCustomFieldDefinitions(context: RouteContext): Response {
  const { store } = context.state;
  const { query } = context;
  const entityType = query.get('filter[entity_type]');
  const dataType = query.get('filter[data_type]');
  const displayName = query.get('filter[display_name]')?.toLowerCase();
  const definitions = store
    .list('custom_field_definition')
    .filter(
      (definition) =>
        (!entityType || entityTypeMatches(definition.attributes.entity_type, entityType)) &&
        (!dataType || definition.attributes.data_type === dataType) &&
        (!displayName || String(definition.attributes.display_name).toLowerCase().startsWith(displayName)),
    );
  const paths = parseIncludes(query.get('include'), 'custom_field_definition', DEFAULT_INCLUDES);
  if (paths instanceof Response) return paths;
  const body: Record<string, unknown> = { data: definitions.map(withSelfLink) };
  if (paths.length > 0) body.included = collectIncluded(store, definitions, paths);
  body.links = { self: requestSelfLink(context) };
  body.meta = { size: definitions.length, total: definitions.length };
  return jsonResponse(200, body);
}

export function getCustomFieldDefinition(context: RouteContext): Response {
  const { store } = context.state;
  const definition = store.get('custom_field_definition', context.params.id ?? '');
  if (!definition) return notFound();
  const paths = parseIncludes(context.query.get('include'), 'custom_field_definition', DEFAULT_INCLUDES);
  if (paths instanceof Response) return paths;
  return jsonResponse(200, singleDocument(context, definition, collectIncluded(store, [definition], paths)));
}

/** Options carry no `meta`, as the live endpoint sends none. */
export function listCustomFieldOptions(context: RouteContext): Response {
  const { store } = context.state;
  const definition = store.get('custom_field_definition', context.params.definition_id ?? '');
  if (!definition) return notFound();
  const options = relatedIdentifiers(definition.relationships?.options).flatMap(
    (ref) => store.get(ref.type, ref.id) ?? [],
  );
  return jsonResponse(200, { data: options, links: { self: requestSelfLink(context) } });
}

/** One option of a definition. */
export function getCustomFieldOption(context: RouteContext): Response {
  const { store } = context.state;
  const definition = store.get('custom_field_definition', context.params.definition_id ?? '');
  const optionId = context.params.option_id ?? '';
  const listed = relatedIdentifiers(definition?.relationships?.options).some((ref) => ref.id === optionId);
  const option = listed ? store.get('custom_field_option', optionId) : undefined;
  return option ? jsonResponse(200, singleDocument(context, option)) : notFound();
}
