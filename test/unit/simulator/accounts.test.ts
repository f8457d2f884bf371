import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { containerId } from '../../../src/simulator/demo/container-builder.js';
import { DEMO, type Simulator } from '../../../src/simulator/index.js';
import { parseShipmentDocument } from '../../../src/tracking/index.js';
import { call, demoSimulator, many, one } from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const OTHER = DEMO.apiKeys.otherAccount;
const { railMove, onHold } = DEMO.otherAccount;
const DAY = 24 * 3_600_000;

describe('one dataset per account key', () => {
  const simulator = demoSimulator();

  it('gives the second account shipments of its own, parsed by the client like any other', async () => {
    const shipments = many(await call(simulator, '/shipments?page[size]=100', { key: OTHER }));
    expect(shipments).toHaveLength(12);
    expect(shipments.map((shipment) => shipment.attributes.bill_of_lading_number)).toEqual(
      expect.arrayContaining([railMove.bl, onHold.bl]),
    );
    const detail = parseShipmentDocument(
      (await call(simulator, `/shipments/${railMove.id}?include=containers,pod_terminal`, { key: OTHER }))
        .body,
    );
    expect(detail.containers.map((container) => container.number)).toContain(railMove.container);
  });

  it("answers 404 for the other account's shipment, container and tracking request, and finds none of its numbers", async () => {
    const theirs = [
      [DEMO.apiKeys.full, `/shipments/${railMove.id}`],
      [DEMO.apiKeys.full, `/containers/${containerId(railMove.container)}`],
      [OTHER, `/shipments/${DEMO.shipments.slippedEta.id}`],
      [OTHER, `/containers/${containerId(DEMO.containers.ready)}`],
      [OTHER, `/tracking_requests/${DEMO.trackingRequests.created}`],
    ] as const;
    for (const [key, path] of theirs) {
      const result = await call(simulator, path, { key });
      expect(result.status, `${key} ${path}`).toBe(404);
      expect(result.body).toEqual({ errors: [{ status: '404', title: 'Not Found' }] });
    }
    const searches = [
      [DEMO.apiKeys.full, `/shipments?number=${railMove.bl}`],
      [DEMO.apiKeys.readonly, `/containers?filter[number]=${railMove.container}`],
      [OTHER, `/shipments?number=${DEMO.shipments.slippedEta.bl}`],
      [OTHER, `/search?query=${DEMO.containers.onHold}`],
    ] as const;
    for (const [key, path] of searches) {
      expect(many(await call(simulator, path, { key })), `${key} ${path}`).toEqual([]);
    }
  });

  it('treats demo, demo-readonly, demo-no-routing and demo-no-webhooks as one account', async () => {
    const shared = demoSimulator();
    await call(shared, `/tracking_requests/${DEMO.trackingRequests.pending}`, {
      method: 'PATCH',
      body: { data: { type: 'tracking_request', attributes: { ref_number: 'PO-SHARED' } } },
      key: DEMO.apiKeys.noRouting,
    });
    for (const key of [DEMO.apiKeys.full, DEMO.apiKeys.readonly, DEMO.apiKeys.noWebhooks]) {
      const request = one(await call(shared, `/tracking_requests/${DEMO.trackingRequests.pending}`, { key }));
      expect(request.attributes.ref_numbers).toEqual(['PO-SHARED']);
    }
  });

  it('is the same second account whenever it is first asked for', async () => {
    const early = demoSimulator();
    const later = demoSimulator();
    later.advance(DAY);
    const path = '/shipments?page[size]=100';
    const ids = async (sim: Simulator) => many(await call(sim, path, { key: OTHER })).map((s) => s.id);
    expect(await ids(later)).toEqual(await ids(early));
  });
});

describe('webhooks per account', () => {
  let receiver: WebhookReceiver;
  const simulators: Simulator[] = [];

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
  });

  afterEach(async () => {
    for (const simulator of simulators.splice(0)) simulator.close();
    await receiver.close();
  });

  it("lists an account's webhooks to its own keys only and sends it only its own account's changes", async () => {
    const simulator = demoSimulator({ webhookDelivery: { baseDelayMs: 10 } });
    simulators.push(simulator);
    const created = await call(simulator, '/webhooks', {
      key: OTHER,
      method: 'POST',
      body: { data: { type: 'webhook', attributes: { url: `${receiver.url}/b`, active: true } } },
    });
    expect(created.status).toBe(201);
    expect(many(await call(simulator, '/webhooks', { key: OTHER })).map((w) => w.id)).toEqual([
      one(created).id,
    ]);
    expect(many(await call(simulator, '/webhooks'))).toEqual([]);
    simulator.webhooks.add({ url: `${receiver.url}/demo`, secret: 'demo-secret' });
    const events = simulator.advance(2 * DAY);
    await simulator.webhooks.idle();
    const otherShipments = new Set(
      many(await call(simulator, '/shipments?page[size]=100', { key: OTHER })).map((s) => s.id),
    );
    const shipmentOf = (body: { included: Array<{ type: string; id: string; relationships?: unknown }> }) => {
      const reference = body.included[0] as { relationships?: { shipment?: { data?: { id: string } } } };
      return (
        reference.relationships?.shipment?.data?.id ?? body.included.find((r) => r.type === 'shipment')?.id
      );
    };
    // Each change belongs to one account, and so goes to exactly one of the two webhooks.
    expect(receiver.received).toHaveLength(events.length);
    for (const delivery of receiver.received) {
      const shipmentId = shipmentOf(delivery.body);
      const forB = delivery.body.data.relationships.webhook.data.id === one(created).id;
      expect(otherShipments.has(String(shipmentId)), `${delivery.body.data.attributes.event}`).toBe(forB);
    }
    expect(events.some((event) => otherShipments.has(String(event.shipmentId)))).toBe(true);
    expect(events.some((event) => !otherShipments.has(String(event.shipmentId)))).toBe(true);
  });
});
