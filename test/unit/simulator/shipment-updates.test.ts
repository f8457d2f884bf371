import { describe, expect, it } from 'vitest';
import { containerId } from '../../../src/simulator/demo/container-builder.js';
import { definitionId } from '../../../src/simulator/demo/custom-fields.js';
import { DEMO } from '../../../src/simulator/index.js';
import { parseShipmentDocument } from '../../../src/tracking/index.js';
import { call, demoSimulator, errorsOf, many, one } from './support.js';

const DAY = 24 * 3_600_000;
const onWater = `/shipments/${DEMO.shipments.onWater.id}`;

describe('changing a shipment', () => {
  it('replaces its reference numbers and tags, which the next read shows', async () => {
    const simulator = demoSimulator();
    const result = await call(simulator, onWater, {
      method: 'PATCH',
      body: { data: { attributes: { ref_numbers: ['PO-1', 'PO-2'], tags: ['acme', 'acme', 'rush'] } } },
    });
    expect(result.status).toBe(200);
    expect(parseShipmentDocument(result.body).shipment.refNumbers).toEqual(['PO-1', 'PO-2']);
    expect(one(await call(simulator, onWater)).attributes.tags).toEqual(['acme', 'rush']);
    const bad = await call(simulator, onWater, {
      method: 'PATCH',
      body: { data: { attributes: { tags: [' '] } } },
    });
    expect(errorsOf(bad)[0]).toMatchObject({ source: { pointer: '/data/attributes/tags' } });
  });

  it('stops tracking: no more updates, its tracking request reads tracking_stopped, and it can resume', async () => {
    const simulator = demoSimulator();
    const stopped = one(
      await call(simulator, `/shipments/${DEMO.shipments.slippedEta.id}/stop_tracking`, { method: 'PATCH' }),
    );
    expect(stopped.attributes).toMatchObject({
      line_tracking_stopped_at: '2026-03-10T15:30:00Z',
      line_tracking_stopped_reason: 'cancelled_by_user',
    });
    const request = one(await call(simulator, `/tracking_requests/${DEMO.trackingRequests.created}`));
    expect(request.attributes.status).toBe('tracking_stopped');
    const listed = many(await call(simulator, '/shipments?filter[tracking_stopped]=true'));
    expect(listed.map((shipment) => shipment.id)).toContain(DEMO.shipments.slippedEta.id);
    const quiet = simulator.advance(DAY).filter((event) => event.shipmentId === DEMO.shipments.slippedEta.id);
    expect(quiet).toEqual([]);
    await call(simulator, `/shipments/${DEMO.shipments.slippedEta.id}/resume_tracking`, { method: 'PATCH' });
    const resumed = one(await call(simulator, `/tracking_requests/${DEMO.trackingRequests.created}`));
    expect(resumed.attributes.status).toBe('created');
    const moving = simulator
      .advance(DAY)
      .filter((event) => event.shipmentId === DEMO.shipments.slippedEta.id);
    expect(moving.length).toBeGreaterThan(0);
  });

  it('answers 404 for a shipment of another account', async () => {
    const simulator = demoSimulator();
    const other = await call(simulator, `${onWater}/stop_tracking`, {
      method: 'PATCH',
      key: DEMO.apiKeys.otherAccount,
    });
    expect(other.status).toBe(404);
  });
});

describe('refreshing a container', () => {
  it('asks the sources again, names them, and allows 10 a minute', async () => {
    const simulator = demoSimulator();
    const path = (number: string) => `/containers/${containerId(number)}/refresh`;
    expect((await call(simulator, path(DEMO.containers.onRail), { method: 'PATCH' })).body).toEqual({
      message: 'Started refresh for Shipping line, Terminal, Rail',
    });
    for (let index = 0; index < 9; index += 1) {
      const ok = await call(simulator, path(DEMO.containers.ready), { method: 'PATCH' });
      expect(ok.body).toEqual({ message: 'Started refresh for Shipping line, Terminal' });
    }
    const refused = await call(simulator, path(DEMO.containers.ready), { method: 'PATCH' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(errorsOf(refused)[0]?.detail).toBe("You've hit the refresh limit. Please try again in a minute.");
  });
});

describe('documents and options', () => {
  it('lists documents by type and file name, and the account document types', async () => {
    const simulator = demoSimulator();
    const photos = many(await call(simulator, '/documents?filter[document_types]=container_photo'));
    expect(photos.map((document) => document.id)).toEqual([DEMO.documents.jpeg]);
    const pdfs = many(await call(simulator, '/documents?filter[filename]=.PDF&include=email_submission'));
    expect(pdfs.length).toBeGreaterThan(0);
    const types = await call(simulator, '/documents/types');
    expect(types.body?.document_types).toContainEqual({
      code: 'commercial_invoice',
      label: 'Commercial invoice',
    });
  });

  it('serves one option of a definition, and 404 for an option of another definition', async () => {
    const simulator = demoSimulator();
    const definition = definitionId('delivery_priority');
    const [rush] = many(await call(simulator, `/custom_field_definitions/${definition}/options`)).filter(
      (option) => option.attributes.value === 'rush',
    );
    const option = await call(simulator, `/custom_field_definitions/${definition}/options/${rush?.id}`);
    expect(one(option).attributes).toMatchObject({ value: 'rush', label: 'Rush' });
    const elsewhere = await call(
      simulator,
      `/custom_field_definitions/${definitionId('po_number')}/options/${rush?.id}`,
    );
    expect(elsewhere.status).toBe(404);
  });
});
