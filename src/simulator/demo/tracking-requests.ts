/**
 * Demo tracking requests in every status the API documents. Live payloads send `shipment_tags` (not the OAS
 * `tags`); `tracked_object` is null until the request is `created`; a request can be `pending` while carrying the
 * last temporary `failed_reason` and `is_retrying: true`.
 */
import { type ResourceObject, toOne } from '../resource.js';
import { DEMO } from './catalog.js';
import type { DemoTime } from './demo-time.js';
import { stableUuid } from './ids.js';

export interface TrackingRequestSpec {
  id: string;
  number: string;
  type: 'bill_of_lading' | 'booking_number' | 'container';
  scac: string | null;
  status: 'pending' | 'awaiting_manifest' | 'created' | 'failed' | 'tracking_stopped';
  failedReason?: string;
  isRetrying?: boolean;
  retryCount?: number | null;
  refNumbers?: string[];
  tags?: string[];
  shipmentId?: string;
  createdAt: string;
  updatedAt: string;
}

function specs(t: DemoTime): TrackingRequestSpec[] {
  const { trackingRequests: ids, shipments } = DEMO;
  return [
    {
      id: ids.pending,
      number: 'HDMUSELA2604471',
      type: 'bill_of_lading',
      scac: 'HDMU',
      status: 'pending',
      refNumbers: ['PO-90017'],
      createdAt: t.hours(-2),
      updatedAt: t.hours(-2),
    },
    {
      id: ids.awaitingManifest,
      number: 'YMJAI242001257',
      type: 'bill_of_lading',
      scac: 'YMLU',
      status: 'awaiting_manifest',
      createdAt: t.days(-3),
      updatedAt: t.hours(-20),
    },
    {
      id: ids.created,
      number: shipments.slippedEta.bl,
      type: 'bill_of_lading',
      scac: 'MAEU',
      status: 'created',
      refNumbers: ['PO-88412'],
      tags: ['priority'],
      shipmentId: shipments.slippedEta.id,
      createdAt: t.days(-21),
      updatedAt: t.days(-21),
    },
    {
      id: ids.failed,
      number: 'HLCUBSC2512999',
      type: 'bill_of_lading',
      scac: 'HLCU',
      status: 'failed',
      failedReason: 'not_found',
      retryCount: 0,
      createdAt: t.days(-9),
      updatedAt: t.days(-9),
    },
    {
      id: ids.retrying,
      number: 'ZIMUNGB1234567',
      type: 'bill_of_lading',
      scac: 'ZIMU',
      status: 'pending',
      failedReason: 'shipping_line_unreachable',
      isRetrying: true,
      retryCount: 3,
      createdAt: t.hours(-9),
      updatedAt: t.hours(-1),
    },
    {
      id: stableUuid('tracking_request:booking-cancelled'),
      number: 'EGLV568100234',
      type: 'booking_number',
      scac: 'EGLV',
      status: 'failed',
      failedReason: 'booking_cancelled',
      createdAt: t.days(-6),
      updatedAt: t.days(-5),
    },
    {
      id: stableUuid('tracking_request:many-containers'),
      number: shipments.manyContainers.booking,
      type: 'booking_number',
      scac: 'CMDU',
      status: 'created',
      shipmentId: shipments.manyContainers.id,
      createdAt: t.days(-40),
      updatedAt: t.days(-40),
    },
    {
      id: stableUuid('tracking_request:tracking-stopped'),
      number: shipments.trackingStopped.bl,
      type: 'bill_of_lading',
      scac: 'MSCU',
      status: 'tracking_stopped',
      shipmentId: shipments.trackingStopped.id,
      createdAt: t.days(-110),
      updatedAt: t.days(-14),
    },
  ];
}

/** The tracking_request resource for a spec, as the API sends one. */
export function trackingRequestResource(spec: TrackingRequestSpec): ResourceObject {
  return {
    id: spec.id,
    type: 'tracking_request',
    attributes: {
      request_number: spec.number,
      request_type: spec.type,
      scac: spec.scac,
      ref_numbers: spec.refNumbers ?? [],
      shipment_tags: spec.tags ?? [],
      created_at: spec.createdAt,
      updated_at: spec.updatedAt,
      status: spec.status,
      failed_reason: spec.failedReason ?? null,
      is_retrying: spec.isRetrying ?? false,
      retry_count: spec.retryCount ?? null,
    },
    relationships: {
      tracked_object: toOne('shipment', spec.shipmentId ?? null),
      customer: toOne('party', null),
      user: toOne('user', null),
    },
    links: { self: `/v2/tracking_requests/${spec.id}` },
  };
}

export function buildTrackingRequests(t: DemoTime): ResourceObject[] {
  return specs(t).map(trackingRequestResource);
}
