/**
 * Operations of the real API (its OpenAPI document) that the simulator does not serve: each answers a JSON:API 501
 * with an `errors` body, never the HTML 404 of a route the API does not have, so a client can tell "not simulated"
 * from "no such thing". A test walks the OpenAPI document and holds this list to exactly what answers 501.
 */
import type { RouteContext } from '../context.js';
import { errorResponse } from '../errors.js';
import type { RouteDefinition } from '../router.js';

type Method = RouteDefinition['method'];

/** Method and path template as the OpenAPI document writes them. */
export const NOT_IMPLEMENTED: ReadonlyArray<readonly [Method, string]> = [
  ['PATCH', '/containers'],
  ['GET', '/containers/{id}/map_geojson'],
  ['GET', '/vessels/{id}/future_positions'],
  ['GET', '/vessels/{id}/future_positions_with_coordinates'],
  ['POST', '/custom_field_definitions'],
  ['PATCH', '/custom_field_definitions/{id}'],
  ['DELETE', '/custom_field_definitions/{id}'],
  ['POST', '/custom_field_definitions/{definition_id}/options'],
  ['PATCH', '/custom_field_definitions/{definition_id}/options/{option_id}'],
  ['DELETE', '/custom_field_definitions/{definition_id}/options/{option_id}'],
  ['POST', '/documents'],
  ['PATCH', '/documents/{id}'],
  ['DELETE', '/documents/{id}'],
  ['POST', '/documents/{id}/reextract'],
  ['POST', '/documents/{id}/reclassify'],
  ['POST', '/documents/{id}/relink'],
  ['GET', '/document_schemas/{id}'],
];

/** `/shipments/{id}` → `/shipments/:id`. */
export function routePattern(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

function notImplemented(method: Method, template: string) {
  return (_context: RouteContext): Response =>
    errorResponse(501, [
      {
        status: '501',
        title: 'Not Implemented',
        detail: `The Shipwatch simulator does not implement ${method} ${template}.`,
      },
    ]);
}

/** Routes that answer 501; listed after the served ones, and never more specific than a served route. */
export function notImplementedRoutes(): RouteDefinition[] {
  return NOT_IMPLEMENTED.map(([method, template]) => ({
    method,
    pattern: routePattern(template),
    handler: notImplemented(method, template),
    // Refusing a read-only key first would hide that the operation is not there at all.
    write: false,
  }));
}
