/**
 * `GET /shipping_lines` (every line, no pagination, as documented) and `GET /shipping_lines/{id}` (by id, or by
 * SCAC for convenience).
 */
import type { RouteContext } from '../context.js';
import {
  SHIPPING_LINES,
  shippingLineByScac,
  shippingLineId,
  shippingLineResource,
} from '../demo/shipping-lines.js';
import { notFound } from '../errors.js';
import { requestSelfLink, singleDocument } from '../jsonapi/documents.js';
import { jsonResponse } from '../responses.js';

export function listShippingLines(context: RouteContext): Response {
  return jsonResponse(200, {
    data: SHIPPING_LINES.map(shippingLineResource),
    links: { self: requestSelfLink(context) },
  });
}

export function getShippingLine(context: RouteContext): Response {
  const id = context.params.id ?? '';
  const line = SHIPPING_LINES.find((candidate) => shippingLineId(candidate) === id) ?? shippingLineByScac(id);
  if (!line) return notFound();
  return jsonResponse(200, singleDocument(context, shippingLineResource(line)));
}
