import { formatInTimeZone } from 'date-fns-tz';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { isValidContainerNumber } from '../../../src/simulator/demo/iso6346.js';
import { createSimulator, DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, included, many, one, type Resource, related } from './support.js';

const simulator = demoSimulator();
let shipments: Resource[] = [];
let containers: Resource[] = [];

async function containerByNumber(number: string): Promise<Resource> {
  const [container] = many(await call(simulator, `/containers?filter[number]=${number}`));
  if (!container) throw new Error(`demo container ${number} is missing`);
  return container;
}

beforeAll(async () => {
  shipments = many(await call(simulator, '/shipments?page[size]=100'));
  containers = many(await call(simulator, '/containers?page[size]=100'));
});

describe('the demo catalogue', () => {
  it('serves every DEMO shipment by id and finds it by its bill of lading', async () => {
    for (const { id, bl } of Object.values(DEMO.shipments)) {
      expect(one(await call(simulator, `/shipments/${id}`)).attributes.bill_of_lading_number).toBe(bl);
      expect(many(await call(simulator, `/shipments?number=${bl}`)).map((s) => s.id)).toEqual([id]);
    }
  });

  it.each([
    ['ready', 'slippedEta', 'available'],
    ['onHold', 'slippedEta', 'not_available'],
    ['lfdToday', 'arrived', 'available'],
    ['lfdOverdue', 'arrived', 'available'],
    ['onRail', 'railMove', 'on_rail'],
    ['lfdNextWeek', 'appointment', 'available'],
    ['unknown', 'unknownTerminalData', 'grounded'],
  ] as const)(
    'puts the %s container on the %s shipment with status %s',
    async (container, shipment, status) => {
      const found = await containerByNumber(DEMO.containers[container]);
      expect(related(found, 'shipment')?.id).toBe(DEMO.shipments[shipment].id);
      expect(found.attributes.current_status).toBe(status);
    },
  );

  it('serves both DEMO vessels by id and by IMO', async () => {
    for (const vessel of Object.values(DEMO.vessels)) {
      expect(one(await call(simulator, `/vessels/${vessel.id}`)).attributes.name).toBe(vessel.name);
      expect(one(await call(simulator, `/vessels/${vessel.imo}`)).id).toBe(vessel.id);
    }
    const slipped = shipments.find((s) => s.id === DEMO.shipments.slippedEta.id);
    expect(slipped?.attributes.pod_vessel_imo).toBe(DEMO.vessels.withPositions.imo);
  });

  it('has the tracking requests, email submissions, documents, definitions and keys the catalogue names', async () => {
    const statuses = await Promise.all(
      Object.values(DEMO.trackingRequests).map(
        async (id) => one(await call(simulator, `/tracking_requests/${id}`)).attributes.status,
      ),
    );
    expect(statuses).toEqual(['pending', 'awaiting_manifest', 'created', 'failed', 'pending']);
    for (const id of Object.values(DEMO.emailSubmissions)) {
      expect((await call(simulator, `/email_submissions/${id}`)).status).toBe(200);
    }
    for (const id of Object.values(DEMO.documents))
      expect((await call(simulator, `/documents/${id}`)).status).toBe(200);
    const slugs = many(await call(simulator, '/custom_field_definitions')).map((d) => d.attributes.api_slug);
    expect(slugs).toEqual(expect.arrayContaining([...DEMO.customFieldSlugs]));
  });

  it('keeps the PDF-only submission free of image documents', async () => {
    const result = await call(simulator, `/email_submissions/${DEMO.emailSubmissions.pdfOnly}`);
    const types = included(result)
      .filter((r) => r.type === 'document')
      .map((d) => d.attributes.file_content_type);
    expect(types).toEqual(['application/pdf', 'application/pdf']);
  });
});

describe('demo data invariants', () => {
  it('gives every container a valid ISO 6346 check digit', () => {
    expect(containers).toHaveLength(79);
    for (const container of containers)
      expect(isValidContainerNumber(String(container.attributes.number))).toBe(true);
  });

  it('spans nine carriers with carrier-prefixed bills of lading', () => {
    expect(new Set(shipments.map((s) => s.attributes.shipping_line_short_name))).toEqual(
      new Set(['Maersk', 'Hapag-Lloyd', 'ONE', 'MSC', 'COSCO', 'Evergreen', 'OOCL', 'CMA CGM', 'ZIM']),
    );
    const prefixes: Record<string, string> = { MSCU: 'MEDU' };
    for (const s of shipments) {
      const scac = String(s.attributes.shipping_line_scac);
      expect(String(s.attributes.bill_of_lading_number).startsWith(prefixes[scac] ?? scac)).toBe(true);
    }
  });

  it('ships between Asia, Europe and both US coasts with IANA zones', () => {
    const zones = new Set(shipments.flatMap((s) => [s.attributes.pol_timezone, s.attributes.pod_timezone]));
    for (const zone of ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'America/Los_Angeles']) {
      expect(zones).toContain(zone);
    }
  });

  it('has exactly one ETA that slipped, by two calendar days in the port of discharge zone', () => {
    const slipped = shipments.filter((s) => s.attributes.pod_eta_at !== s.attributes.pod_original_eta_at);
    expect(slipped.map((s) => s.id)).toEqual([DEMO.shipments.slippedEta.id]);
    const zone = String(slipped[0]?.attributes.pod_timezone);
    const day = (iso: unknown) => Date.parse(formatInTimeZone(String(iso), zone, 'yyyy-MM-dd'));
    expect(
      (day(slipped[0]?.attributes.pod_eta_at) - day(slipped[0]?.attributes.pod_original_eta_at)) / 86_400_000,
    ).toBe(2);
  });

  it('uses every container status the API documents', () => {
    expect(new Set(containers.map((c) => c.attributes.current_status))).toEqual(
      new Set([
        'new',
        'on_ship',
        'available',
        'not_available',
        'grounded',
        'on_rail',
        'picked_up',
        'off_dock',
        'delivered',
        'dropped',
        'loaded',
        'empty_returned',
        'awaiting_inland_transfer',
      ]),
    );
  });

  it('uses every canonical hold name, both hold statuses, and fees with a total row and a zero amount', () => {
    const holds = containers.flatMap(
      (c) => c.attributes.holds_at_pod_terminal as Array<{ name: string; status: string }>,
    );
    expect(new Set(holds.map((h) => h.name))).toEqual(
      new Set(['freight', 'customs', 'USDA', 'VACIS', 'TMF', 'other']),
    );
    expect(new Set(holds.map((h) => h.status))).toEqual(new Set(['hold', 'pending']));
    const fees = containers.flatMap(
      (c) => c.attributes.fees_at_pod_terminal as Array<{ type: string; amount: number }>,
    );
    expect(fees.some((f) => f.type === 'total')).toBe(true);
    expect(fees.some((f) => f.type !== 'total' && f.amount === 0)).toBe(true);
  });

  it('files shipments the way teams do: every one has a customer, most carry tags and reference numbers', () => {
    expect(shipments.every((shipment) => typeof shipment.attributes.customer_name === 'string')).toBe(true);
    const tagged = shipments.filter((shipment) => (shipment.attributes.tags as string[]).length > 0);
    expect(tagged.length).toBeGreaterThanOrEqual(7);
    expect(
      new Set(tagged.flatMap((shipment) => shipment.attributes.tags as string[])).size,
    ).toBeGreaterThanOrEqual(5);
    const withRefs = shipments.filter(
      (shipment) => ((shipment.attributes.ref_numbers as string[]) ?? []).length > 0,
    );
    expect(withRefs.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the 60-container shipment at 60', () => {
    const many60 = containers.filter((c) => related(c, 'shipment')?.id === DEMO.shipments.manyContainers.id);
    expect(many60).toHaveLength(60);
  });

  it('stops tracking one shipment past the arrival window', () => {
    const stopped = shipments.filter((s) => s.attributes.line_tracking_stopped_reason !== null);
    expect(stopped.map((s) => [s.id, s.attributes.line_tracking_stopped_reason])).toEqual([
      [DEMO.shipments.trackingStopped.id, 'past_arrival_window'],
    ]);
  });
});

describe('dates relative to the injected clock (2026-03-10T15:30Z)', () => {
  it.each([
    ['ready', '2026-03-12T07:00:00Z', 'in 2 days, Los Angeles (PDT)'],
    ['lfdToday', '2026-03-10T04:00:00Z', 'today, New York (EDT)'],
    ['lfdOverdue', '2026-03-07T05:00:00Z', 'three days ago, New York (still EST)'],
    ['lfdNextWeek', '2026-03-17T07:00:00Z', 'next week, Oakland'],
  ] as const)('expresses the %s LFD as local midnight in UTC: %s (%s)', async (container, lfd, _why) => {
    expect((await containerByNumber(DEMO.containers[container])).attributes.pickup_lfd).toBe(lfd);
  });

  it('has no LFD and unknown availability at the terminal that reports nothing', async () => {
    const unknown = await containerByNumber(DEMO.containers.unknown);
    expect(unknown.attributes).toMatchObject({
      pickup_lfd: null,
      availability_known: false,
      available_for_pickup: null,
    });
  });

  it('puts the rail LFD at midnight in America/Chicago, lets it win pickup_lfd when no line or terminal LFD exists, and sends its deprecated twin ind_facility_lfd_on as the same date-time, as the live API does', async () => {
    const onRail = await containerByNumber(DEMO.containers.onRail);
    expect(onRail.attributes).toMatchObject({
      final_destination_timezone: 'America/Chicago',
      pickup_lfd: '2026-03-14T05:00:00Z',
      import_deadlines: {
        pickup_lfd_rail: '2026-03-14T05:00:00Z',
        pickup_lfd_terminal: null,
        pickup_lfd_line: null,
      },
      ind_facility_lfd_on: '2026-03-14T05:00:00Z',
    });
  });

  it('books the pickup appointment tomorrow at 09:30 in Oakland', async () => {
    const container = await containerByNumber(DEMO.containers.lfdNextWeek);
    expect(container.attributes.pickup_appointment_at).toBe('2026-03-11T16:30:00Z');
  });

  it('moves every date with the clock', async () => {
    const later = createSimulator({ clock: fixedClock('2026-03-17T15:30:00Z') });
    const [container] = many(await call(later, `/containers?filter[number]=${DEMO.containers.lfdToday}`));
    expect(container?.attributes.pickup_lfd).toBe('2026-03-17T04:00:00Z');
  });
});
