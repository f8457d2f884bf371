import { describe, expect, it } from 'vitest';
import { renderErrorCard } from '../../../src/cards/index.js';
import { fixedClock } from '../../../src/clock.js';
import { describeWriteError } from '../../../src/features/writes/write-errors.js';
import { silentLogger } from '../../../src/logger.js';
import { TrackingApiError } from '../../../src/tracking/errors.js';
import {
  containerResource,
  listDocument,
  searchItem,
  shipmentDocument,
  shipmentResource,
  trackingRequestResource,
} from './helpers/documents.js';
import type { RecordedRequest, Reply } from './helpers/fake-transport.js';
import { createTestClient, TEST_API_KEY } from './helpers/test-client.js';

const SHIPMENT_INCLUDE =
  'containers,pod_terminal,port_of_lading,port_of_discharge,destination,destination_terminal';

function respondWith(reply: Reply) {
  return createTestClient(() => reply);
}

const only = (requests: RecordedRequest[]) => {
  expect(requests).toHaveLength(1);
  const [request] = requests;
  if (request === undefined) throw new Error('no request');
  return request;
};

describe('reading shipments', () => {
  it('asks for a shipment with everything its card shows in one request', async () => {
    const { client, time, requests } = respondWith({
      status: 200,
      body: shipmentDocument('shp-1', 'MAEU1', ['TCLU1234568']),
    });
    const detail = await time.settle(client.getShipment('shp-1'));
    const request = only(requests);
    expect(request.url.pathname).toBe('/v2/shipments/shp-1');
    expect(request.url.searchParams.get('include')).toBe(SHIPMENT_INCLUDE);
    expect(detail.podTerminal?.name).toBe('Fenix Marine Services');
  });

  it('stamps a reading with the reading clock when given one (demo time), keeping the real clock for the rest', async () => {
    const { client, time } = createTestClient(
      () => ({ status: 200, body: shipmentDocument('shp-1', 'MAEU1', []) }),
      { readingClock: fixedClock('2026-03-10T15:00:00Z') },
    );
    const detail = await time.settle(client.getShipment('shp-1'));
    expect(detail.fetchedAt).toBe('2026-03-10T15:00:00.000Z');
  });

  it('keeps ids that are not UUIDs inside one path segment', async () => {
    const { client, time, requests } = respondWith({
      status: 200,
      body: shipmentDocument('a/b?c', 'ZIM1', []),
    });
    await time.settle(client.getShipment('a/b?c'));
    expect(only(requests).url.pathname).toBe('/v2/shipments/a%2Fb%3Fc');
  });

  it('finds a bill of lading with GET /shipments?number= and returns every match as a detail', async () => {
    const body = listDocument(
      [shipmentResource('shp-1', 'MAEU1', ['c-1'])],
      [containerResource('c-1', 'TCLU1234568', {}, 'shp-1')],
    );
    const { client, time, requests } = respondWith({ status: 200, body });
    const [detail] = await time.settle(client.findShipmentsByNumber('MAEU1'));
    const request = only(requests);
    expect(request.url.pathname).toBe('/v2/shipments');
    expect(request.url.searchParams.get('number')).toBe('MAEU1');
    expect(request.url.searchParams.get('include')).toBe(SHIPMENT_INCLUDE);
    expect(detail?.containers[0]?.number).toBe('TCLU1234568');
  });

  it('lists shipments page by page with the next link and total', async () => {
    const body = listDocument([shipmentResource('shp-1', 'MAEU1', [])], [], {
      links: { next: 'https://api.test/v2/shipments?page[number]=3&page[size]=5' },
      meta: { total: 11, size: 5 },
    });
    const { client, time, requests } = respondWith({ status: 200, body });
    const page = await time.settle(client.listShipments({ number: 2, size: 5 }));
    const request = only(requests);
    expect(request.url.searchParams.get('page[number]')).toBe('2');
    expect(request.url.searchParams.get('page[size]')).toBe('5');
    expect(page).toMatchObject({
      pageNumber: 2,
      next: 'https://api.test/v2/shipments?page[number]=3&page[size]=5',
      total: 11,
    });
    expect(page.items[0]?.billOfLadingNumber).toBe('MAEU1');
  });

  it('clamps page sizes to what the API serves', async () => {
    const { client, time, requests } = respondWith({ status: 200, body: listDocument([]) });
    await time.settle(client.listTrackingRequests({ number: 0, size: 1000 }));
    expect(only(requests).url.searchParams.get('page[size]')).toBe('100');
    expect(requests[0]?.url.searchParams.get('page[number]')).toBe('1');
  });
});

describe('finding containers by number', () => {
  it('uses filter[number] with the shipment sideloaded and keeps only exact matches', async () => {
    // An API that ignores the filter sends its newest containers instead; none of them is the one asked for.
    const body = listDocument(
      [containerResource('c-1', 'TCLU1234568'), containerResource('c-2', 'MSKU9070323')],
      [shipmentResource('shp-1', 'MAEU1', ['c-1', 'c-2'])],
    );
    const { client, time, requests } = respondWith({ status: 200, body });
    const matches = await time.settle(client.findContainersByNumber('MSKU9070323'));
    const request = only(requests);
    expect(request.url.searchParams.get('filter[number]')).toBe('MSKU9070323');
    expect(request.url.searchParams.get('include')).toBe('shipment,pod_terminal');
    expect(matches.map((m) => m.container.number)).toEqual(['MSKU9070323']);
    expect(matches[0]?.shipment?.billOfLadingNumber).toBe('MAEU1');
    expect(await time.settle(client.findContainersByNumber('CSNU6543216'))).toEqual([]);
  });
});

describe('searching and vessels', () => {
  it('searches with ?query= and reads the entity from entity_type', async () => {
    const body = listDocument([searchItem('x1', 'cargo', 'TCLU1234568', { shipment_id: 'shp-1' })]);
    const { client, time, requests } = respondWith({ status: 200, body });
    const [result] = await time.settle(client.search('TCLU1234568'));
    expect(only(requests).url.searchParams.get('query')).toBe('TCLU1234568');
    expect(result).toMatchObject({ entityType: 'cargo', shipmentId: 'shp-1', number: 'TCLU1234568' });
  });

  it('asks for a vessel without positions unless they are wanted', async () => {
    const body = { data: { id: 'v1', type: 'vessel', attributes: { name: 'MAERSK EMDEN' } } };
    const { client, time, requests } = respondWith({ status: 200, body });
    const vessel = await time.settle(client.getVessel('9778791'));
    expect(only(requests).url.search).toBe('');
    expect(vessel.positions).toBeNull();
  });

  it('sends a position window starting 7 days back on the hour when positions are wanted', async () => {
    const body = { data: { id: 'v1', type: 'vessel', attributes: { name: 'X', positions: [] } } };
    const { client, time, requests } = respondWith({ status: 200, body });
    await time.settle(client.getVessel('v1', { withPositions: true }));
    await time.settle(client.getVessel('v1', { from: '2026-02-01T00:00:00Z', to: '2026-02-02T00:00:00Z' }));
    expect(requests[0]?.url.searchParams.get('show_positions[from_timestamp]')).toBe(
      '2026-02-22T12:00:00.000Z',
    );
    expect(requests[0]?.url.searchParams.has('show_positions[to_timestamp]')).toBe(false);
    expect(requests[1]?.url.searchParams.get('show_positions[from_timestamp]')).toBe('2026-02-01T00:00:00Z');
    expect(requests[1]?.url.searchParams.get('show_positions[to_timestamp]')).toBe('2026-02-02T00:00:00Z');
  });

  it('reports a vessel 403 about routing data as feature_not_enabled', async () => {
    const body = {
      errors: [
        {
          status: '403',
          source: null,
          title: 'Forbidden',
          detail: 'Routing data feature is not enabled for this account',
        },
      ],
    };
    const { client, time } = respondWith({ status: 403, body });
    await expect(time.settle(client.getVessel('v1', { withPositions: true }))).rejects.toMatchObject({
      code: 'feature_not_enabled',
      status: 403,
    });
  });
});

describe('writes', () => {
  it('sets a container custom field with the JSON:API envelope', async () => {
    const body = {
      data: {
        id: 'cf-1',
        type: 'custom_field',
        attributes: { api_slug: 'po_number', value: 'PO-9', display_value: 'PO-9' },
      },
    };
    const { client, time, requests } = respondWith({ status: 200, body });
    const field = await time.settle(client.setContainerCustomField('c-1', 'po_number', 'PO-9'));
    const request = only(requests);
    expect(`${request.method} ${request.url.pathname}`).toBe(
      'PATCH /v2/containers/c-1/custom_fields/po_number',
    );
    expect(request.body).toEqual({ data: { type: 'custom_field', attributes: { value: 'PO-9' } } });
    expect(field).toMatchObject({ apiSlug: 'po_number', value: 'PO-9', displayValue: 'PO-9' });
  });

  it('rotates a document with {degrees} and accepts the 202', async () => {
    const { client, time, requests } = respondWith({ status: 202, body: { status: 'accepted' } });
    await time.settle(client.rotateDocument('doc-1', 270));
    const request = only(requests);
    expect(`${request.method} ${request.url.pathname}`).toBe('POST /v2/documents/doc-1/rotate');
    expect(request.body).toEqual({ degrees: 270 });
  });

  it('resumes tracking a shipment with PATCH /shipments/{id}/resume_tracking, once, and reads it afresh after', async () => {
    let reads = 0;
    const { client, time, requests } = createTestClient((request) => {
      if (request.method === 'GET') {
        reads += 1;
        return { status: 200, body: shipmentDocument('shp-1', 'MAEU1', []) };
      }
      return { status: 503, body: { errors: [{ status: '503', title: 'Service Unavailable' }] } };
    });
    await time.settle(client.getShipment('shp-1'));
    await expect(time.settle(client.resumeTracking('shp-1'))).rejects.toBeInstanceOf(TrackingApiError);
    const patches = requests.filter((request) => request.method === 'PATCH');
    expect(patches.map((request) => request.url.pathname)).toEqual(['/v2/shipments/shp-1/resume_tracking']);
    expect(patches[0]?.body).toEqual({ data: { type: 'shipment', id: 'shp-1' } });
    await time.settle(client.getShipment('shp-1'));
    expect(reads).toBe(2);
  });

  it('edits a tracking request sending only what changed', async () => {
    const body = { data: trackingRequestResource('tr-1', { ref_numbers: ['PO-1'] }) };
    const { client, time, requests } = respondWith({ status: 200, body });
    const updated = await time.settle(client.updateTrackingRequest('tr-1', { refNumber: 'PO-1' }));
    await time.settle(client.updateTrackingRequest('tr-1', { tags: ['urgent'] }));
    expect(requests[0]?.body).toEqual({
      data: { id: 'tr-1', type: 'tracking_request', attributes: { ref_number: 'PO-1' } },
    });
    expect(requests[1]?.body).toEqual({
      data: { id: 'tr-1', type: 'tracking_request', attributes: { tags: ['urgent'] } },
    });
    expect(updated.refNumbers).toEqual(['PO-1']);
  });

  it('refuses an empty tracking-request edit without sending anything', async () => {
    const { client, time, requests } = respondWith({ status: 200, body: {} });
    await expect(time.settle(client.updateTrackingRequest('tr-1', {}))).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(requests).toHaveLength(0);
  });

  it('reads the download URL from plain JSON', async () => {
    const { client, time } = respondWith({
      status: 200,
      body: { download_url: 'https://files.test/d?sig=x' },
    });
    expect(await time.settle(client.getDocumentDownloadUrl('doc-1'))).toBe('https://files.test/d?sig=x');
  });
});

describe('custom field definitions', () => {
  it('treats the live Cargo entity type as a container definition', async () => {
    const definition = (id: string, entity: string) => ({
      id,
      type: 'custom_field_definition',
      attributes: { api_slug: id, display_name: id, entity_type: entity, data_type: 'short_text' },
    });
    const body = listDocument([
      definition('a', 'Cargo'),
      definition('b', 'Container'),
      definition('c', 'Shipment'),
    ]);
    const { client, time, requests } = respondWith({ status: 200, body });
    const forContainers = await time.settle(client.listCustomFieldDefinitions({ entityType: 'Container' }));
    expect(forContainers.map((d) => d.apiSlug)).toEqual(['a', 'b']);
    expect(only(requests).url.search).toBe('');
  });
});

describe('responses that cannot be used', () => {
  it('reports a body that is not JSON as bad_response', async () => {
    const { client, time } = respondWith({ status: 200, body: '<html>maintenance</html>' });
    await expect(time.settle(client.getShipment('shp-1'))).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('reports a shipment without its bill of lading as bad_response naming the field', async () => {
    const { client, time } = respondWith({
      status: 200,
      body: { data: { id: 's', type: 'shipment', attributes: {} } },
    });
    await expect(time.settle(client.getShipment('s'))).rejects.toMatchObject({
      code: 'bad_response',
      message: expect.stringContaining('attributes.bill_of_lading_number'),
    });
  });

  it('warns the operator about a response it could not use, naming the path but no secret', async () => {
    const lines: string[] = [];
    const logger = {
      ...silentLogger,
      warn: (message: string, fields?: Record<string, unknown>) =>
        lines.push(`${message} ${JSON.stringify(fields)}`),
    };
    const { client, time } = createTestClient(
      () => ({ status: 200, body: { data: { id: 's', type: 'shipment' } } }),
      { logger },
    );
    await expect(time.settle(client.getShipment('s'))).rejects.toMatchObject({ code: 'bad_response' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('/shipments/s');
    expect(lines[0]).not.toContain(TEST_API_KEY);
  });

  it('never puts the API key into an error, whatever the failure', async () => {
    const replies: Reply[] = [
      {
        status: 401,
        body: { errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid or missing API token.' }] },
      },
      { status: 500, body: '' },
      {
        error: Object.assign(new Error(`connect ECONNREFUSED (Token ${TEST_API_KEY})`), {
          code: 'ECONNREFUSED',
        }),
      },
      { status: 200, body: '{' },
    ];
    for (const reply of replies) {
      const { client, time } = createTestClient(() => reply, { maxRetries: 0 });
      const error = await time.settle(client.getShipment('s')).then(
        () => null,
        (e: unknown) => e,
      );
      if (!(error instanceof Error)) throw new Error('expected an error');
      const serialised = JSON.stringify(error, Object.getOwnPropertyNames(error)) + String(error.cause);
      expect(serialised).not.toContain(TEST_API_KEY);
    }
  });
});

describe('an API that echoes the key back in an error', () => {
  it('never lets the key into the error, its details, or the card that explains it', async () => {
    const echoed = {
      errors: [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: `Token ${TEST_API_KEY} may not change this field`,
        },
      ],
    };
    const { client, time } = respondWith({ status: 422, body: echoed });
    const error = await time.settle(
      client.setContainerCustomField('c-1', 'po_number', 'X').catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(TrackingApiError);
    const text = JSON.stringify({
      message: (error as Error).message,
      details: (error as TrackingApiError).apiErrors,
    });
    expect(text).not.toContain(TEST_API_KEY);
    expect(text).toContain('[redacted]');
    const card = renderErrorCard(error, { now: new Date('2026-03-01T12:00:00Z') });
    expect(JSON.stringify(card)).not.toContain(TEST_API_KEY);
    expect(describeWriteError(error, 'TCLU1234568')).not.toContain(TEST_API_KEY);
  });
});

describe("an API that echoes one of Shipwatch's other secrets in an error", () => {
  it('scrubs the Slack bot token, the signing secret and the webhook secret as it scrubs the key', async () => {
    const botToken = 'xoxb-1234-5678-never-shown';
    const signingSecret = 'signing-secret-9f8e7d-never-shown';
    const webhookSecret = 'webhook-secret-5a4b3c-never-shown';
    const echoed = {
      errors: [
        {
          status: '422',
          title: 'Unprocessable Entity',
          detail: `value ${botToken} / ${signingSecret} / ${webhookSecret} / ${TEST_API_KEY} is not allowed`,
        },
      ],
    };
    const { client, time } = createTestClient(() => ({ status: 422, body: echoed }), {
      secrets: [signingSecret, webhookSecret],
    });
    const error = await time.settle(
      client.setContainerCustomField('c-1', 'po_number', 'X').catch((e: unknown) => e),
    );
    const text = JSON.stringify({
      message: (error as Error).message,
      details: (error as TrackingApiError).apiErrors,
      card: renderErrorCard(error, { now: new Date('2026-03-01T12:00:00Z') }),
      write: describeWriteError(error, 'TCLU1234568'),
    });
    for (const secret of [botToken, signingSecret, webhookSecret, TEST_API_KEY])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
