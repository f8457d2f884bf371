import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, errorsOf, included, links, many, one, related, relatedIds } from './support.js';

const { slippedEta, manyContainers, arrived, nonUuid } = DEMO.shipments;
const ALL_INCLUDES =
  'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

describe('GET /shipments/{id}', () => {
  const simulator = demoSimulator();

  it('returns the shipment with a relative data self link and an absolute top-level self link keeping the query', async () => {
    const result = await call(simulator, `/shipments/${slippedEta.id}?include=containers`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toContain('application/json');
    const shipment = one(result);
    expect(shipment).toMatchObject({ id: slippedEta.id, type: 'shipment' });
    expect(shipment.attributes.bill_of_lading_number).toBe(slippedEta.bl);
    expect(shipment.links.self).toBe(`/v2/shipments/${slippedEta.id}`);
    expect(links(result).self).toBe(`http://sim/v2/shipments/${slippedEta.id}?include=containers`);
  });

  it('sideloads exactly the related resources named in include, each once', async () => {
    const result = await call(simulator, `/shipments/${slippedEta.id}?include=${ALL_INCLUDES}`);
    const shipment = one(result);
    const sideloaded = included(result);
    const containerIds = relatedIds(shipment, 'containers');
    expect(containerIds.length).toBeGreaterThanOrEqual(2);
    for (const id of containerIds)
      expect(sideloaded.some((r) => r.type === 'container' && r.id === id)).toBe(true);
    expect(
      sideloaded.some((r) => r.type === 'terminal' && r.id === related(shipment, 'pod_terminal')?.id),
    ).toBe(true);
    expect(sideloaded.filter((r) => r.type === 'port').map((r) => r.attributes.code)).toEqual([
      'CNSHA',
      'USLAX',
    ]);
    const keys = sideloaded.map((r) => `${r.type}:${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('leaves included out when nothing was asked to be included', async () => {
    const result = await call(simulator, `/shipments/${slippedEta.id}`);
    expect(result.body).not.toHaveProperty('included');
  });

  it('sideloads a metro area destination and a rail terminal for the inland move', async () => {
    const result = await call(simulator, `/shipments/${DEMO.shipments.railMove.id}?include=${ALL_INCLUDES}`);
    const types = included(result).map((r) => r.type);
    expect(types).toContain('metro_area');
    expect(types).toContain('rail_terminal');
    expect(one(result).attributes.destination_timezone).toBe('America/Chicago');
  });

  it('serves a shipment whose id is not a UUID', async () => {
    const result = await call(simulator, `/shipments/${nonUuid.id}?include=containers`);
    expect(result.status).toBe(200);
    expect(included(result).map((r) => r.id)).toEqual(['container-legacy-42-1', 'container-legacy-42-2']);
  });

  it('answers an unknown id with the real 404 body, which has no detail', async () => {
    const result = await call(simulator, '/shipments/00000000-0000-4000-8000-000000000000');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ errors: [{ status: '404', title: 'Not Found' }] });
  });

  it('answers an unknown include name with a 400 naming the parameter', async () => {
    const result = await call(simulator, `/shipments/${slippedEta.id}?include=containers,shipping_line`);
    expect(result.status).toBe(400);
    expect(errorsOf(result)).toEqual([
      {
        status: '400',
        title: 'Bad Request',
        detail: 'shipping_line is not specified as a relationship on V2::ShipmentSerializer',
        source: { parameter: 'include' },
      },
    ]);
  });

  it('validates nested include paths against the related serializer', async () => {
    expect(
      (await call(simulator, `/shipments/${slippedEta.id}?include=containers.pod_terminal`)).status,
    ).toBe(200);
    const bad = await call(simulator, `/shipments/${slippedEta.id}?include=containers.vessel`);
    expect(errorsOf(bad)[0]?.detail).toBe(
      'vessel is not specified as a relationship on V2::ContainerSerializer',
    );
  });
});

describe('GET /shipments', () => {
  const simulator = demoSimulator();

  it.each([
    ['the bill of lading', slippedEta.bl],
    ['the bill of lading in lower case', slippedEta.bl.toLowerCase()],
    ['the normalized number without the SCAC prefix', '240817361'],
  ])('finds a shipment by %s', async (_, number) => {
    const result = await call(simulator, `/shipments?number=${number}&include=containers`);
    expect(many(result).map((s) => s.id)).toEqual([slippedEta.id]);
    expect(included(result).filter((r) => r.type === 'container').length).toBe(3);
  });

  it('finds the 60-container shipment by its booking number', async () => {
    const result = await call(simulator, `/shipments?number=${manyContainers.booking}`);
    const [shipment] = many(result);
    expect(shipment?.id).toBe(manyContainers.id);
    expect(relatedIds(shipment ?? one(result), 'containers')).toHaveLength(60);
  });

  it('returns an empty list for a number nothing matches, and never matches container numbers', async () => {
    expect(many(await call(simulator, '/shipments?number=NOPE0000000'))).toEqual([]);
    expect(many(await call(simulator, `/shipments?number=${DEMO.containers.ready}`))).toEqual([]);
  });

  it('pages with literal page[number]/page[size] links that keep the other parameters', async () => {
    const result = await call(simulator, '/shipments?include=containers&page[size]=4&page[number]=2');
    expect(many(result)).toHaveLength(4);
    expect(result.body?.meta).toEqual({ size: 4, total: 9 });
    expect(links(result)).toEqual({
      self: 'http://sim/v2/shipments?include=containers&page[size]=4&page[number]=2',
      current: 'http://sim/v2/shipments?include=containers&page[number]=2&page[size]=4',
      prev: 'http://sim/v2/shipments?include=containers&page[number]=1&page[size]=4',
      next: 'http://sim/v2/shipments?include=containers&page[number]=3&page[size]=4',
      last: 'http://sim/v2/shipments?include=containers&page[number]=3&page[size]=4',
    });
  });

  it('has no next link on the last page', async () => {
    const result = await call(simulator, '/shipments?page[size]=4&page[number]=3');
    expect(many(result)).toHaveLength(1);
    expect(links(result)).not.toHaveProperty('next');
  });

  it('lists the newest shipment first', async () => {
    const created = many(await call(simulator, '/shipments')).map((s) => String(s.attributes.created_at));
    expect(created).toEqual([...created].sort().reverse());
  });

  it('filters on tracking_stopped', async () => {
    const stopped = many(await call(simulator, '/shipments?filter[tracking_stopped]=true'));
    expect(stopped.map((s) => s.id)).toEqual([DEMO.shipments.trackingStopped.id]);
    expect(many(await call(simulator, '/shipments?filter[tracking_stopped]=false'))).toHaveLength(8);
  });

  it('shows the arrived shipment with its arrival and no stop', async () => {
    const [shipment] = many(await call(simulator, `/shipments?number=${arrived.bl}`));
    expect(shipment?.attributes.pod_ata_at).not.toBeNull();
    expect(shipment?.attributes.line_tracking_stopped_at).toBeNull();
  });
});

describe('PATCH /shipments/{id}/resume_tracking and stop_tracking', () => {
  const { trackingStopped, onWater } = DEMO.shipments;
  const body = (id: string) => ({ data: { type: 'shipment', id } });

  it('tracks a stopped shipment again: its stop time and reason are cleared', async () => {
    const simulator = demoSimulator();
    const before = one(await call(simulator, `/shipments/${trackingStopped.id}`));
    expect(before.attributes.line_tracking_stopped_reason).toBe('past_arrival_window');
    const result = await call(simulator, `/shipments/${trackingStopped.id}/resume_tracking`, {
      method: 'PATCH',
      body: body(trackingStopped.id),
    });
    expect(result.status).toBe(200);
    expect(one(result).attributes).toMatchObject({
      line_tracking_stopped_at: null,
      line_tracking_stopped_reason: null,
    });
    const after = one(await call(simulator, `/shipments/${trackingStopped.id}`));
    expect(after.attributes.line_tracking_stopped_at).toBeNull();
  });

  it('stops tracking on request, as stopped by a person', async () => {
    const simulator = demoSimulator();
    const result = await call(simulator, `/shipments/${onWater.id}/stop_tracking`, {
      method: 'PATCH',
      body: body(onWater.id),
    });
    expect(one(result).attributes).toMatchObject({
      line_tracking_stopped_at: '2026-03-10T15:30:00Z',
      line_tracking_stopped_reason: 'cancelled_by_user',
    });
  });

  it('refuses a read-only key (403) and answers 404 for a shipment that does not exist', async () => {
    const simulator = demoSimulator();
    const readOnly = await call(simulator, `/shipments/${trackingStopped.id}/resume_tracking`, {
      method: 'PATCH',
      key: 'demo-readonly',
      body: body(trackingStopped.id),
    });
    expect(readOnly.status).toBe(403);
    const missing = await call(simulator, '/shipments/nope/resume_tracking', {
      method: 'PATCH',
      body: body('nope'),
    });
    expect(missing.status).toBe(404);
  });
});
