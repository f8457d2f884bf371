/**
 * `GET /ports/{id}` and `GET /metro_areas/{id}` (by id or UN/LOCODE, as documented) and `GET /terminals/{id}`
 * (a rail terminal too; `include=port`). Places and terminals are the account's reference data.
 */
import type { RouteContext } from '../context.js';
import { notFound } from '../errors.js';
import { singleDocument } from '../jsonapi/documents.js';
import { collectIncluded, parseIncludes } from '../jsonapi/includes.js';
import type { ResourceObject } from '../resource.js';
import { jsonResponse } from '../responses.js';

function byIdOrLocode(context: RouteContext, type: 'port' | 'metro_area'): ResourceObject | undefined {
  const { store } = context.state;
  const key = (context.params.id ?? '').trim();
  return (
    store.get(type, key) ??
    store.list(type).find((place) => String(place.attributes.code).toUpperCase() === key.toUpperCase())
  );
}

function placeRoute(type: 'port' | 'metro_area') {
  return (context: RouteContext): Response => {
    const place = byIdOrLocode(context, type);
    return place ? jsonResponse(200, singleDocument(context, place)) : notFound();
  };
}

export const getPort = placeRoute('port');
export const getMetroArea = placeRoute('metro_area');

export function getTerminal(context: RouteContext): Response {
  const { store } = context.state;
  const id = context.params.id ?? '';
  const terminal = store.get('terminal', id) ?? store.get('rail_terminal', id);
  if (!terminal) return notFound();
  const paths = parseIncludes(context.query.get('include'), terminal.type);
  if (paths instanceof Response) return paths;
  const included = paths.length > 0 ? collectIncluded(store, [terminal], paths) : undefined;
  return jsonResponse(200, singleDocument(context, terminal, included));
}
