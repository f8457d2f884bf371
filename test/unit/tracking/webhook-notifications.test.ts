/**
 * Reading webhook notifications back from the API: one by id, with the reference object, its container and its
 * shipment included (how a minimal notification is completed), and the paged list (how Shipwatch catches up after an
 * outage). Each comes back as the envelope a delivery would have carried.
 */
import { describe, expect, it } from 'vitest';
import { ok } from './helpers/fake-transport.js';
import { createTestClient } from './helpers/test-client.js';

const notification = (id: string, event: string) => ({
  id,
  type: 'webhook_notification',
  attributes: { event, delivery_status: 'succeeded', created_at: '2026-03-10T09:00:00Z' },
  relationships: { reference_object: { data: { id: `te-${id}`, type: 'transport_event' } } },
});
const event = (id: string) => ({
  id: `te-${id}`,
  type: 'transport_event',
  attributes: { event: 'container.transport.available' },
  relationships: { shipment: { data: { id: 'shp-1', type: 'shipment' } } },
});

describe('webhook notifications read back', () => {
  it('reads one notification whole, asking for its reference object, container and shipment', async () => {
    const { client, time, requests } = createTestClient(() =>
      ok({ data: notification('n-1', 'container.transport.available'), included: [event('n-1')] }),
    );
    const record = await time.settle(client.getWebhookNotification('n-1'));
    expect(requests[0]?.url.pathname).toBe('/v2/webhook_notifications/n-1');
    expect(requests[0]?.url.searchParams.get('include')).toBe(
      'reference_object,reference_object.container,reference_object.shipment',
    );
    expect(record).toMatchObject({
      id: 'n-1',
      event: 'container.transport.available',
      createdAt: '2026-03-10T09:00:00Z',
    });
    expect(record.document).toEqual({
      data: notification('n-1', 'container.transport.available'),
      included: [event('n-1')],
    });
  });

  it('lists notifications page by page, each with the included resources of its page', async () => {
    const { client, time, requests } = createTestClient(() =>
      ok({
        data: [
          notification('n-2', 'container.transport.available'),
          notification('n-3', 'container.updated'),
        ],
        included: [event('n-2')],
        links: { next: 'https://api.test/v2/webhook_notifications?page[number]=3&page[size]=2' },
        meta: { total: 9 },
      }),
    );
    const page = await time.settle(client.listWebhookNotifications({ number: 2, size: 2 }));
    expect(requests[0]?.url.searchParams.get('page[number]')).toBe('2');
    expect(requests[0]?.url.searchParams.get('page[size]')).toBe('2');
    expect(page.items.map((item) => item.id)).toEqual(['n-2', 'n-3']);
    expect(page.items[1]?.document).toEqual({
      data: notification('n-3', 'container.updated'),
      included: [event('n-2')],
    });
    expect(page).toMatchObject({ pageNumber: 2, total: 9 });
    expect(page.next).toContain('page[number]=3');
  });

  it('reports a document without a notification as bad_response', async () => {
    const { client, time } = createTestClient(() => ok({ data: { id: 'x', type: 'shipment' } }));
    await expect(time.settle(client.getWebhookNotification('x'))).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
});
