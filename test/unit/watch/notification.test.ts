/** Reading Terminal49 notifications: the shipment is found whatever `included` carries. */
import { describe, expect, it } from 'vitest';
import {
  needsCompleting,
  parseNotification,
  readObservedFacts,
} from '../../../src/watch/webhook/notification.js';

const envelope = (event: string, reference: Record<string, unknown>, included: unknown[]) => ({
  data: {
    id: 'ntf-1',
    type: 'webhook_notification',
    attributes: { event, created_at: '2026-03-10T09:00:00Z' },
    relationships: { reference_object: { data: { id: reference.id, type: reference.type } } },
  },
  included: [reference, ...included],
});

describe('parseNotification', () => {
  it('reads when Terminal49 sent it, and names no shipment for a minimal payload that carries only the event', () => {
    const minimal = {
      data: {
        id: 'ntf-2',
        type: 'webhook_notification',
        attributes: { event: 'container.transport.available', created_at: '2026-03-10T09:00:00Z' },
        relationships: { reference_object: { data: { id: 'te-2', type: 'transport_event' } } },
      },
      included: [],
    };
    const parsed = parseNotification(minimal);
    expect(parsed).toMatchObject({ ok: true, notification: { shipmentId: null, sentAt: 1773133200000 } });
    expect(parsed.ok && needsCompleting(parsed.notification)).toBe(true);
  });

  it('takes the shipment from a transport event’s relationship (minimal payloads carry nothing else)', () => {
    const reference = {
      id: 'te-1',
      type: 'transport_event',
      attributes: {},
      relationships: {
        shipment: { data: { id: 'shp-1', type: 'shipment' } },
        container: { data: { id: 'c-1', type: 'container' } },
      },
    };
    expect(parseNotification(envelope('container.transport.available', reference, []))).toEqual({
      ok: true,
      notification: {
        id: 'ntf-1',
        event: 'container.transport.available',
        sentAt: Date.parse('2026-03-10T09:00:00Z'),
        shipmentId: 'shp-1',
        trackingRequestId: null,
        containerId: 'c-1',
        facts: {},
      },
    });
  });

  it('takes the shipment of the included container of a container.updated event', () => {
    const reference = {
      id: 'cu-1',
      type: 'container_updated_event',
      relationships: { container: { data: { id: 'c-1', type: 'container' } } },
    };
    const container = {
      id: 'c-1',
      type: 'container',
      relationships: { shipment: { data: { id: 'shp-2', type: 'shipment' } } },
    };
    const parsed = parseNotification(envelope('container.updated', reference, [container]));
    expect(parsed.ok && parsed.notification.shipmentId).toBe('shp-2');
  });

  it('takes the tracked shipment of a tracking request, and its failure', () => {
    const reference = {
      id: 'tr-1',
      type: 'tracking_request',
      attributes: { failed_reason: 'not_found', updated_at: '2026-03-10T09:00:00Z' },
      relationships: { tracked_object: { data: { id: 'shp-3', type: 'shipment' } } },
    };
    const parsed = parseNotification(envelope('tracking_request.failed', reference, []));
    expect(parsed).toMatchObject({
      ok: true,
      notification: {
        shipmentId: 'shp-3',
        facts: { trackingFailed: { at: '2026-03-10T09:00:00Z', reason: 'not_found' } },
      },
    });
  });

  it('keeps the berth only a vessel_berthed event reports, with its zone', () => {
    const reference = {
      id: 'te-2',
      type: 'transport_event',
      attributes: { timestamp: '2026-03-10T11:30:00Z', timezone: 'Europe/Amsterdam' },
      relationships: { shipment: { data: { id: 'shp-1', type: 'shipment' } } },
    };
    const parsed = parseNotification(envelope('container.transport.vessel_berthed', reference, []));
    expect(parsed.ok && parsed.notification.facts).toEqual({
      berthedAt: { at: '2026-03-10T11:30:00Z', timeZone: 'Europe/Amsterdam' },
    });
    expect(readObservedFacts([{}, parsed.ok ? parsed.notification.facts : {}])).toEqual({
      berthedAt: { at: '2026-03-10T11:30:00Z', timeZone: 'Europe/Amsterdam' },
    });
  });

  it('refuses what is not a webhook notification', () => {
    expect(
      parseNotification({ data: { id: 'x', type: 'shipment', attributes: { event: 'e' } } }),
    ).toMatchObject({ ok: false });
    expect(parseNotification({ data: { type: 'webhook_notification' } })).toMatchObject({ ok: false });
    expect(parseNotification(null)).toMatchObject({ ok: false });
  });
});
