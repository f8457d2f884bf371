import { describe, expect, it } from 'vitest';
import { type Clock, fixedClock } from '../../../src/clock.js';
import { buildDemoVoyages } from '../../../src/simulator/demo/build-demo-data.js';
import { containerNumber } from '../../../src/simulator/demo/iso6346.js';
import { DEMO } from '../../../src/simulator/index.js';
import { orderSteps } from '../../../src/simulator/timeline/timeline.js';
import { call, demoSimulator, FIXED_NOW, many, one, type Resource } from './support.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function container(simulator: ReturnType<typeof demoSimulator>, number: string): Promise<Resource> {
  const [found] = many(await call(simulator, `/containers?filter[number]=${number}`));
  if (!found) throw new Error(`no container ${number}`);
  return found;
}

async function shipment(simulator: ReturnType<typeof demoSimulator>, id: string): Promise<Resource> {
  return one(await call(simulator, `/shipments/${id}`));
}

describe('the demo timeline', () => {
  it('changes nothing at the anchor instant: a tick then is empty and every document is as built', async () => {
    const ticked = demoSimulator();
    expect(ticked.tick()).toEqual([]);
    const untouched = demoSimulator();
    for (const path of ['/shipments?page[size]=100', '/containers?page[size]=100', '/tracking_requests']) {
      expect((await call(ticked, path)).text).toBe((await call(untouched, path)).text);
    }
  });

  it('gives the same events for the same anchor, whether time moves in one jump or hour by hour', () => {
    const jump = demoSimulator().advance(10 * DAY);
    const stepwise = demoSimulator();
    const hourly = Array.from({ length: 240 }, () => stepwise.advance(HOUR)).flat();
    expect(hourly).toEqual(jump);
    expect(new Set(jump.map((event) => event.id)).size).toBe(jump.length);
    expect(jump.length).toBeGreaterThan(150);
  });

  it('reports each change exactly once between two instants', () => {
    const simulator = demoSimulator();
    const first = simulator.advance(DAY);
    const again = simulator.tick();
    const second = simulator.advance(DAY);
    expect(again).toEqual([]);
    const firstIds = new Set(first.map((event) => event.id));
    expect(second.some((event) => firstIds.has(event.id))).toBe(false);
    const dayOne = Date.parse(FIXED_NOW) + DAY;
    expect(first.every((event) => Date.parse(event.at) <= dayOne)).toBe(true);
    expect(second.every((event) => Date.parse(event.at) > dayOne)).toBe(true);
  });

  it('applies due steps lazily on the next request when the base clock moves, without any tick call', async () => {
    let now = Date.parse(FIXED_NOW);
    const moving: Clock = { now: () => new Date(now) };
    const simulator = demoSimulator({ clock: moving });
    now += 2 * DAY;
    const onWater = await shipment(simulator, DEMO.shipments.onWater.id);
    expect(onWater.attributes.pod_ata_at).not.toBeNull();
  });

  it.each(Array.from({ length: 24 }, (_, hour) => hour))(
    'keeps each container’s facts in table order and every step after the anchor, for an anchor at %i:10 UTC',
    (hour) => {
      const anchor = new Date(Date.UTC(2026, 2, 10, hour, 10));
      const steps = orderSteps(buildDemoVoyages(anchor));
      expect(steps.every((step) => step.atMs > anchor.getTime())).toBe(true);
      for (const voyage of buildDemoVoyages(anchor)) {
        const byContainer = new Map<string, number[]>();
        for (const [at, ...facts] of voyage.rows) {
          for (const fact of facts) {
            const key = 'container' in fact ? fact.container : '(shipment)';
            byContainer.set(key, [...(byContainer.get(key) ?? []), Date.parse(at)]);
          }
        }
        for (const times of byContainer.values()) expect(times).toEqual([...times].sort((a, b) => a - b));
      }
    },
  );

  it('makes every step produce at least one change event', () => {
    const simulator = demoSimulator();
    const events = simulator.advance(30 * DAY);
    const steps = orderSteps(buildDemoVoyages(new Date(FIXED_NOW)));
    const stepInstants = new Set(events.map((event) => `${event.shipmentId}|${event.at}`));
    for (const step of steps) expect(stepInstants).toContain(`${step.shipmentId}|${step.at}`);
  });
});

describe('a voyage that moves', () => {
  it('slips the COSCO ETA, then arrives, berths, discharges and adds a customs hold in Rotterdam within a day', async () => {
    const simulator = demoSimulator();
    simulator.advance(3 * HOUR);
    const slipped = await shipment(simulator, DEMO.shipments.onWater.id);
    expect(slipped.attributes.pod_eta_at).not.toBe(slipped.attributes.pod_original_eta_at);
    expect(slipped.attributes.pod_ata_at).toBeNull();
    const events = simulator.advance(DAY).map((event) => event.event);
    expect(events).toEqual(
      expect.arrayContaining([
        'container.transport.vessel_arrived',
        'container.transport.vessel_berthed',
        'container.transport.vessel_discharged',
        'container.transport.available',
        'container.transport.not_available',
      ]),
    );
    const scanned = await container(simulator, containerNumber('CBHU', 512001));
    expect(scanned.attributes).toMatchObject({
      current_status: 'not_available',
      available_for_pickup: false,
      holds_at_pod_terminal: [{ name: 'customs', status: 'hold', description: 'DOUANE - SCAN ORDERED' }],
    });
    simulator.advance(DAY);
    expect((await container(simulator, containerNumber('CBHU', 512001))).attributes).toMatchObject({
      current_status: 'available',
      holds_at_pod_terminal: [],
    });
  });

  it('releases the Maersk holds, then picks up and returns every box and stops tracking', async () => {
    const simulator = demoSimulator();
    simulator.advance(5 * HOUR);
    expect((await container(simulator, DEMO.containers.onHold)).attributes.holds_at_pod_terminal).toEqual([
      { name: 'customs', status: 'hold', description: 'CBP HOLD - EXAM ORDERED' },
    ]);
    simulator.advance(DAY);
    expect((await container(simulator, DEMO.containers.onHold)).attributes).toMatchObject({
      holds_at_pod_terminal: [],
      available_for_pickup: true,
      current_status: 'available',
    });
    expect((await container(simulator, DEMO.containers.ready)).attributes).toMatchObject({
      current_status: 'picked_up',
      pickup_appointment_at: '2026-03-11T15:00:00Z',
      pod_full_out_at: '2026-03-11T15:47:00Z',
    });
    simulator.advance(4 * DAY);
    const done = await shipment(simulator, DEMO.shipments.slippedEta.id);
    expect(done.attributes.line_tracking_stopped_reason).toBe('all_containers_terminated');
    expect((await container(simulator, DEMO.containers.ready)).attributes.current_status).toBe(
      'empty_returned',
    );
    const request = one(await call(simulator, `/tracking_requests/${DEMO.trackingRequests.created}`));
    expect(request.attributes.status).toBe('tracking_stopped');
  });

  it('changes LFDs by source: the line LFD wins pickup_lfd, the rail LFD moves in Chicago’s zone', async () => {
    const simulator = demoSimulator();
    simulator.advance(27 * HOUR);
    const reefer = await container(simulator, containerNumber('MRKU', 448120));
    expect(reefer.attributes.import_deadlines).toEqual({
      pickup_lfd_terminal: '2026-03-13T07:00:00Z',
      pickup_lfd_rail: null,
      pickup_lfd_line: '2026-03-15T07:00:00Z',
    });
    expect(reefer.attributes.pickup_lfd).toBe('2026-03-15T07:00:00Z');
    simulator.advance(2 * DAY);
    const onRail = await container(simulator, DEMO.containers.onRail);
    expect(onRail.attributes).toMatchObject({
      pickup_lfd: '2026-03-15T05:00:00Z',
      ind_facility_lfd_on: '2026-03-15T05:00:00Z',
      current_status: 'available',
      ind_ata_at: '2026-03-13T01:00:00Z',
    });
  });

  it('rolls the ZIM booking to a later sailing: vessel, voyage and estimates change', async () => {
    const simulator = demoSimulator();
    const events = simulator
      .advance(21 * HOUR)
      .filter((event) => event.shipmentId === DEMO.shipments.nonUuid.id);
    expect(events.map((event) => event.event)).toEqual([
      'container.transport.full_in',
      'container.transport.estimated.vessel_departed',
      'container.transport.estimated.vessel_departed',
      'shipment.estimated.arrival',
      'container.transport.estimated.vessel_arrived',
      'container.transport.estimated.vessel_arrived',
    ]);
    expect((await shipment(simulator, DEMO.shipments.nonUuid.id)).attributes).toMatchObject({
      pod_vessel_name: 'ZIM SHANGHAI',
      pod_voyage_number: '14E',
      pol_etd_at: '2026-03-19T10:00:00Z',
      pol_atd_at: null,
    });
  });

  it('keeps what was written through the API across every step', async () => {
    const simulator = demoSimulator();
    const ready = await container(simulator, DEMO.containers.ready);
    const field = await call(simulator, `/containers/${ready.id}/custom_fields/po_number`, {
      method: 'PATCH',
      body: { value: '4500123' },
    });
    expect(field.status).toBe(200);
    const edited = await call(simulator, `/tracking_requests/${DEMO.trackingRequests.created}`, {
      method: 'PATCH',
      body: { data: { type: 'tracking_request', attributes: { ref_numbers: ['PO-1'], tags: ['watched'] } } },
    });
    expect(edited.status).toBe(200);
    const rotated = await call(simulator, `/documents/${DEMO.documents.png}/rotate`, {
      method: 'POST',
      body: { degrees: 90 },
    });
    expect(rotated.status).toBe(202);
    simulator.advance(10 * DAY);
    const fields = many(await call(simulator, `/containers/${ready.id}/custom_fields`));
    expect(fields.map((item) => [item.attributes.api_slug, item.attributes.value])).toContainEqual([
      'po_number',
      '4500123',
    ]);
    const request = one(await call(simulator, `/tracking_requests/${DEMO.trackingRequests.created}`));
    expect(request.attributes).toMatchObject({
      ref_numbers: ['PO-1'],
      shipment_tags: ['watched'],
      status: 'tracking_stopped',
    });
    const download = await call(simulator, `/documents/${DEMO.documents.png}/download_url`);
    expect(download.body?.download_url).toContain('version=2&rotation=90');
    expect((await container(simulator, DEMO.containers.ready)).attributes.current_status).toBe(
      'empty_returned',
    );
  });

  it('moves with a clock anchored elsewhere: the same table, shifted', () => {
    const later = demoSimulator({ clock: fixedClock('2026-03-17T15:30:00Z') });
    const events = later.advance(2 * HOUR);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.at.startsWith('2026-03-17'))).toBe(true);
  });
});
