import { describe, expect, it } from 'vitest';
import { placeId } from '../../../src/simulator/demo/places.js';
import { terminalId } from '../../../src/simulator/demo/terminals.js';
import { portAttributesSchema } from '../../../src/tracking/schemas/port.js';
import { terminalAttributesSchema } from '../../../src/tracking/schemas/terminal.js';
import { call, demoSimulator, included, many, one } from './support.js';

const simulator = demoSimulator();

describe('ports, metro areas and terminals', () => {
  it('serves a port by id or by UN/LOCODE, in any case, readable by the client schema', async () => {
    const byCode = one(await call(simulator, '/ports/uslax'));
    expect(byCode.id).toBe(placeId('USLAX'));
    expect(one(await call(simulator, `/ports/${placeId('USLAX')}`))).toEqual(byCode);
    expect(portAttributesSchema.parse(byCode.attributes)).toMatchObject({
      code: 'USLAX',
      time_zone: 'America/Los_Angeles',
      latitude: 33.7406,
    });
  });

  it('keeps ports and metro areas apart, each 404 on the other route', async () => {
    expect(one(await call(simulator, '/metro_areas/USCHI')).type).toBe('metro_area');
    expect((await call(simulator, '/ports/USCHI')).status).toBe(404);
    expect((await call(simulator, '/metro_areas/USLAX')).status).toBe(404);
  });

  it('serves a terminal with what it reports and, on request, its port', async () => {
    const result = await call(simulator, `/terminals/${terminalId('wut')}?include=port`);
    const terminal = one(result);
    expect(terminalAttributesSchema.parse(terminal.attributes)).toMatchObject({
      name: 'Washington United Terminals',
      firms_code: 'Y391',
      provided_data: expect.objectContaining({ fees_at_pod_terminal: false }),
    });
    expect(included(result).map((resource) => resource.id)).toEqual([placeId('USTIW')]);
    expect(one(await call(simulator, `/terminals/${terminalId('bnsfLpc')}`)).type).toBe('rail_terminal');
    expect((await call(simulator, '/terminals/unknown')).body).toEqual({
      errors: [{ status: '404', title: 'Not Found' }],
    });
  });
});

describe('shipping lines', () => {
  it('lists every line in one unpaged document with the documented attributes', async () => {
    const result = await call(simulator, '/shipping_lines');
    const lines = many(result);
    expect(lines.length).toBeGreaterThanOrEqual(15);
    expect(result.body?.meta).toBeUndefined();
    const msc = lines.find((line) => line.attributes.scac === 'MSCU');
    expect(msc?.attributes).toEqual({
      scac: 'MSCU',
      name: 'Mediterranean Shipping Company',
      short_name: 'MSC',
      alternative_scacs: ['MEDU'],
      bill_of_lading_tracking_support: true,
      booking_number_tracking_support: true,
      container_number_tracking_support: true,
    });
    const test = lines.find((line) => line.attributes.scac === 'TEST');
    expect(test?.attributes.container_number_tracking_support).toBe(false);
  });

  it('serves one line by id, or by SCAC', async () => {
    const [first] = many(await call(simulator, '/shipping_lines'));
    expect(one(await call(simulator, `/shipping_lines/${first?.id}`))).toEqual(first);
    expect(one(await call(simulator, '/shipping_lines/hlcu')).attributes.name).toBe('Hapag-Lloyd');
    expect((await call(simulator, '/shipping_lines/XXXX')).status).toBe(404);
  });
});
