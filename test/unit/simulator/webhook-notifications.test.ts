import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, type Simulator } from '../../../src/simulator/index.js';
import { WEBHOOK_EVENTS } from '../../../src/simulator/webhooks/event-names.js';
import { parseContainerDocument } from '../../../src/tracking/index.js';
import { parseNotification } from '../../../src/watch/webhook/notification.js';
import { call, demoSimulator, errorsOf, included, links, many, one } from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const HOUR = 3_600_000;
const SECRET = 'whsec-notifications';

let receiver: WebhookReceiver;
let simulator: Simulator;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  simulator = demoSimulator({
    webhooks: [{ url: receiver.url, secret: SECRET }],
    webhookDelivery: { baseDelayMs: 5, attempts: 2, timeoutMs: 500 },
  });
});

afterEach(async () => {
  simulator.close();
  await receiver.close();
});

async function deliveredHour(): Promise<void> {
  simulator.advance(HOUR);
  await simulator.webhooks.idle();
}

describe('GET /webhook_notifications', () => {
  it('lists what was sent to the account, newest first, paged with the live meta', async () => {
    await deliveredHour();
    simulator.advance(3 * HOUR);
    await simulator.webhooks.idle();
    const result = await call(simulator, '/webhook_notifications?page[size]=5');
    const page = many(result);
    expect(page).toHaveLength(5);
    expect(result.body?.meta).toEqual({
      size: 5,
      total: receiver.received.length,
      pagination: { current: 1, records: receiver.received.length },
    });
    expect(links(result).next).toContain('page[number]=2&page[size]=5');
    const created = page.map((notification) => String(notification.attributes.created_at));
    expect(created).toEqual([...created].sort().reverse());
    expect(result.body?.included).toBeUndefined();
  });

  it('says how each delivery went: succeeded once accepted, failed once given up', async () => {
    const once = demoSimulator({
      webhooks: [{ url: receiver.url, secret: SECRET, events: ['container.pickup_appointment.changed'] }],
      webhookDelivery: { baseDelayMs: 5, attempts: 2, concurrency: 1 },
    });
    try {
      receiver.answers.push(500, 500);
      once.advance(HOUR);
      await once.webhooks.idle();
      once.advance(2 * HOUR);
      await once.webhooks.idle();
      const statuses = many(await call(once, '/webhook_notifications')).map(
        (notification) => notification.attributes.delivery_status,
      );
      // Newest first: the first notification used up both attempts, the later ones got through.
      expect(statuses.at(-1)).toBe('failed');
      expect(statuses.slice(0, -1).length).toBeGreaterThan(0);
      expect(statuses.slice(0, -1).every((status) => status === 'succeeded')).toBe(true);
    } finally {
      once.close();
    }
  });

  it("keeps one account's notifications from another's keys", async () => {
    await deliveredHour();
    const [first] = many(await call(simulator, '/webhook_notifications'));
    const other = await call(simulator, `/webhook_notifications/${first?.id}`, {
      key: DEMO.apiKeys.otherAccount,
    });
    expect(other.status).toBe(404);
    expect(many(await call(simulator, '/webhook_notifications', { key: DEMO.apiKeys.otherAccount }))).toEqual(
      [],
    );
    expect((await call(simulator, '/webhook_notifications', { key: DEMO.apiKeys.noWebhooks })).status).toBe(
      403,
    );
  });
});

describe('GET /webhook_notifications/{id}', () => {
  it('answers a notification with the payload its delivery carried', async () => {
    await deliveredHour();
    const [delivery] = receiver.received;
    const result = await call(simulator, `/webhook_notifications/${delivery?.body.data.id}`);
    expect(one(result).attributes).toMatchObject({
      event: delivery?.body.data.attributes.event,
      delivery_status: 'succeeded',
    });
    expect(included(result)).toEqual(delivery?.body.included);
  });

  it('completes a minimal notification in one request: the event, its container and shipment as they are now', async () => {
    await deliveredHour();
    const minimal = receiver.received.find(
      (delivery) => delivery.body.data.attributes.event === 'container.transport.available',
    );
    expect(minimal?.body.included.map((resource) => resource.type)).toEqual(['transport_event']);
    const result = await call(
      simulator,
      `/webhook_notifications/${minimal?.body.data.id}?include=reference_object,container,shipment`,
    );
    expect(included(result).map((resource) => resource.type)).toEqual([
      'transport_event',
      'container',
      'shipment',
    ]);
    const read = parseNotification(result.body);
    expect(read).toMatchObject({ ok: true, notification: { event: 'container.transport.available' } });
    const [, container, shipment] = included(result);
    const match = parseContainerDocument({ data: container, included: [shipment] });
    expect(match.container.availableForPickup).toBe(true);
    expect(match.shipment?.id).toBe(read.ok ? read.notification.shipmentId : null);
  });

  it('follows the reference object with dotted includes and refuses names it does not know', async () => {
    await deliveredHour();
    const [delivery] = receiver.received;
    const id = delivery?.body.data.id;
    const dotted = await call(
      simulator,
      `/webhook_notifications/${id}?include=reference_object.container,webhook`,
    );
    expect(
      included(dotted)
        .map((resource) => resource.type)
        .sort(),
    ).toEqual(['container', 'webhook']);
    const bad = await call(simulator, `/webhook_notifications/${id}?include=account`);
    expect(bad.status).toBe(400);
    expect(errorsOf(bad)[0]).toMatchObject({ source: { parameter: 'include' } });
    expect((await call(simulator, '/webhook_notifications/unknown')).status).toBe(404);
  });
});

describe('example payloads and test deliveries', () => {
  it.each(WEBHOOK_EVENTS)('has an example of %s shaped like a real delivery', async (event) => {
    const result = await call(simulator, `/webhook_notifications/examples?event=${event}`);
    expect(result.status).toBe(200);
    const [notification] = many(result);
    expect(notification?.attributes.event).toBe(event);
    const reference = notification?.relationships.reference_object?.data as { id: string; type: string };
    expect(included(result)[0]).toMatchObject(reference);
  });

  it('sends the minimal examples with the transport event alone, as the real deliveries', async () => {
    const result = await call(
      simulator,
      '/webhook_notifications/examples?event=container.pickup_lfd_terminal.changed',
    );
    expect(included(result).map((resource) => resource.type)).toEqual(['transport_event']);
  });

  it('answers a missing or unknown event with the 400 production sends', async () => {
    const missing = await call(simulator, '/webhook_notifications/examples');
    expect(missing.body).toEqual({
      errors: [{ status: '400', title: 'Bad Request', detail: null, source: { parameter: 'event' } }],
    });
    expect((await call(simulator, '/webhook_notifications/examples?event=container.teleported')).status).toBe(
      400,
    );
  });

  it('lists the event categories with every event the API names, exactly once', async () => {
    const categories = many(await call(simulator, '/webhooks/events'));
    const names = categories.flatMap((category) =>
      (category.attributes.events as Array<{ name: string; description: string }>).map((event) => event.name),
    );
    expect([...names].sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(categories[0]).toMatchObject({ id: 'tracking-request-events', type: 'webhook_event_category' });
    expect((await call(simulator, '/webhooks/events', { key: DEMO.apiKeys.noWebhooks })).status).toBe(403);
  });

  it('triggers one signed test delivery and answers what was sent and what came back', async () => {
    const result = await call(simulator, '/webhooks/trigger', {
      method: 'POST',
      body: { url: receiver.url, event: 'tracking_request.succeeded', secret: 'optional-test-secret' },
    });
    expect(result.body).toMatchObject({ url: receiver.url, succeeded: true, error: null, status_code: 200 });
    const [delivery] = receiver.received;
    const signature = createHmac('sha256', 'optional-test-secret')
      .update(delivery?.raw ?? '')
      .digest('hex');
    expect(delivery?.headers['x-t49-webhook-signature']).toBe(signature);
    expect(delivery?.raw.toString('utf8')).toBe(result.body?.request_body);
    expect(delivery?.body.data.attributes.event).toBe('tracking_request.succeeded');
  });

  it('reports a refused test delivery, and refuses a request without a URL or with a plain-http remote one', async () => {
    receiver.answers.push(500);
    const refused = await call(simulator, '/webhooks/trigger', {
      method: 'POST',
      body: { url: receiver.url, event: 'container.updated' },
    });
    expect(refused.body).toMatchObject({ succeeded: false, status_code: 500 });
    expect(receiver.received[0]?.headers['x-t49-webhook-signature']).toBeUndefined();
    const noUrl = await call(simulator, '/webhooks/trigger', {
      method: 'POST',
      body: { event: 'container.updated' },
    });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body).toEqual({ errors: [{ detail: 'url is required' }] });
    const remote = await call(simulator, '/webhooks/trigger', {
      method: 'POST',
      body: { url: 'http://hooks.example.com/t49', event: 'container.updated' },
    });
    expect(remote.status).toBe(422);
  });
});
