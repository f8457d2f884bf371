import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { containerNumber } from '../../../src/simulator/demo/iso6346.js';
import { DEMO, type DeliveryOptions, type Simulator } from '../../../src/simulator/index.js';
import { parseShipmentDocument } from '../../../src/tracking/index.js';
import { parseSingleDocument, relatedOne } from '../../../src/tracking/jsonapi.js';
import { demoSimulator } from './support.js';
import { type ReceivedDelivery, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const HOUR = 3_600_000;
const SECRET = 'whsec-test-3f9a';
const FAST_RETRIES = { baseDelayMs: 20, timeoutMs: 500 };

let receiver: WebhookReceiver;
let simulators: Simulator[] = [];

beforeEach(async () => {
  receiver = await startWebhookReceiver();
});

afterEach(async () => {
  for (const simulator of simulators) simulator.close();
  simulators = [];
  await receiver.close();
});

function simulatorFor(options: Parameters<typeof demoSimulator>[0] = {}): Simulator {
  const simulator = demoSimulator({
    webhooks: [{ url: receiver.url, secret: SECRET }],
    webhookDelivery: FAST_RETRIES,
    ...options,
  });
  simulators.push(simulator);
  return simulator;
}

/** One notification in the first demo hour: the appointment set on the box whose LFD is today. */
function oneEventSimulator(delivery: DeliveryOptions): Simulator {
  return simulatorFor({
    webhooks: [{ url: receiver.url, secret: SECRET, events: ['container.pickup_appointment.changed'] }],
    webhookDelivery: delivery,
  });
}

function ofEvent(event: string): ReceivedDelivery[] {
  return receiver.received.filter((delivery) => delivery.body.data.attributes.event === event);
}

function includedTypes(delivery: ReceivedDelivery): string[] {
  return delivery.body.included.map((resource) => resource.type);
}

describe('webhook notifications', () => {
  it('signs the exact body bytes with hex HMAC-SHA256 keyed with the secret', async () => {
    const simulator = simulatorFor();
    simulator.advance(HOUR);
    await simulator.webhooks.idle();
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const delivery of receiver.received) {
      const signature = String(delivery.headers['x-t49-webhook-signature']);
      const expected = createHmac('sha256', SECRET).update(delivery.raw).digest();
      expect(signature).toMatch(/^[0-9a-f]{64}$/);
      expect(timingSafeEqual(Buffer.from(signature, 'hex'), expected)).toBe(true);
      expect(delivery.headers['content-type']).toBe('application/json');
    }
  });

  it('sends a webhook_notification whose reference_object is in included, readable by the JSON:API parser', async () => {
    const simulator = simulatorFor();
    simulator.advance(HOUR);
    await simulator.webhooks.idle();
    const [delivery] = ofEvent('container.transport.available');
    expect(delivery).toBeDefined();
    const document = parseSingleDocument(delivery?.body, 'webhook notification', 'webhook_notification');
    expect(document.data.attributes).toMatchObject({
      event: 'container.transport.available',
      delivery_status: 'pending',
      created_at: '2026-03-10T16:30:00Z',
    });
    expect(document.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(relatedOne(document.data, 'webhook')?.type).toBe('webhook');
    const reference = document.included.find(relatedOne(document.data, 'reference_object'));
    expect(reference?.type).toBe('transport_event');
  });

  it('carries the shipment, container, port, terminal and vessel on a full transport event', async () => {
    const simulator = simulatorFor();
    simulator.advance(26 * HOUR);
    await simulator.webhooks.idle();
    const arrivals = ofEvent('container.transport.vessel_arrived');
    expect(arrivals).toHaveLength(3);
    const [first] = arrivals;
    if (!first) throw new Error('no arrival');
    expect(includedTypes(first)).toEqual([
      'transport_event',
      'container',
      'shipment',
      'port',
      'terminal',
      'vessel',
    ]);
    expect(first.body.included[0]?.attributes).toMatchObject({
      event: 'container.transport.vessel_arrived',
      timestamp: '2026-03-11T10:00:00Z',
      timezone: 'Europe/Amsterdam',
      location_locode: 'NLRTM',
      voyage_number: '071W',
      data_source: 'shipping_line',
    });
    const [shipment, ...rest] = first.body.included.slice(2);
    const detail = parseShipmentDocument({ data: shipment, included: [first.body.included[1], ...rest] });
    expect(detail.shipment.billOfLadingNumber).toBe(DEMO.shipments.onWater.bl);
    expect(detail.shipment.podAtaAt).not.toBeNull();
  });

  it('sends container events once per container: the hold releases on 60 boxes are one notification each', async () => {
    const simulator = simulatorFor();
    const events = simulator
      .advance(6 * HOUR)
      .filter((event) => event.shipmentId === DEMO.shipments.manyContainers.id);
    await simulator.webhooks.idle();
    const updates = ofEvent('container.updated').filter(
      (delivery) => delivery.body.included[2]?.id === DEMO.shipments.manyContainers.id,
    );
    expect(updates.length).toBe(events.filter((event) => event.event === 'container.updated').length);
    expect(updates.length).toBeGreaterThan(5);
    const containers = updates.map((delivery) =>
      JSON.stringify(delivery.body.included[0]?.relationships?.container),
    );
    expect(new Set(containers).size).toBe(updates.length);
    for (const delivery of updates) {
      expect(delivery.body.included[0]?.attributes.changeset).toMatchObject({
        available_for_pickup: [false, true],
        holds_at_pod_terminal: [expect.any(Array), []],
      });
    }
  });

  it('puts the changeset of container.updated as {field: [old, new]}', async () => {
    const simulator = simulatorFor();
    simulator.advance(HOUR);
    await simulator.webhooks.idle();
    const reefer = containerNumber('MRKU', 448120);
    const update = ofEvent('container.updated').find((delivery) =>
      delivery.body.included.some((resource) => resource.attributes.number === reefer),
    );
    expect(update && includedTypes(update)).toEqual([
      'container_updated_event',
      'container',
      'shipment',
      'terminal',
    ]);
    expect(update?.body.included[0]?.attributes).toEqual({
      changeset: {
        available_for_pickup: [null, true],
        pickup_lfd: [null, '2026-03-13T07:00:00Z'],
      },
      timestamp: '2026-03-10T16:30:00Z',
      timezone: 'America/Los_Angeles',
      data_source: 'terminal',
    });
  });

  it.each([
    ['container.transport.available', HOUR],
    ['container.pickup_appointment.changed', HOUR],
    ['container.transport.estimated.vessel_arrived', 3 * HOUR],
    ['container.transport.estimated.arrived_at_inland_destination', 3 * HOUR],
    ['container.transport.not_available', 26 * HOUR],
    ['container.pickup_lfd_terminal.changed', HOUR],
    ['container.pickup_lfd_rail.changed', 72 * HOUR],
  ])(
    'carries nothing but the event itself on %s, as Terminal49 does, so the receiver completes it',
    async (event, advance) => {
      const simulator = simulatorFor();
      simulator.advance(advance);
      await simulator.webhooks.idle();
      const deliveries = ofEvent(event);
      expect(deliveries.length).toBeGreaterThan(0);
      for (const delivery of deliveries) {
        expect(includedTypes(delivery)).toEqual(['transport_event']);
        expect(delivery.body.included[0]?.relationships?.container?.data).toMatchObject({
          type: 'container',
        });
      }
    },
  );

  it('puts the new LFD in the value of an LFD event, and still carries the box on the coalesced and line LFD events', async () => {
    const simulator = simulatorFor();
    simulator.advance(26 * HOUR);
    await simulator.webhooks.idle();
    const reefer = containerNumber('MRKU', 448120);
    const [terminal] = ofEvent('container.pickup_lfd_terminal.changed');
    expect(terminal?.body.included[0]?.attributes).toMatchObject({ value: '2026-03-13T07:00:00Z' });
    for (const event of ['container.pickup_lfd.changed', 'container.pickup_lfd_line.changed']) {
      const delivery = ofEvent(event).find((item) =>
        item.body.included.some((resource) => resource.attributes.number === reefer),
      );
      expect(delivery && includedTypes(delivery), event).toEqual(
        expect.arrayContaining(['transport_event', 'container', 'shipment']),
      );
      expect(delivery?.body.included[0]?.attributes.value).toEqual(expect.any(String));
    }
  });

  it('announces a new ETA as shipment.estimated.arrival with an estimated_event', async () => {
    const simulator = simulatorFor();
    simulator.advance(3 * HOUR);
    await simulator.webhooks.idle();
    const [estimate] = ofEvent('shipment.estimated.arrival');
    expect(estimate && includedTypes(estimate)).toEqual(['estimated_event', 'shipment', 'port', 'vessel']);
    expect(estimate?.body.included[0]?.attributes).toMatchObject({
      event: 'shipment.estimated.arrival',
      estimated_timestamp: '2026-03-11T10:00:00Z',
      location_locode: 'NLRTM',
    });
  });

  it('sends tracking_request.tracking_stopped with the tracking request and its shipment', async () => {
    const simulator = simulatorFor();
    simulator.advance(97 * HOUR);
    await simulator.webhooks.idle();
    const [stopped] = ofEvent('tracking_request.tracking_stopped');
    expect(stopped && includedTypes(stopped)).toEqual(['tracking_request', 'shipment']);
    expect(stopped?.body.data.relationships.reference_object.data).toEqual({
      id: DEMO.trackingRequests.created,
      type: 'tracking_request',
    });
  });

  it('retries a 500 and records each attempt, then delivers', async () => {
    receiver.answers.push(500, 503);
    const simulator = oneEventSimulator(FAST_RETRIES);
    simulator.advance(HOUR);
    await simulator.webhooks.idle();
    const attempts = simulator.webhooks.deliveries;
    expect(new Set(attempts.map((item) => item.notificationId)).size).toBe(1);
    expect(attempts.map((item) => [item.attempt, item.status, item.outcome])).toEqual([
      [1, 500, 'retrying'],
      [2, 503, 'retrying'],
      [3, 200, 'delivered'],
    ]);
    const bodies = receiver.received;
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((delivery) => delivery.raw.toString('utf8'))).size).toBe(1);
  });

  it('gives up after the last attempt and marks the notification failed', async () => {
    receiver.answers.push(500, 500, 500);
    const simulator = oneEventSimulator({ ...FAST_RETRIES, attempts: 3 });
    simulator.advance(HOUR);
    await simulator.webhooks.idle();
    expect(simulator.webhooks.deliveries.map((item) => item.outcome)).toEqual([
      'retrying',
      'retrying',
      'failed',
    ]);
  });

  it('counts an endpoint that does not answer in time as a failed attempt and retries it', async () => {
    receiver.answers.push('hang');
    const simulator = oneEventSimulator({ baseDelayMs: 10, timeoutMs: 200 });
    simulator.advance(HOUR);
    await simulator.webhooks.idle();
    const [first, second] = simulator.webhooks.deliveries;
    expect(first).toMatchObject({ attempt: 1, status: null, outcome: 'retrying', error: 'timeout' });
    expect(second).toMatchObject({ notificationId: first?.notificationId, attempt: 2, outcome: 'delivered' });
  });

  it('delivers every notification twice, same id and bytes, when asked to', async () => {
    const simulator = simulatorFor({ webhookDelivery: { ...FAST_RETRIES, duplicate: true } });
    const events = simulator.advance(HOUR);
    await simulator.webhooks.idle();
    expect(receiver.received).toHaveLength(2 * events.length);
    const byId = new Map<string, string[]>();
    for (const delivery of receiver.received) {
      byId.set(delivery.body.data.id, [
        ...(byId.get(delivery.body.data.id) ?? []),
        delivery.raw.toString('utf8'),
      ]);
    }
    expect(byId.size).toBe(events.length);
    for (const bodies of byId.values()) expect(new Set(bodies).size).toBe(1);
  });

  it('never delays an API request: a hanging endpoint leaves reads answering at once', async () => {
    receiver.answers.push('hang', 'hang', 'hang');
    const simulator = simulatorFor({ webhookDelivery: { baseDelayMs: 10_000, timeoutMs: 5_000 } });
    const started = performance.now();
    simulator.advance(HOUR);
    const response = await simulator.handle(
      new Request(`http://sim/v2/shipments/${DEMO.shipments.slippedEta.id}`, {
        headers: { authorization: 'Token demo' },
      }),
    );
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('stops retrying once closed', async () => {
    receiver.answers.push(500, 500, 500, 500);
    const simulator = simulatorFor({ webhookDelivery: { baseDelayMs: 60_000, concurrency: 1 } });
    const events = simulator.advance(HOUR);
    await vi.waitFor(() => expect(simulator.webhooks.deliveries).toHaveLength(events.length));
    simulator.close();
    await simulator.webhooks.idle();
    expect(simulator.webhooks.deliveries.some((item) => item.outcome === 'retrying')).toBe(true);
    expect(simulator.webhooks.deliveries.every((item) => item.attempt === 1)).toBe(true);
  });
});
