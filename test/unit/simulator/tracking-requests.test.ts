import { describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/index.js';
import { call, demoSimulator, errorsOf, FIXED_NOW, included, many, one, related } from './support.js';

const ids = DEMO.trackingRequests;

function patch(attributes: Record<string, unknown>) {
  return { method: 'PATCH', body: { data: { type: 'tracking_request', attributes } } };
}

describe('GET /tracking_requests/{id}', () => {
  const simulator = demoSimulator();

  it('sideloads the tracked shipment by default and uses the live shipment_tags name', async () => {
    const result = await call(simulator, `/tracking_requests/${ids.created}`);
    const request = one(result);
    expect(request.attributes).toMatchObject({
      request_number: DEMO.shipments.slippedEta.bl,
      status: 'created',
      shipment_tags: ['priority'],
    });
    expect(request.attributes).not.toHaveProperty('tags');
    expect(related(request, 'tracked_object')).toEqual({
      id: DEMO.shipments.slippedEta.id,
      type: 'shipment',
    });
    expect(included(result).map((r) => [r.type, r.id])).toEqual([['shipment', DEMO.shipments.slippedEta.id]]);
    expect(request.links.self).toBe(`/v2/tracking_requests/${ids.created}`);
  });

  it.each([
    ['pending', ids.pending, { status: 'pending', failed_reason: null, is_retrying: false }],
    ['awaiting manifest', ids.awaitingManifest, { status: 'awaiting_manifest' }],
    ['failed', ids.failed, { status: 'failed', failed_reason: 'not_found' }],
    [
      'retrying',
      ids.retrying,
      { status: 'pending', failed_reason: 'shipping_line_unreachable', is_retrying: true, retry_count: 3 },
    ],
  ])('shows a %s request with no tracked object yet', async (_, id, attributes) => {
    const result = await call(simulator, `/tracking_requests/${id}`);
    expect(one(result).attributes).toMatchObject(attributes);
    expect(related(one(result), 'tracked_object')).toBeNull();
    expect(included(result)).toEqual([]);
  });

  it('answers an unknown id with the real 404 body', async () => {
    const result = await call(simulator, '/tracking_requests/nope');
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ errors: [{ status: '404', title: 'Not Found' }] });
  });
});

describe('GET /tracking_requests', () => {
  const simulator = demoSimulator();

  it('filters by status', async () => {
    const failed = many(await call(simulator, '/tracking_requests?filter[status]=failed'));
    expect(failed.map((r) => r.attributes.failed_reason).sort()).toEqual(['booking_cancelled', 'not_found']);
  });

  it('filters by request number, case-insensitively', async () => {
    const result = await call(
      simulator,
      `/tracking_requests?filter[request_number]=${DEMO.shipments.slippedEta.bl.toLowerCase()}`,
    );
    expect(many(result).map((r) => r.id)).toEqual([ids.created]);
    expect(included(result).map((r) => r.type)).toEqual(['shipment']);
  });

  it('carries the meta shape of the live list', async () => {
    const result = await call(simulator, '/tracking_requests?page[size]=3');
    expect(result.body?.meta).toEqual({
      size: 3,
      total: 8,
      pagination: { current: 1, next: 2, last: 3, records: 8 },
    });
  });
});

describe('PATCH /tracking_requests/{id}', () => {
  it('replaces ref_numbers with the single ref_number and stamps updated_at', async () => {
    const simulator = demoSimulator();
    const result = await call(
      simulator,
      `/tracking_requests/${ids.pending}`,
      patch({ ref_number: 'PO-777' }),
    );
    expect(result.status).toBe(200);
    expect(one(result).attributes).toMatchObject({ ref_numbers: ['PO-777'], updated_at: FIXED_NOW });
    const reread = one(await call(simulator, `/tracking_requests/${ids.pending}`));
    expect(reread.attributes.ref_numbers).toEqual(['PO-777']);
  });

  it.each([[''], [null]])('clears ref_numbers when ref_number is %j', async (value) => {
    const simulator = demoSimulator();
    const result = await call(simulator, `/tracking_requests/${ids.pending}`, patch({ ref_number: value }));
    expect(one(result).attributes.ref_numbers).toEqual([]);
  });

  it('accepts a ref_numbers array and tags under either name, ignoring unknown attributes', async () => {
    const simulator = demoSimulator();
    const result = await call(
      simulator,
      `/tracking_requests/${ids.pending}`,
      patch({ ref_numbers: ['A-1', 'B-2'], tags: ['urgent', 'urgent', 'reefer'], colour: 'blue' }),
    );
    expect(one(result).attributes).toMatchObject({
      ref_numbers: ['A-1', 'B-2'],
      shipment_tags: ['urgent', 'reefer'],
    });
    expect(one(result).attributes).not.toHaveProperty('colour');
    const again = await call(simulator, `/tracking_requests/${ids.pending}`, patch({ shipment_tags: [] }));
    expect(one(again).attributes.shipment_tags).toEqual([]);
  });

  it.each([
    ['longer than 50 characters', 'X'.repeat(51), 'Ref number is too long (maximum is 50 characters)'],
    [
      'containing a control character',
      'PO-1\nPO-2',
      'Ref number may only contain printable ASCII characters',
    ],
    ['outside printable ASCII', 'PO-№5', 'Ref number may only contain printable ASCII characters'],
  ])('rejects a ref number %s with a 422 pointing at ref_number', async (_, value, detail) => {
    const simulator = demoSimulator();
    const result = await call(simulator, `/tracking_requests/${ids.pending}`, patch({ ref_number: value }));
    expect(result.status).toBe(422);
    expect(errorsOf(result)).toEqual([
      {
        status: '422',
        source: { pointer: '/data/attributes/ref_number' },
        title: 'Unprocessable Entity',
        detail,
        code: 'invalid',
      },
    ]);
    expect(one(await call(simulator, `/tracking_requests/${ids.pending}`)).attributes.ref_numbers).toEqual([
      'PO-90017',
    ]);
  });

  it('rejects tags that are not an array of strings with a pointer at the attribute sent', async () => {
    const result = await call(
      demoSimulator(),
      `/tracking_requests/${ids.pending}`,
      patch({ shipment_tags: 'urgent' }),
    );
    expect(errorsOf(result)[0]?.source).toEqual({ pointer: '/data/attributes/shipment_tags' });
  });

  it('answers a body without data with a 400 and malformed JSON with a 400', async () => {
    const simulator = demoSimulator();
    const path = `/tracking_requests/${ids.pending}`;
    expect((await call(simulator, path, { method: 'PATCH', body: [] })).status).toBe(400);
    expect((await call(simulator, path, { method: 'PATCH', body: '{"data":' })).status).toBe(400);
  });

  it('refuses the read-only key', async () => {
    const result = await call(demoSimulator(), `/tracking_requests/${ids.pending}`, {
      ...patch({ ref_number: 'X' }),
      key: DEMO.apiKeys.readonly,
    });
    expect(result.status).toBe(403);
  });

  it('answers an unknown id with 404', async () => {
    expect((await call(demoSimulator(), '/tracking_requests/nope', patch({ ref_number: 'X' }))).status).toBe(
      404,
    );
  });
});
