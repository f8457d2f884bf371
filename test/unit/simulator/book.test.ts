import { describe, expect, it } from 'vitest';
import { isValidContainerNumber } from '../../../src/simulator/demo/iso6346.js';
import { DEMO } from '../../../src/simulator/index.js';
import { parseShipmentListDocument } from '../../../src/tracking/index.js';
import { call, demoSimulator, links, many, type Resource } from './support.js';

const DAY = 24 * 3_600_000;
const BOOK = 300;

const booked = demoSimulator({ book: BOOK });
const DEMO_IDS = new Set<string>(Object.values(DEMO.shipments).map((shipment) => shipment.id));
const inBook = (shipment: { id: string }) => !DEMO_IDS.has(shipment.id);

async function everyShipment(simulator = booked): Promise<Resource[]> {
  const all: Resource[] = [];
  for (let page = 1; ; page += 1) {
    const result = await call(simulator, `/shipments?page[size]=100&page[number]=${page}`);
    all.push(...many(result));
    if (!links(result).next) return all;
  }
}

async function everyContainer(simulator = booked): Promise<Resource[]> {
  const all: Resource[] = [];
  for (let page = 1; ; page += 1) {
    const result = await call(simulator, `/containers?page[size]=100&page[number]=${page}`);
    all.push(...many(result));
    if (!links(result).next) return all;
  }
}

describe('a large book of business', () => {
  it('adds that many tracked shipments next to the demo ones, each with its tracking request', async () => {
    const shipments = await everyShipment();
    expect(shipments).toHaveLength(BOOK + Object.keys(DEMO.shipments).length);
    const [first] = shipments.filter(
      (shipment) => !Object.values(DEMO.shipments).some((d) => d.id === shipment.id),
    );
    const bl = String(first?.attributes.bill_of_lading_number);
    const requests = many(await call(booked, `/tracking_requests?filter[request_number]=${bl}`));
    expect(requests).toEqual([
      expect.objectContaining({
        attributes: expect.objectContaining({ status: 'created', request_type: 'bill_of_lading' }),
        relationships: expect.objectContaining({
          tracked_object: { data: { id: first?.id, type: 'shipment' } },
        }),
      }),
    ]);
  });

  it('mixes customers, tags, reference numbers, ports, carriers and every stage of a voyage', async () => {
    const shipments = await everyShipment();
    const distinct = (read: (shipment: Resource) => unknown) => new Set(shipments.flatMap(read)).size;
    expect(distinct((s) => s.attributes.customer_name)).toBeGreaterThanOrEqual(8);
    expect(distinct((s) => s.attributes.tags)).toBeGreaterThanOrEqual(6);
    expect(distinct((s) => s.attributes.port_of_discharge_locode)).toBeGreaterThanOrEqual(8);
    expect(distinct((s) => s.attributes.shipping_line_scac)).toBeGreaterThanOrEqual(10);
    expect(shipments.filter(inBook).every((s) => (s.attributes.ref_numbers as string[]).length > 0)).toBe(
      true,
    );
    const statuses = new Set((await everyContainer()).map((c) => c.attributes.current_status));
    for (const status of ['new', 'on_ship', 'available', 'not_available', 'picked_up', 'on_rail']) {
      expect(statuses).toContain(status);
    }
  });

  it('numbers every box with a valid, unique ISO 6346 number that no demo box has', async () => {
    const numbers = (await everyContainer()).map((container) => String(container.attributes.number));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.every(isValidContainerNumber)).toBe(true);
    const bls = (await everyShipment()).map((shipment) => shipment.attributes.bill_of_lading_number);
    expect(new Set(bls).size).toBe(bls.length);
  });

  it('is the same book on every run, and its first shipments do not depend on its size', async () => {
    const again = demoSimulator({ book: BOOK });
    expect((await call(again, '/shipments?page[size]=100&page[number]=2')).text).toBe(
      (await call(booked, '/shipments?page[size]=100&page[number]=2')).text,
    );
    const smaller = demoSimulator({ book: 5 });
    const inBoth = (await everyShipment(smaller)).filter((s) =>
      String(s.attributes.bill_of_lading_number).endsWith('00'),
    );
    for (const shipment of inBoth) {
      const same = await call(booked, `/shipments/${shipment.id}?include=containers`);
      expect(same.text).toBe((await call(smaller, `/shipments/${shipment.id}?include=containers`)).text);
    }
  });

  it('leaves the demo shipments exactly as they are without a book', async () => {
    const plain = demoSimulator();
    for (const { id } of Object.values(DEMO.shipments)) {
      const path = `/shipments/${id}?include=containers,pod_terminal`;
      expect((await call(booked, path)).text).toBe((await call(plain, path)).text);
    }
  });

  it('plays forward in demo time like the demo shipments', () => {
    const simulator = demoSimulator({ book: BOOK });
    const events = simulator.advance(2 * DAY).filter((event) => !DEMO_IDS.has(String(event.shipmentId)));
    const kinds = new Set(events.map((event) => event.event));
    for (const kind of [
      'container.transport.vessel_arrived',
      'container.transport.vessel_discharged',
      'container.transport.available',
      'container.transport.full_out',
      'container.transport.empty_in',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('pages the list 100 at most with next and last links and a total, newest first, parsed by the client', async () => {
    const result = await call(booked, '/shipments?page[size]=500&include=containers');
    expect(many(result)).toHaveLength(100);
    expect(result.body?.meta).toEqual({ size: 100, total: BOOK + 9 });
    expect(links(result).next).toContain('page[number]=2&page[size]=100');
    expect(links(result).last).toContain('page[number]=4&page[size]=100');
    const created = many(result).map((shipment) => String(shipment.attributes.created_at));
    expect(created).toEqual([...created].sort().reverse());
    const page = parseShipmentListDocument(result.body);
    expect(page.items).toHaveLength(100);
    expect(page.total).toBe(BOOK + 9);
  });

  it('filters by tracking_stopped and finds shipments by q: a BL, a reference or a container number, in part', async () => {
    const stopped = many(await call(booked, '/shipments?filter[tracking_stopped]=true&page[size]=100'));
    expect(stopped.every((shipment) => shipment.attributes.line_tracking_stopped_at !== null)).toBe(true);
    const byRef = many(await call(booked, '/shipments?q=po-88412'));
    expect(byRef.map((shipment) => shipment.id)).toContain(DEMO.shipments.slippedEta.id);
    const byContainer = many(await call(booked, `/shipments?q=${DEMO.containers.onHold.slice(0, 8)}`));
    expect(byContainer.map((shipment) => shipment.id)).toEqual([DEMO.shipments.slippedEta.id]);
    const byBl = many(await call(booked, '/shipments?q=MAEU70000&page[size]=100'));
    expect(byBl.length).toBeGreaterThan(5);
    expect(
      byBl.every((shipment) => String(shipment.attributes.bill_of_lading_number).startsWith('MAEU7')),
    ).toBe(true);
  });
});
