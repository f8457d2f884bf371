/**
 * The shipment the watching tests follow: COSCO into Rotterdam with two boxes, one on a customs hold, as the API
 * would return it before and after a change; and webhook notifications about it, signed like Terminal49's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRoute } from '../../../../src/http/route.js';
import type { Container, ShipmentDetail } from '../../../../src/tracking/models.js';
import { signWebhookBody } from '../../../../src/watch/index.js';
import { hold, lfd, makeContainer, makeDetail, zoned } from '../../../fixtures/cards/factories.js';

export const AMS = 'Europe/Amsterdam';
export const SHIPMENT_ID = 'shp-cosco-1';

export function cosco(
  boxes: { first?: Partial<Container>; second?: Partial<Container> } = {},
): ShipmentDetail {
  return makeDetail({
    shipment: {
      id: SHIPMENT_ID,
      billOfLadingNumber: 'COSU6312345670',
      portOfDischarge: { locode: 'NLRTM', name: 'Rotterdam', timeZone: AMS },
      podEtaAt: null,
      podOriginalEtaAt: zoned('2026-03-09T10:00:00Z', AMS),
      podAtaAt: zoned('2026-03-09T10:00:00Z', AMS),
    },
    containers: [
      makeContainer({
        id: 'box-1',
        number: 'CSNU8804120',
        podTimeZone: AMS,
        currentStatus: 'available',
        availableForPickup: true,
        podArrivedAt: zoned('2026-03-09T10:00:00Z', AMS),
        podDischargedAt: zoned('2026-03-09T13:00:00Z', AMS),
        terminalCheckedAt: '2026-03-10T08:00:00Z',
        deadlines: [lfd('2026-03-13', 'terminal', AMS)],
        ...boxes.first,
      }),
      makeContainer({
        id: 'box-2',
        number: 'CBHU5120015',
        podTimeZone: AMS,
        currentStatus: 'not_available',
        availableForPickup: false,
        holds: [hold('customs', 'hold', 'DOUANE - SCAN ORDERED')],
        podArrivedAt: zoned('2026-03-09T10:00:00Z', AMS),
        podDischargedAt: zoned('2026-03-09T13:40:00Z', AMS),
        terminalCheckedAt: '2026-03-10T08:00:00Z',
        deadlines: [lfd('2026-03-13', 'terminal', AMS)],
        ...boxes.second,
      }),
    ],
  });
}

/** The customs hold on box 2 released, and the box available. */
export const RELEASED: Partial<Container> = {
  holds: [],
  availableForPickup: true,
  currentStatus: 'available',
};

let serial = 0;

export function notificationJson(options: {
  id?: string;
  event?: string;
  shipmentId?: string | null;
  containerId?: string;
  minimal?: boolean;
}): string {
  serial += 1;
  const id = options.id ?? `ntf-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  const event = options.event ?? 'container.updated';
  const shipmentId = options.shipmentId === undefined ? SHIPMENT_ID : options.shipmentId;
  const reference = {
    id: `evt-${serial}`,
    type: options.minimal ? 'transport_event' : 'container_updated_event',
    attributes: { timestamp: '2026-03-10T09:00:00Z', timezone: AMS, changeset: {} },
    relationships: {
      container: { data: { id: options.containerId ?? 'box-2', type: 'container' } },
      ...(options.minimal && shipmentId ? { shipment: { data: { id: shipmentId, type: 'shipment' } } } : {}),
    },
  };
  const included = options.minimal
    ? [reference]
    : [
        reference,
        {
          id: options.containerId ?? 'box-2',
          type: 'container',
          attributes: {},
          relationships: shipmentId ? { shipment: { data: { id: shipmentId, type: 'shipment' } } } : {},
        },
      ];
  return JSON.stringify({
    data: {
      id,
      type: 'webhook_notification',
      attributes: { event, delivery_status: 'pending', created_at: '2026-03-10T09:00:00Z' },
      relationships: { reference_object: { data: { id: reference.id, type: reference.type } } },
    },
    included,
  });
}

export interface RouteServer {
  url: string;
  post(body: string, options?: { secret?: string | null; signature?: string }): Promise<number>;
  close(): Promise<void>;
}

/** Serves one route on 127.0.0.1 (port chosen by the OS). */
export async function serveRoute(route: HttpRoute, secret: string): Promise<RouteServer> {
  const server: Server = createServer((req, res) => {
    Promise.resolve(route.handle(req, res)).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${route.path}`;
  return {
    url,
    async post(body, options = {}) {
      const key = options.secret === undefined ? secret : options.secret;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const signature = options.signature ?? (key === null ? undefined : signWebhookBody(body, key));
      if (signature !== undefined) headers['x-t49-webhook-signature'] = signature;
      const response = await fetch(url, { method: 'POST', headers, body });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
