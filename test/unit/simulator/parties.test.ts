import { describe, expect, it } from 'vitest';
import { call, demoSimulator, errorsOf, many, one } from './support.js';

const MINUTE = 60_000;

function party(companyName: unknown) {
  return { data: { type: 'party', attributes: { company_name: companyName } } };
}

describe('parties', () => {
  it("starts with one party per customer the account's shipments name, paged with the live meta", async () => {
    const simulator = demoSimulator();
    const result = await call(simulator, '/parties?page[size]=100');
    const names = many(result).map((p) => p.attributes.company_name);
    expect(names).toContain('Acme Home Goods');
    expect(names).toHaveLength(new Set(names).size);
    expect(result.body?.meta).toMatchObject({ total: names.length, pagination: { current: 1, last: 1 } });
  });

  it('creates, reads and renames a party, refusing a blank or already-used name with the documented 422s', async () => {
    const simulator = demoSimulator();
    const created = await call(simulator, '/parties', {
      method: 'POST',
      body: party('Harbor Lights Trading'),
    });
    expect(created.status).toBe(201);
    const { id } = one(created);
    expect(one(await call(simulator, `/parties/${id}`)).attributes.company_name).toBe(
      'Harbor Lights Trading',
    );
    const renamed = await call(simulator, `/parties/${id}`, {
      method: 'PATCH',
      body: party('Harbor Lights Ltd'),
    });
    expect(one(renamed).attributes.company_name).toBe('Harbor Lights Ltd');
    const blank = await call(simulator, '/parties', { method: 'POST', body: party(' ') });
    expect(errorsOf(blank)).toEqual([
      {
        status: '422',
        source: { pointer: '/data/attributes/company_name' },
        title: 'Unprocessable Entity',
        detail: "Company name can't be blank",
      },
    ]);
    const taken = await call(simulator, '/parties', { method: 'POST', body: party('acme home goods') });
    expect(errorsOf(taken)[0]).toMatchObject({
      source: { pointer: '/data/attributes/customer' },
      detail: "'acme home goods' already exists in Account",
    });
  });

  it("gives a tracked shipment its request's customer", async () => {
    const simulator = demoSimulator();
    const customer = one(
      await call(simulator, '/parties', { method: 'POST', body: party('Harbor Lights Trading') }),
    );
    const request = one(
      await call(simulator, '/tracking_requests', {
        method: 'POST',
        body: {
          data: {
            type: 'tracking_request',
            attributes: { request_type: 'bill_of_lading', request_number: 'HLCUHAM2605551', scac: 'HLCU' },
            relationships: { customer: { data: { id: customer.id, type: 'party' } } },
          },
        },
      }),
    );
    expect(request.relationships.customer).toEqual({ data: { id: customer.id, type: 'party' } });
    simulator.advance(2 * MINUTE);
    const [shipment] = many(await call(simulator, '/shipments?number=HLCUHAM2605551'));
    expect(shipment?.attributes.customer_name).toBe('Harbor Lights Trading');
  });
});
