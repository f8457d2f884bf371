import { describe, expect, it } from 'vitest';
import { countUpstream, routeOf } from '../../../bench/lib/world.js';

describe('routeOf', () => {
  it('groups requests by endpoint, replacing record ids but keeping named sub-resources', () => {
    expect(routeOf('/v2/shipments/7f3c1e2a-5b8d-4c6e-9a1f-2d3b4c5e6f70')).toBe('/shipments/:id');
    expect(routeOf('/containers/c-0001/custom_fields')).toBe('/containers/:id/custom_fields');
    expect(routeOf('/shipments')).toBe('/shipments');
  });
});

describe('countUpstream', () => {
  it('counts writes, statuses and routes from the simulator log', () => {
    const counts = countUpstream([
      { method: 'GET', path: '/shipments', status: 200 },
      { method: 'GET', path: '/shipments', status: 429 },
      { method: 'PATCH', path: '/containers/c-1/custom_fields', status: 200 },
    ]);
    expect(counts).toEqual({
      total: 3,
      writes: 1,
      byStatus: { 200: 2, 429: 1 },
      byRoute: { 'GET /shipments': 2, 'PATCH /containers/:id/custom_fields': 1 },
    });
  });
});
