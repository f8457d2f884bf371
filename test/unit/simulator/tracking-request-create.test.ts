import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO, type Simulator } from '../../../src/simulator/index.js';
import { parseShipmentListDocument, parseTrackingRequestDocument } from '../../../src/tracking/index.js';
import { parseNotification } from '../../../src/watch/webhook/notification.js';
import { call, demoSimulator, errorsOf, included, many, one, type Resource } from './support.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface Attributes {
  request_number?: unknown;
  request_type?: unknown;
  scac?: unknown;
  [name: string]: unknown;
}

function create(simulator: Simulator, attributes: Attributes, key?: string) {
  return call(simulator, '/tracking_requests', {
    method: 'POST',
    key,
    body: { data: { type: 'tracking_request', attributes } },
  });
}

async function requestAfter(simulator: Simulator, id: string, ms: number): Promise<Resource> {
  simulator.advance(ms);
  return one(await call(simulator, `/tracking_requests/${id}`));
}

const bl = (number: string, scac = 'HLCU'): Attributes => ({
  request_type: 'bill_of_lading',
  request_number: number,
  scac,
});

describe('POST /tracking_requests', () => {
  it('answers 201 with a pending request that tracks nothing yet, readable by the client', async () => {
    const simulator = demoSimulator();
    const result = await create(simulator, {
      ...bl('HLCUHAM2605551'),
      ref_numbers: ['PO-4411'],
      shipment_tags: ['acme'],
    });
    expect(result.status).toBe(201);
    expect(one(result).attributes).toMatchObject({
      request_number: 'HLCUHAM2605551',
      request_type: 'bill_of_lading',
      scac: 'HLCU',
      status: 'pending',
      failed_reason: null,
      ref_numbers: ['PO-4411'],
      shipment_tags: ['acme'],
      created_at: '2026-03-10T15:30:00Z',
    });
    const detail = parseTrackingRequestDocument(result.body);
    expect(detail.trackingRequest.status).toBe('pending');
    expect(detail.shipment).toBeNull();
  });

  it('becomes created two demo minutes later, with a tracked shipment that carries its references and tags', async () => {
    const simulator = demoSimulator();
    const { id } = one(
      await create(simulator, { ...bl('HLCUHAM2605551'), ref_numbers: ['PO-4411'], tags: ['acme'] }),
    );
    expect((await requestAfter(simulator, id, MINUTE)).attributes.status).toBe('pending');
    const created = await call(simulator, `/tracking_requests/${id}`);
    expect(one(created).attributes.status).toBe('pending');
    simulator.advance(MINUTE);
    const detail = parseTrackingRequestDocument((await call(simulator, `/tracking_requests/${id}`)).body);
    expect(detail.trackingRequest.status).toBe('created');
    expect(detail.shipment?.billOfLadingNumber).toBe('HLCUHAM2605551');
    const page = parseShipmentListDocument(
      (await call(simulator, '/shipments?number=HLCUHAM2605551&include=containers,pod_terminal')).body,
    );
    const [shipment] = page.items;
    expect(shipment?.shipment.refNumbers).toEqual(['PO-4411']);
    expect(shipment?.shipment.shippingLine.scac).toBe('HLCU');
    expect(shipment?.containers.length).toBeGreaterThan(0);
    expect(shipment?.containers.every((container) => container.currentStatus === 'on_ship')).toBe(true);
    const raw = one(await call(simulator, `/shipments/${shipment?.shipment.id}`));
    expect(raw.attributes.tags).toEqual(['acme']);
  });

  it('tracks a container number as that one box on a new bill of lading of the carrier', async () => {
    const simulator = demoSimulator();
    const { id } = one(
      await create(simulator, { request_type: 'container', request_number: 'MSKU1234565', scac: 'MAEU' }),
    );
    await requestAfter(simulator, id, 2 * MINUTE);
    const [box] = many(await call(simulator, '/containers?filter[number]=MSKU1234565&include=shipment'));
    expect(box?.attributes.current_status).toBe('on_ship');
  });

  it("tracks a box again after its shipment stopped, without taking the old shipment's container", async () => {
    const simulator = demoSimulator();
    const oldShipment = `/shipments/${DEMO.shipments.slippedEta.id}?include=containers`;
    const before = (await call(simulator, oldShipment)).text;
    await call(simulator, `/shipments/${DEMO.shipments.slippedEta.id}/stop_tracking`, { method: 'PATCH' });
    const { id } = one(
      await create(simulator, {
        request_type: 'container',
        request_number: DEMO.containers.onHold,
        scac: 'MAEU',
      }),
    );
    await requestAfter(simulator, id, 2 * MINUTE);
    const boxes = many(await call(simulator, `/containers?filter[number]=${DEMO.containers.onHold}`));
    expect(boxes).toHaveLength(2);
    const after = await call(simulator, oldShipment);
    expect(included(after).map((box) => box.attributes.current_status)).toEqual(
      JSON.parse(before).included.map(
        (box: { attributes: { current_status: string } }) => box.attributes.current_status,
      ),
    );
  });

  it('plays the new shipment forward like any other', async () => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl('HLCUHAM2605551')));
    simulator.advance(2 * MINUTE);
    const shipmentId = included(await call(simulator, `/tracking_requests/${id}`))[0]?.id;
    expect(shipmentId).toBeDefined();
    const later = simulator.advance(45 * DAY).filter((event) => event.shipmentId === shipmentId);
    expect(later.map((event) => event.event)).toEqual(
      expect.arrayContaining(['container.transport.vessel_arrived', 'container.transport.full_out']),
    );
  });

  it.each([
    ['TEST-TR-FAILED', 'TEST', 'not_found'],
    ['HLCUHAM2605558', 'HLCU', 'not_found'],
  ])('fails %s two demo minutes later with %s', async (number, scac, reason) => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl(number, scac)));
    const request = await requestAfter(simulator, id, 2 * MINUTE);
    expect(request.attributes).toMatchObject({ status: 'failed', failed_reason: reason, is_retrying: false });
    expect(request.relationships.tracked_object).toEqual({ data: null });
  });

  it('fails a container number whose check digit is wrong as invalid_number', async () => {
    const simulator = demoSimulator();
    const { id } = one(
      await create(simulator, { request_type: 'container', request_number: 'MSKU1234560', scac: 'MAEU' }),
    );
    expect((await requestAfter(simulator, id, 2 * MINUTE)).attributes.failed_reason).toBe('invalid_number');
  });

  it('waits for the manifest on a number ending in 6, then is created a day later', async () => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl('HLCUHAM2605556')));
    expect((await requestAfter(simulator, id, 2 * MINUTE)).attributes.status).toBe('awaiting_manifest');
    expect((await requestAfter(simulator, id, DAY)).attributes.status).toBe('created');
  });

  it('waits for the manifest on a number ending in 7, then fails as expired after seven days', async () => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl('HLCUHAM2605557')));
    expect((await requestAfter(simulator, id, 6 * DAY)).attributes.status).toBe('awaiting_manifest');
    expect((await requestAfter(simulator, id, DAY)).attributes).toMatchObject({
      status: 'failed',
      failed_reason: 'expired',
    });
  });

  it('stays pending and retrying while the line is unreachable on a number ending in 9, then is created', async () => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl('HLCUHAM2605559')));
    expect((await requestAfter(simulator, id, 2 * MINUTE)).attributes).toMatchObject({
      status: 'pending',
      failed_reason: 'shipping_line_unreachable',
      is_retrying: true,
      retry_count: 1,
    });
    expect((await requestAfter(simulator, id, HOUR)).attributes).toMatchObject({
      status: 'created',
      failed_reason: null,
      is_retrying: false,
    });
  });

  it('creates a TEST-TR-SUCCEEDED shipment that, like Terminal49 test numbers, never moves', async () => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl('TEST-TR-SUCCEEDED', 'TEST')));
    simulator.advance(2 * MINUTE);
    const shipment = included(await call(simulator, `/tracking_requests/${id}`))[0];
    expect(shipment?.attributes.shipping_line_name).toBe('T49 Test Carrier');
    expect(simulator.advance(60 * DAY).filter((event) => event.shipmentId === shipment?.id)).toEqual([]);
  });

  it('detects the carrier when asked to: scac stays null while pending and is filled when created', async () => {
    const simulator = demoSimulator();
    const result = await create(simulator, {
      request_type: 'bill_of_lading',
      request_number: 'ONEYTYOA51234501',
      auto_detect_vocc_scac: true,
    });
    expect(one(result).attributes.scac).toBeNull();
    expect((await requestAfter(simulator, one(result).id, 2 * MINUTE)).attributes).toMatchObject({
      status: 'created',
      scac: 'ONEY',
    });
    const unknown = await create(simulator, {
      request_type: 'bill_of_lading',
      request_number: 'XYZ9988776655',
      auto_detect_vocc_scac: true,
    });
    expect((await requestAfter(simulator, one(unknown).id, 2 * MINUTE)).attributes.failed_reason).toBe(
      'scac_auto_detect_failed',
    );
  });
});

describe('refusals', () => {
  it('answers a number the account already tracks with the documented duplicate 422', async () => {
    const simulator = demoSimulator();
    await create(simulator, bl('HLCUHAM2605551'));
    for (const attributes of [bl('hlcuham2605551'), bl(DEMO.shipments.slippedEta.bl, 'MAEU')]) {
      const again = await create(simulator, attributes);
      expect(again.status).toBe(422);
      expect(errorsOf(again)).toEqual([
        {
          status: '422',
          source: { pointer: '/data/attributes/request_number' },
          title: 'Unprocessable Entity',
          detail: expect.stringMatching(
            /^Request number '.+' with scac '(HLCU|MAEU)' already exists in a tracking_request with a pending or created status$/,
          ),
          code: 'duplicate',
        },
      ]);
    }
  });

  it('takes a number again once its request has failed', async () => {
    const simulator = demoSimulator();
    const { id } = one(await create(simulator, bl('HLCUHAM2605558')));
    await requestAfter(simulator, id, 2 * MINUTE);
    expect((await create(simulator, bl('HLCUHAM2605558'))).status).toBe(201);
  });

  it('collects every validation error, each pointing at its attribute', async () => {
    const simulator = demoSimulator();
    const result = await create(simulator, {
      request_type: 'airway_bill',
      request_number: ' ',
      scac: 'XXXX',
    });
    expect(result.status).toBe(422);
    expect(errorsOf(result).map((error) => [error.source, error.detail, error.code])).toEqual([
      [{ pointer: '/data/attributes/request_number' }, "Request number can't be blank", 'blank'],
      [{ pointer: '/data/attributes/request_type' }, 'Request type is not included in the list', 'inclusion'],
      [{ pointer: '/data/attributes/scac' }, "Scac 'XXXX' is not recognized", 'blank'],
    ]);
    const missing = await create(simulator, { request_type: 'bill_of_lading', request_number: 'HLCU1' });
    expect(errorsOf(missing)[0]?.detail).toBe("Scac can't be blank");
    const unsupported = await create(simulator, bl('UALC123', 'UALC'));
    expect(errorsOf(unsupported)[0]?.detail).toBe(
      "Scac 'UALC' is not supported. We do not currently integrate with Universal Africa Lines",
    );
    const testBox = await create(simulator, {
      request_type: 'container',
      request_number: 'MSKU1234565',
      scac: 'TEST',
    });
    expect(errorsOf(testBox)[0]?.source).toEqual({ pointer: '/data/attributes/request_type' });
  });

  it('refuses a read-only key, and keeps what one account creates from the other', async () => {
    const simulator = demoSimulator();
    expect((await create(simulator, bl('HLCUHAM2605551'), DEMO.apiKeys.readonly)).status).toBe(403);
    const theirs = one(await create(simulator, bl('HLCUHAM2605551'), DEMO.apiKeys.otherAccount));
    expect((await call(simulator, `/tracking_requests/${theirs.id}`)).status).toBe(404);
    expect((await create(simulator, bl('HLCUHAM2605551'))).status).toBe(201);
  });

  it('has a creation quota of its own, 100 a minute per account, apart from reads', async () => {
    const simulator = demoSimulator({ rateLimitPerMinute: 5 });
    for (let index = 0; index < 100; index += 1) {
      expect((await create(simulator, bl(`HLCUQ${String(index).padStart(5, '0')}`))).status).toBe(201);
    }
    const refused = await create(simulator, bl('HLCUQ99990'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({
      errors: [
        {
          status: '429',
          title: 'Too Many Requests',
          detail: "You've hit the create tracking requests limit. Please try again in a minute.",
        },
      ],
    });
    expect((await call(simulator, '/shipments')).status).toBe(200);
    expect((await create(simulator, bl('HLCUQ99990'), DEMO.apiKeys.otherAccount)).status).toBe(201);
    simulator.clock.advance(MINUTE);
    expect((await create(simulator, bl('HLCUQ99990'))).status).toBe(201);
  });
});

describe('notifications of a tracking request', () => {
  let receiver: WebhookReceiver;
  let simulator: Simulator;

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    simulator = demoSimulator({ webhooks: [{ url: receiver.url, secret: 's' }] });
  });

  afterEach(async () => {
    simulator.close();
    await receiver.close();
  });

  const received = (event: string) =>
    receiver.received.filter((delivery) => delivery.body.data.attributes.event === event);

  it('sends tracking_request.succeeded with the request, shipment and boxes, then container.created per box', async () => {
    const { id } = one(await create(simulator, bl('HLCUHAM2605551')));
    simulator.advance(2 * MINUTE);
    await simulator.webhooks.idle();
    const [succeeded] = received('tracking_request.succeeded');
    expect(succeeded?.body.data.relationships.reference_object.data).toEqual({
      id,
      type: 'tracking_request',
    });
    const types = succeeded?.body.included.map((resource) => resource.type) ?? [];
    expect(types.slice(0, 2)).toEqual(['tracking_request', 'shipment']);
    const boxes = types.filter((type) => type === 'container').length;
    expect(boxes).toBeGreaterThan(0);
    const created = received('container.created');
    expect(created).toHaveLength(boxes);
    for (const delivery of [succeeded, ...created]) {
      const read = parseNotification(delivery?.body);
      expect(read.ok && read.notification.shipmentId).toBe(succeeded?.body.included[1]?.id);
    }
  });

  it('sends tracking_request.awaiting_manifest and then tracking_request.failed with the reason', async () => {
    await create(simulator, bl('HLCUHAM2605557'));
    simulator.advance(8 * DAY);
    await simulator.webhooks.idle();
    expect(received('tracking_request.awaiting_manifest')).toHaveLength(1);
    const [failed] = received('tracking_request.failed');
    expect(failed?.body.included.map((resource) => resource.type)).toEqual(['tracking_request']);
    expect(failed?.body.included[0]?.attributes).toMatchObject({
      status: 'failed',
      failed_reason: 'expired',
    });
  });
});
