/** Small JSON:API document builders for client tests (the OAS fixtures cover the real shapes). */

type Attributes = Record<string, unknown>;

export function containerResource(
  id: string,
  number: string,
  attributes: Attributes = {},
  shipmentId = 'shp-1',
) {
  return {
    id,
    type: 'container',
    attributes: { number, pod_timezone: 'America/Los_Angeles', holds_at_pod_terminal: [], ...attributes },
    relationships: {
      shipment: { data: { id: shipmentId, type: 'shipment' } },
      pod_terminal: { data: { id: 'term-1', type: 'terminal' } },
    },
  };
}

export function shipmentResource(
  id: string,
  bl: string,
  containerIds: string[],
  attributes: Attributes = {},
) {
  return {
    id,
    type: 'shipment',
    attributes: { bill_of_lading_number: bl, pod_timezone: 'America/Los_Angeles', ...attributes },
    relationships: {
      containers: { data: containerIds.map((cid) => ({ id: cid, type: 'container' })) },
      pod_terminal: { data: { id: 'term-1', type: 'terminal' } },
    },
  };
}

export const terminalResource = {
  id: 'term-1',
  type: 'terminal',
  attributes: { name: 'Fenix Marine Services', firms_code: 'Y258', provided_data: { pickup_lfd: true } },
};

/** `GET /shipments/{id}` for a shipment with the given container numbers (ids `c-<number>`). */
export function shipmentDocument(id: string, bl: string, containerNumbers: string[]) {
  const containers = containerNumbers.map((n) => containerResource(`c-${n}`, n, {}, id));
  return {
    data: shipmentResource(
      id,
      bl,
      containers.map((c) => c.id),
    ),
    included: [...containers, terminalResource],
  };
}

export function listDocument(data: unknown[], included: unknown[] = [], extra: Record<string, unknown> = {}) {
  return { data, included, ...extra };
}

export function trackingRequestResource(
  id: string,
  attributes: Attributes = {},
  shipmentId: string | null = null,
) {
  return {
    id,
    type: 'tracking_request',
    attributes: {
      request_number: 'MAEU1',
      request_type: 'bill_of_lading',
      status: 'pending',
      scac: 'MAEU',
      ...attributes,
    },
    relationships: {
      tracked_object: { data: shipmentId === null ? null : { id: shipmentId, type: 'shipment' } },
    },
  };
}

export function searchItem(id: string, entityType: string, number: string, attributes: Attributes = {}) {
  return {
    id,
    type: 'search_result',
    attributes: { entity_type: entityType, number, shipment_id: null, ref_numbers: [], ...attributes },
  };
}
