/** Shipment reads: by id, by BL/booking number, and the paginated list. */

import type { Page, Shipment, ShipmentDetail } from '../models.js';
import { parseShipmentDocument, parseShipmentListDocument } from '../parsers/shipment.js';
import type { PageRequest, ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment } from './context.js';
import { shipmentDetailTags, tag } from './tags.js';

/** Everything a shipment card shows, in one request. */
export const SHIPMENT_INCLUDE =
  'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

export function getShipment(ctx: ApiContext, id: string, options?: ReadOptions): Promise<ShipmentDetail> {
  return getJson(
    ctx,
    {
      path: `/shipments/${segment(id)}`,
      query: { include: SHIPMENT_INCLUDE },
      parse: (json, response) =>
        parseShipmentDocument(json, { fetchedAt: response.receivedAt.toISOString() }),
      tags: shipmentDetailTags,
    },
    options,
  );
}

/** `GET /shipments?number=N`: matches the original request number (BL or booking), never a container number. */
export function findShipmentsByNumber(
  ctx: ApiContext,
  number: string,
  options?: ReadOptions,
): Promise<ShipmentDetail[]> {
  return getJson(
    ctx,
    {
      path: '/shipments',
      query: { number, include: SHIPMENT_INCLUDE },
      parse: (json, response) =>
        parseShipmentListDocument(json, { fetchedAt: response.receivedAt.toISOString() }).items,
      tags: (details) => details.flatMap(shipmentDetailTags),
    },
    options,
  );
}

export function listShipments(
  ctx: ApiContext,
  page?: PageRequest,
  options?: ReadOptions,
): Promise<Page<Shipment>> {
  const query = pageQuery(page);
  return getJson(
    ctx,
    {
      path: '/shipments',
      query,
      parse: (json, response) => {
        const details = parseShipmentListDocument(json, {
          fetchedAt: response.receivedAt.toISOString(),
          pageNumber: query['page[number]'],
        });
        return { ...details, items: details.items.map((detail) => detail.shipment) };
      },
      tags: (result) => result.items.map((shipment) => tag.shipment(shipment.id)),
    },
    options,
  );
}
