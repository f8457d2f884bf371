/**
 * Shipment reads: by id, by BL/booking number, and the paginated list. A shipment whose `containers` relationship
 * names containers that `included` does not carry gets a few of them fetched one by one (`GET /containers/{id}`),
 * at most MAX_CONTAINER_FETCHES per read: one person's card must not spend the account's minute of quota
 * (docs/domain-rules.md#rate-limits). The rest stay in `unloadedContainerIds`, which the card reports.
 */

import type { Container, Page, Shipment, ShipmentDetail } from '../models.js';
import { parseContainerDocument } from '../parsers/container.js';
import { parseShipmentDocument, parseShipmentListDocument } from '../parsers/shipment.js';
import type { PageRequest, ReadOptions } from '../tracking-client.js';
import { type ApiContext, getJson, pageQuery, segment, sendJson } from './context.js';
import { shipmentDetailTags, tag } from './tags.js';

/** Containers fetched one by one for one read, at most. */
export const MAX_CONTAINER_FETCHES = 5;

/** Everything a shipment card shows, in one request. */
export const SHIPMENT_INCLUDE =
  'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

export async function getShipment(
  ctx: ApiContext,
  id: string,
  options?: ReadOptions,
): Promise<ShipmentDetail> {
  const detail = await getJson(
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
  const [complete] = await withMissingContainers(ctx, [detail], options);
  return complete ?? detail;
}

/** `GET /shipments?number=N`: matches the original request number (BL or booking), never a container number. */
export async function findShipmentsByNumber(
  ctx: ApiContext,
  number: string,
  options?: ReadOptions,
): Promise<ShipmentDetail[]> {
  const details = await getJson(
    ctx,
    {
      path: '/shipments',
      query: { number, include: SHIPMENT_INCLUDE },
      parse: (json, response) =>
        parseShipmentListDocument(json, { fetchedAt: response.receivedAt.toISOString() }).items,
      tags: (found) => found.flatMap(shipmentDetailTags),
    },
    options,
  );
  return withMissingContainers(ctx, details, options);
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

/**
 * `details` with their missing containers fetched, in order, within one shared budget of MAX_CONTAINER_FETCHES. A
 * new object per completed detail: the cached read stays as the API sent it. A container that cannot be fetched
 * (gone, rate limited, unreadable) only stays unloaded; it never fails the shipment.
 */
async function withMissingContainers(
  ctx: ApiContext,
  details: ShipmentDetail[],
  options: ReadOptions | undefined,
): Promise<ShipmentDetail[]> {
  let budget = MAX_CONTAINER_FETCHES;
  const plans = details.map((detail) => {
    const take = detail.unloadedContainerIds.slice(0, Math.max(0, budget));
    budget -= take.length;
    return take;
  });
  if (plans.every((ids) => ids.length === 0)) return details;
  return Promise.all(
    details.map(async (detail, index) => {
      const ids = plans[index] ?? [];
      if (ids.length === 0) return detail;
      const fetched = await Promise.allSettled(ids.map((id) => getContainerOnly(ctx, id, options)));
      const containers: Container[] = [...detail.containers];
      const loaded = new Set<string>();
      fetched.forEach((result, position) => {
        if (result.status !== 'fulfilled') return;
        containers.push(result.value);
        loaded.add(ids[position] ?? '');
      });
      if (loaded.size === 0) return detail;
      const unloadedContainerIds = detail.unloadedContainerIds.filter((id) => !loaded.has(id));
      return { ...detail, containers, unloadedContainerIds };
    }),
  );
}

/** `GET /containers/{id}` without includes: the shipment read already has the shipment and its terminal. */
function getContainerOnly(ctx: ApiContext, id: string, options: ReadOptions | undefined): Promise<Container> {
  return getJson(
    ctx,
    {
      path: `/containers/${segment(id)}`,
      parse: (json) => parseContainerDocument(json).container,
      tags: (container) =>
        container.id === id ? [tag.container(id)] : [tag.container(container.id), tag.container(id)],
    },
    options,
  );
}

/**
 * `PATCH /shipments/{id}/resume_tracking`: Terminal49 tracks a stopped shipment again (a write: sent once, never
 * retried). Body `{data:{type:"shipment",id}}`; what it answers is not relied on: the shipment is read again.
 */
export async function resumeTracking(ctx: ApiContext, id: string): Promise<void> {
  await sendJson(ctx, {
    method: 'PATCH',
    path: `/shipments/${segment(id)}/resume_tracking`,
    body: { data: { type: 'shipment', id } },
    invalidates: [tag.shipment(id)],
  });
}
