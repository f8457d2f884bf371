/**
 * `GET /containers` (with the undocumented-but-used `filter[number]`) and `GET /containers/{id}`. The list's
 * `meta` is `{total}` only, as the live API sends it.
 */
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { pageOf, paginationLinks, singleDocument, withSelfLink } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import type { ResourceObject } from '../resource.js';
import { jsonResponse } from '../responses.js';

export function getContainer(context: RouteContext): Response {
  const { store } = context.state;
  const container = store.get('container', context.params.id ?? '');
  if (!container) return notFound();
  const paths = parseIncludes(context.query.get('include'), 'container');
  if (paths instanceof Response) return paths;
  const included = paths.length > 0 ? collectIncluded(store, [container], paths) : undefined;
  return jsonResponse(200, singleDocument(context, container, included));
}

export function listContainers(context: RouteContext): Response {
  const { store } = context.state;
  const { query } = context;
  const number = query.get('filter[number]');
  const containers: readonly ResourceObject[] =
    number === null ? store.list('container') : store.findContainersByNumber(number);
  const paths = parseIncludes(query.get('include'), 'container');
  if (paths instanceof Response) return paths;
  const page = pageOf(containers, query);
  const body: Record<string, unknown> = { data: page.items.map(withSelfLink) };
  if (paths.length > 0) body.included = collectIncluded(store, page.items, paths);
  body.links = paginationLinks(context, page);
  body.meta = { total: page.total };
  return jsonResponse(200, body);
}
