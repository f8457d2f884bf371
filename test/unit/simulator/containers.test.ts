import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, included, links, many, one, related } from './support.js';

describe('GET /containers', () => {
  const simulator = demoSimulator();

  it('finds a container by filter[number] and sideloads its shipment and POD terminal', async () => {
    const result = await call(
      simulator,
      `/containers?filter[number]=${DEMO.containers.onHold}&include=shipment,pod_terminal`,
    );
    const [container] = many(result);
    expect(container?.attributes.number).toBe(DEMO.containers.onHold);
    const sideloaded = included(result);
    expect(sideloaded.find((r) => r.type === 'shipment')?.id).toBe(DEMO.shipments.slippedEta.id);
    const terminal = sideloaded.find((r) => r.type === 'terminal');
    expect(terminal?.attributes.provided_data).toMatchObject({
      holds_at_pod_terminal: true,
      pickup_lfd: true,
    });
    expect(result.body?.meta).toEqual({ total: 1 });
  });

  it('matches the number case-insensitively and returns nothing for an unknown one', async () => {
    expect(
      many(await call(simulator, `/containers?filter[number]=${DEMO.containers.ready.toLowerCase()}`)),
    ).toHaveLength(1);
    expect(many(await call(simulator, '/containers?filter[number]=ABCU1234560'))).toEqual([]);
  });

  it('lists every container 30 to a page with a next link', async () => {
    const result = await call(simulator, '/containers');
    expect(many(result)).toHaveLength(30);
    expect(links(result).next).toBe('http://sim/v2/containers?page[number]=2&page[size]=30');
    expect(result.body?.meta).toEqual({ total: 79 });
  });

  it('clamps page[size] to 100', async () => {
    const result = await call(simulator, '/containers?page[size]=500');
    expect(many(result)).toHaveLength(79);
    expect(links(result).current).toBe('http://sim/v2/containers?page[number]=1&page[size]=100');
  });
});

describe('GET /containers/{id}', () => {
  const simulator = demoSimulator();

  it('returns a container with the holds, fees and deadlines the card needs', async () => {
    const [found] = many(await call(simulator, `/containers?filter[number]=${DEMO.containers.onHold}`));
    const result = await call(simulator, `/containers/${found?.id}?include=shipment`);
    const container = one(result);
    expect(container.attributes.holds_at_pod_terminal).toEqual([
      { name: 'customs', status: 'hold', description: 'CBP HOLD - EXAM ORDERED' },
      { name: 'freight', status: 'pending', description: '' },
    ]);
    expect(container.attributes.fees_at_pod_terminal).toEqual([
      { type: 'exam', amount: 350, currency_code: 'USD' },
      { type: 'demurrage', amount: 0, currency_code: 'USD' },
      { type: 'total', amount: 350, currency_code: 'USD' },
    ]);
    expect(related(container, 'shipment')?.id).toBe(DEMO.shipments.slippedEta.id);
    expect(included(result).map((r) => r.type)).toEqual(['shipment']);
  });

  it('answers an unknown container with the 404 body', async () => {
    const result = await call(simulator, '/containers/nope');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ errors: [{ status: '404', title: 'Not Found' }] });
  });
});
