import { afterEach, describe, expect, it } from 'vitest';
import { DEMO, type Simulator } from '../../../src/simulator/index.js';
import { call, demoSimulator, errorsOf, many, one } from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const create = (attributes: Record<string, unknown>) => ({
  method: 'POST',
  body: { data: { type: 'webhook', attributes } },
});

const simulators: Simulator[] = [];
const receivers: WebhookReceiver[] = [];

function simulator(options: Parameters<typeof demoSimulator>[0] = {}): Simulator {
  const created = demoSimulator(options);
  simulators.push(created);
  return created;
}

afterEach(async () => {
  for (const created of simulators.splice(0)) created.close();
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

describe('POST /v2/webhooks', () => {
  it('answers 201 with the webhook and a secret to verify deliveries with; headers are {name, value} pairs', async () => {
    const result = await call(
      simulator(),
      '/webhooks',
      create({
        url: 'https://shipwatch.example/webhooks/terminal49',
        active: true,
        events: ['container.updated', 'container.pickup_lfd.changed'],
        headers: [{ name: 'X-Tenant', value: 'acme' }],
      }),
    );
    expect(result.status).toBe(201);
    const webhook = one(result);
    expect(webhook.type).toBe('webhook');
    expect(webhook.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(webhook.attributes).toMatchObject({
      url: 'https://shipwatch.example/webhooks/terminal49',
      active: true,
      events: ['container.updated', 'container.pickup_lfd.changed'],
      headers: [{ name: 'X-Tenant', value: 'acme' }],
      created_at: '2026-03-10T15:30:00Z',
    });
    expect(String(webhook.attributes.secret)).toMatch(/^[0-9a-f]{48}$/);
  });

  it('subscribes to every event when none are named', async () => {
    const webhook = one(
      await call(simulator(), '/webhooks', create({ url: 'https://a.example/h', active: true })),
    );
    expect(webhook.attributes.events).toHaveLength(43);
  });

  it.each([
    [{ active: true }, '/data/attributes/url'],
    [{ url: 'ftp://files.example/h', active: true }, '/data/attributes/url'],
    [{ url: 'https://a.example/h' }, '/data/attributes/active'],
    [{ url: 'https://a.example/h', active: true, events: [] }, '/data/attributes/events'],
    [{ url: 'https://a.example/h', active: true, events: ['container.exploded'] }, '/data/attributes/events'],
    [
      { url: 'https://a.example/h', active: true, headers: { 'X-Tenant': 'acme' } },
      '/data/attributes/headers',
    ],
  ])('refuses %j with a 422 pointing at %s', async (attributes, pointer) => {
    const result = await call(simulator(), '/webhooks', create(attributes));
    expect(result.status).toBe(422);
    expect(errorsOf(result)[0]?.source).toEqual({ pointer });
  });

  it('answers 403 to an account without the webhook entitlement, on every webhook route', async () => {
    const sim = simulator();
    const key = DEMO.apiKeys.noWebhooks;
    const posted = await call(sim, '/webhooks', {
      ...create({ url: 'https://a.example/h', active: true }),
      key,
    });
    expect(posted.status).toBe(403);
    expect(errorsOf(posted)[0]).toMatchObject({ status: '403', title: 'Forbidden' });
    expect(String(errorsOf(posted)[0]?.detail)).toMatch(/not enabled for this account/);
    expect((await call(sim, '/webhooks', { key })).status).toBe(403);
    expect((await call(sim, '/shipments', { key })).status).toBe(200);
  });

  it('answers 403 to a read-only key', async () => {
    const result = await call(simulator(), '/webhooks', {
      ...create({ url: 'https://a.example/h', active: true }),
      key: DEMO.apiKeys.readonly,
    });
    expect(result.status).toBe(403);
  });
});

describe('GET, PATCH and DELETE /v2/webhooks', () => {
  it('lists the start-up webhooks and the created ones, reads, updates and deletes one', async () => {
    const sim = simulator({
      webhooks: [{ url: 'http://127.0.0.1:9/webhooks/terminal49', secret: 's3cret' }],
    });
    const created = one(await call(sim, '/webhooks', create({ url: 'https://a.example/h', active: true })));
    const listed = await call(sim, '/webhooks');
    expect(many(listed).map((webhook) => webhook.attributes.url)).toEqual(
      expect.arrayContaining(['http://127.0.0.1:9/webhooks/terminal49', 'https://a.example/h']),
    );
    expect(listed.body?.meta).toEqual({ size: 30, total: 2 });
    expect(one(await call(sim, `/webhooks/${created.id}`)).attributes.url).toBe('https://a.example/h');
    const patched = await call(sim, `/webhooks/${created.id}`, {
      method: 'PATCH',
      body: { data: { type: 'webhook', attributes: { active: false, events: ['container.updated'] } } },
    });
    expect(one(patched).attributes).toMatchObject({
      active: false,
      events: ['container.updated'],
      secret: created.attributes.secret,
    });
    expect((await call(sim, `/webhooks/${created.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(sim, `/webhooks/${created.id}`)).status).toBe(404);
  });

  it('answers the delivery IPs as plain JSON', async () => {
    const result = await call(simulator(), '/webhooks/ips');
    expect(result.body).toEqual({
      webhook_notification_ips: ['127.0.0.1'],
      last_updated: '2023-10-17T21:23:16Z',
    });
  });
});

describe('webhooks registered through the API', () => {
  it('receive the events they subscribe to, signed with their own secret and carrying their headers', async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const sim = simulator({ webhookDelivery: { baseDelayMs: 20 } });
    const webhook = one(
      await call(
        sim,
        '/webhooks',
        create({
          url: receiver.url,
          active: true,
          events: ['container.transport.available'],
          headers: [{ name: 'X-Tenant', value: 'acme' }],
        }),
      ),
    );
    const events = sim.advance(3_600_000);
    await sim.webhooks.idle();
    const expected = events.filter((event) => event.event === 'container.transport.available');
    expect(receiver.received).toHaveLength(expected.length);
    for (const delivery of receiver.received) {
      expect(delivery.body.data.attributes.event).toBe('container.transport.available');
      expect(delivery.body.data.relationships.webhook.data.id).toBe(webhook.id);
      expect(delivery.headers['x-tenant']).toBe('acme');
    }
  });

  it('stop receiving once made inactive', async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const sim = simulator();
    const webhook = one(await call(sim, '/webhooks', create({ url: receiver.url, active: true })));
    await call(sim, `/webhooks/${webhook.id}`, {
      method: 'PATCH',
      body: { data: { type: 'webhook', attributes: { active: false } } },
    });
    expect(sim.advance(3_600_000).length).toBeGreaterThan(0);
    await sim.webhooks.idle();
    expect(receiver.received).toHaveLength(0);
  });
});
