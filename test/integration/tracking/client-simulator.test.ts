/**
 * The tracking client against the embedded simulator: every endpoint it calls and every error code it can produce,
 * in-process through `fromFetchHandler(sim.handle)` (client time is fake, so retries and timeouts run instantly),
 * plus one loopback run through the real undici transport against `sim.listen()`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../src/clock.js';
import { silentLogger } from '../../../src/logger.js';
import { createSimulator, DEMO, type RunningSimulator } from '../../../src/simulator/index.js';
import {
  createTrackingClient,
  fromFetchHandler,
  resolveShipment,
  type TrackingClientOptions,
} from '../../../src/tracking/index.js';
import { createFakeTime } from '../../unit/tracking/helpers/fake-time.js';

const NOW = '2026-03-01T12:00:00Z';
const sim = createSimulator({ clock: fixedClock(NOW), random: () => 0.5 });

function makeClient(options: Partial<TrackingClientOptions> = {}) {
  const time = createFakeTime(NOW);
  const client = createTrackingClient({
    baseUrl: 'http://sim/v2',
    apiKey: DEMO.apiKeys.full,
    transport: fromFetchHandler(sim.handle),
    clock: time.clock,
    sleep: time.sleep,
    random: () => 0.5,
    logger: silentLogger,
    ...options,
  });
  return { client, time, run: <T>(promise: Promise<T>) => time.settle(promise) };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'resolved',
    (error: unknown) =>
      error instanceof Error && 'code' in error ? String(error.code) : `unexpected ${String(error)}`,
  );
}

const paths = () => sim.requests.map((r) => `${r.method} ${r.path}`);

beforeEach(() => {
  sim.faults.clear();
  sim.resetRequests();
});

describe('reading every endpoint from the simulator', () => {
  it('reads a shipment with its containers, ports and terminal in one request', async () => {
    const { client, run } = makeClient();
    const detail = await run(client.getShipment(DEMO.shipments.slippedEta.id));
    expect(detail.shipment.billOfLadingNumber).toBe(DEMO.shipments.slippedEta.bl);
    expect(detail.containers.map((c) => c.number)).toEqual(
      expect.arrayContaining([DEMO.containers.ready, DEMO.containers.onHold]),
    );
    expect(detail.podTerminal).not.toBeNull();
    expect(detail.portOfDischarge?.timeZone).toBe('America/Los_Angeles');
    expect(detail.fetchedAt).toBe(NOW.replace('Z', '.000Z'));
    expect(paths()).toEqual([`GET /shipments/${DEMO.shipments.slippedEta.id}`]);
  });

  it('reads a shipment whose id is not a UUID', async () => {
    const { client, run } = makeClient();
    const detail = await run(client.getShipment(DEMO.shipments.nonUuid.id));
    expect(detail.shipment.billOfLadingNumber).toBe(DEMO.shipments.nonUuid.bl);
  });

  it('finds shipments by bill of lading and by booking number', async () => {
    const { client, run } = makeClient();
    const [byBl] = await run(client.findShipmentsByNumber(DEMO.shipments.arrived.bl));
    expect(byBl?.shipment.id).toBe(DEMO.shipments.arrived.id);
    const [byBooking] = await run(client.findShipmentsByNumber(DEMO.shipments.manyContainers.booking));
    expect(byBooking?.shipment.id).toBe(DEMO.shipments.manyContainers.id);
    expect(byBooking?.containers).toHaveLength(60);
    expect(await run(client.findShipmentsByNumber('MAEU000000000'))).toEqual([]);
  });

  it('finds a container by number with its shipment, and reads it by id', async () => {
    const { client, run } = makeClient();
    const [match] = await run(client.findContainersByNumber(DEMO.containers.onHold));
    expect(match?.container.number).toBe(DEMO.containers.onHold);
    expect(match?.shipment?.id).toBe(DEMO.shipments.slippedEta.id);
    expect(match?.container.holds.some((h) => h.name === 'customs' && h.status === 'hold')).toBe(true);
    const byId = await run(client.getContainer(match?.container.id ?? ''));
    expect(byId.container.number).toBe(DEMO.containers.onHold);
  });

  it('puts the rail LFD of an inland move in the inland zone', async () => {
    const { client, run } = makeClient();
    const [match] = await run(client.findContainersByNumber(DEMO.containers.onRail));
    expect(match?.container.finalDestinationTimeZone).toBe('America/Chicago');
    expect(match?.container.pickupLfd).toMatchObject({ source: 'rail', timeZone: 'America/Chicago' });
  });

  it('searches containers, shipments and tracking requests', async () => {
    const { client, run } = makeClient();
    const results = await run(client.search(DEMO.containers.ready));
    expect(results.find((r) => r.entityType === 'cargo')?.shipmentId).toBe(DEMO.shipments.slippedEta.id);
  });

  it('reads a vessel by id with a week of positions, and by IMO without them', async () => {
    const { client, run } = makeClient();
    const withPositions = await run(client.getVessel(DEMO.vessels.withPositions.id, { withPositions: true }));
    expect(withPositions.name).toBe(DEMO.vessels.withPositions.name);
    expect(withPositions.positions?.length).toBeGreaterThan(0);
    const byImo = await run(client.getVessel(DEMO.vessels.moored.imo));
    expect(byImo.id).toBe(DEMO.vessels.moored.id);
    expect(byImo.positions).toBeNull();
  });

  it('reads tracking requests in each state', async () => {
    const { client, run } = makeClient();
    const created = await run(client.getTrackingRequest(DEMO.trackingRequests.created));
    expect(created.trackingRequest.status).toBe('created');
    expect(created.trackingRequest.shipmentId).toBe(DEMO.shipments.slippedEta.id);
    const pending = await run(client.getTrackingRequest(DEMO.trackingRequests.pending));
    expect(pending.trackingRequest).toMatchObject({ status: 'pending', shipmentId: null });
    expect(pending.shipment).toBeNull();
    const failed = await run(client.getTrackingRequest(DEMO.trackingRequests.failed));
    expect(failed.trackingRequest).toMatchObject({ status: 'failed', failedReason: 'not_found' });
    const retrying = await run(client.getTrackingRequest(DEMO.trackingRequests.retrying));
    expect(retrying.trackingRequest).toMatchObject({
      isRetrying: true,
      failedReason: 'shipping_line_unreachable',
    });
  });

  it('edits a tracking request and reads the change back', async () => {
    const { client, run } = makeClient();
    await run(client.getTrackingRequest(DEMO.trackingRequests.pending));
    const updated = await run(
      client.updateTrackingRequest(DEMO.trackingRequests.pending, { refNumber: 'PO-4711' }),
    );
    expect(updated.refNumbers).toEqual(['PO-4711']);
    const reread = await run(client.getTrackingRequest(DEMO.trackingRequests.pending));
    expect(reread.trackingRequest.refNumbers).toEqual(['PO-4711']);
    expect(paths().filter((p) => p.startsWith('GET'))).toHaveLength(2);
  });

  it('reads an email submission with its documents, their download URLs, and rotates an image', async () => {
    const { client, run } = makeClient();
    const detail = await run(client.getEmailSubmission(DEMO.emailSubmissions.withImages));
    const types = detail.documents.map((d) => d.fileContentType);
    expect(types).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'application/pdf']));
    const url = await run(client.getDocumentDownloadUrl(DEMO.documents.png));
    expect(url).toMatch(/^http/);
    await run(client.rotateDocument(DEMO.documents.png, 90));
    expect(sim.requests.at(-1)).toMatchObject({ method: 'POST', status: 202 });
    await run(client.getDocumentDownloadUrl(DEMO.documents.png));
    expect(paths().filter((p) => p.endsWith('/download_url'))).toHaveLength(2);
  });

  it('sets a container custom field and lists it back', async () => {
    const { client, run } = makeClient();
    const [match] = await run(client.findContainersByNumber(DEMO.containers.ready));
    const containerId = match?.container.id ?? '';
    const field = await run(client.setContainerCustomField(containerId, 'po_number', 'PO-77'));
    expect(field).toMatchObject({ apiSlug: 'po_number', value: 'PO-77' });
    const fields = await run(client.listContainerCustomFields(containerId));
    expect(fields.find((f) => f.apiSlug === 'po_number')?.value).toBe('PO-77');
  });

  it('lists the container custom field definitions', async () => {
    const { client, run } = makeClient();
    const definitions = await run(client.listCustomFieldDefinitions({ entityType: 'Container' }));
    expect(definitions.map((d) => d.apiSlug)).toEqual(expect.arrayContaining([...DEMO.customFieldSlugs]));
  });

  it('pages through every list endpoint', async () => {
    const { client, run } = makeClient();
    const shipments = await run(client.listShipments({ number: 1, size: 2 }));
    expect(shipments.items).toHaveLength(2);
    expect(shipments.next).not.toBeNull();
    expect(shipments.total).toBeGreaterThan(2);
    const containers = await run(client.listContainers({ size: 3 }));
    expect(containers.items).toHaveLength(3);
    const requests = await run(client.listTrackingRequests());
    expect(requests.items.length).toBeGreaterThanOrEqual(5);
    const submissions = await run(client.listEmailSubmissions());
    expect(submissions.items.map((s) => s.id)).toEqual(
      expect.arrayContaining([DEMO.emailSubmissions.withImages, DEMO.emailSubmissions.pdfOnly]),
    );
  });
});

describe('resolving what people type, counting upstream requests', () => {
  it('resolves a bill of lading in one request', async () => {
    const { client, run } = makeClient();
    const resolution = await run(resolveShipment(client, DEMO.shipments.slippedEta.bl.toLowerCase()));
    expect(resolution).toMatchObject({ kind: 'shipment', matchedBy: 'number' });
    expect(sim.requests).toHaveLength(1);
  });

  it('resolves a booking number in one request', async () => {
    const { client, run } = makeClient();
    const resolution = await run(resolveShipment(client, DEMO.shipments.manyContainers.booking));
    expect(resolution).toMatchObject({
      kind: 'shipment',
      detail: { shipment: { id: DEMO.shipments.manyContainers.id } },
    });
    expect(sim.requests).toHaveLength(1);
  });

  it('resolves a container number in two requests', async () => {
    const { client, run } = makeClient();
    const resolution = await run(resolveShipment(client, DEMO.containers.lfdToday));
    expect(resolution).toMatchObject({ kind: 'shipment', container: DEMO.containers.lfdToday });
    expect(resolution.kind === 'shipment' && resolution.detail.shipment.id).toBe(DEMO.shipments.arrived.id);
    expect(sim.requests).toHaveLength(2);
  });

  it('resolves shipment ids, UUID or not, in at most two requests', async () => {
    const { client, run } = makeClient();
    expect(await run(resolveShipment(client, DEMO.shipments.onWater.id))).toMatchObject({ matchedBy: 'id' });
    expect(sim.requests).toHaveLength(1);
    sim.resetRequests();
    expect(await run(resolveShipment(client, DEMO.shipments.nonUuid.id))).toMatchObject({ matchedBy: 'id' });
    expect(sim.requests.length).toBeLessThanOrEqual(2);
  });

  it('says not found for a number nothing has', async () => {
    const { client, run } = makeClient();
    expect(await run(resolveShipment(client, 'ZZZZ0000000'))).toMatchObject({
      kind: 'not_found',
      looksLike: 'container',
    });
  });
});

describe('every error code, as the simulator produces it', () => {
  it('unauthorized: an unknown API key', async () => {
    const { client, run } = makeClient({ apiKey: 'not-a-demo-key' });
    expect(await codeOf(run(client.getShipment(DEMO.shipments.arrived.id)))).toBe('unauthorized');
  });

  it('forbidden: a write with the read-only key', async () => {
    const { client, run } = makeClient({ apiKey: DEMO.apiKeys.readonly });
    expect(await codeOf(run(client.rotateDocument(DEMO.documents.png, 90)))).toBe('forbidden');
  });

  it('feature_not_enabled: vessel positions without routing data', async () => {
    const { client, run } = makeClient({ apiKey: DEMO.apiKeys.noRouting });
    const vessel = DEMO.vessels.withPositions.id;
    expect(await codeOf(run(client.getVessel(vessel, { withPositions: true })))).toBe('feature_not_enabled');
    expect((await run(client.getVessel(vessel))).name).toBe(DEMO.vessels.withPositions.name);
  });

  it('not_found: an unknown shipment', async () => {
    const { client, run } = makeClient();
    expect(await codeOf(run(client.getShipment('no-such-shipment')))).toBe('not_found');
  });

  // Rails' HTML 404 means "no such route": nothing was proven absent, so it must not read as "check the number".
  it('bad_response, not not_found: an HTML 404 page', async () => {
    const { client, run } = makeClient();
    sim.faults.add({ kind: 'html_404', match: { path: `/shipments/${DEMO.shipments.arrived.id}` } });
    expect(await codeOf(run(client.getShipment(DEMO.shipments.arrived.id)))).toBe('bad_response');
  });

  it('invalid_request: a value the custom field rejects, a rotation of a PDF, an empty search', async () => {
    const { client, run } = makeClient();
    const [match] = await run(client.findContainersByNumber(DEMO.containers.ready));
    const error = await run(
      client.setContainerCustomField(match?.container.id ?? '', 'delivery_priority', 'not-an-option'),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_request', status: 422 });
    expect(await codeOf(run(client.rotateDocument(DEMO.documents.pdf, 90)))).toBe('invalid_request');
    expect(await codeOf(run(client.search('')))).toBe('invalid_request');
  });

  it('rate_limited: the API quota, and the client quota that stops before it', async () => {
    const limited = createSimulator({ clock: fixedClock(NOW), rateLimitPerMinute: 2 });
    const { client, run } = makeClient({
      transport: fromFetchHandler(limited.handle),
      rateLimitPerMinute: 0,
      cacheTtlMs: 0,
    });
    await run(client.getShipment(DEMO.shipments.arrived.id));
    await run(client.getShipment(DEMO.shipments.arrived.id));
    const error = await run(client.getShipment(DEMO.shipments.arrived.id)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
    expect(limited.requests).toHaveLength(3);

    const guarded = createSimulator({ clock: fixedClock(NOW) });
    const quota = makeClient({
      transport: fromFetchHandler(guarded.handle),
      rateLimitPerMinute: 2,
      cacheTtlMs: 0,
    });
    await quota.run(quota.client.getShipment(DEMO.shipments.arrived.id));
    await quota.run(quota.client.getShipment(DEMO.shipments.arrived.id));
    expect(await codeOf(quota.run(quota.client.getShipment(DEMO.shipments.arrived.id)))).toBe('rate_limited');
    expect(guarded.requests).toHaveLength(2);
  });

  it('a 429 with a short Retry-After is waited out', async () => {
    const { client, run, time } = makeClient();
    sim.faults.add({ kind: 'status', status: 429, retryAfterSeconds: 1, match: { method: 'GET' } });
    await run(client.getShipment(DEMO.shipments.arrived.id));
    expect(sim.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(time.elapsed()).toBe(1_000);
  });

  it('upstream: 503 until the retries run out; a single 503 is retried away', async () => {
    const { client, run } = makeClient();
    sim.faults.add({ kind: 'status', status: 503, times: 3 });
    expect(await codeOf(run(client.getShipment(DEMO.shipments.arrived.id)))).toBe('upstream');
    expect(sim.requests).toHaveLength(3);
    sim.resetRequests();
    sim.faults.add({ kind: 'status', status: 503, times: 1 });
    await run(client.getShipment(DEMO.shipments.onWater.id));
    expect(sim.requests.map((r) => r.status)).toEqual([503, 200]);
  });

  it('a write that gets a 503 is not repeated', async () => {
    const { client, run } = makeClient();
    sim.faults.add({ kind: 'status', status: 503, match: { method: 'POST' } });
    expect(await codeOf(run(client.rotateDocument(DEMO.documents.png, 180)))).toBe('upstream');
    expect(sim.requests).toHaveLength(1);
  });

  it('timeout: a request that hangs', async () => {
    const { client, run, time } = makeClient();
    sim.faults.add({ kind: 'hang', times: 10 });
    expect(await codeOf(run(client.getShipment(DEMO.shipments.arrived.id)))).toBe('timeout');
    expect(time.elapsed()).toBeLessThanOrEqual(10_000);
  });

  it('network: a connection reset on every attempt', async () => {
    const { client, run } = makeClient();
    sim.faults.add({ kind: 'reset', times: 3 });
    expect(await codeOf(run(client.getShipment(DEMO.shipments.arrived.id)))).toBe('network');
    expect(sim.requests).toHaveLength(3);
  });

  it('bad_response: truncated JSON, and a required field gone missing', async () => {
    const { client, run } = makeClient();
    sim.faults.add({ kind: 'malformed_json' });
    expect(await codeOf(run(client.getShipment(DEMO.shipments.arrived.id)))).toBe('bad_response');
    sim.faults.add({ kind: 'missing_fields' });
    expect(await codeOf(run(client.getTrackingRequest(DEMO.trackingRequests.created)))).toBe('bad_response');
  });
});

describe('over a real loopback socket with the undici transport', () => {
  let running: RunningSimulator;
  let client: ReturnType<typeof createTrackingClient>;

  beforeAll(async () => {
    running = await sim.listen({ host: '127.0.0.1', port: 0 });
    client = createTrackingClient({ baseUrl: running.url, apiKey: DEMO.apiKeys.full, logger: silentLogger });
  });

  afterAll(async () => {
    await client.close();
    await running.close();
  });

  it('reads a shipment, resolves a container and maps a 404', async () => {
    const detail = await client.getShipment(DEMO.shipments.appointment.id);
    expect(detail.containers.map((c) => c.number)).toContain(DEMO.containers.lfdNextWeek);
    const resolution = await resolveShipment(client, DEMO.containers.unknown);
    expect(resolution).toMatchObject({ kind: 'shipment', container: DEMO.containers.unknown });
    expect(await codeOf(client.getShipment('missing-shipment'))).toBe('not_found');
  });

  it('recovers from a connection reset by retrying the read', async () => {
    sim.faults.add({ kind: 'reset', match: { path: `/shipments/${DEMO.shipments.railMove.id}` } });
    const detail = await client.getShipment(DEMO.shipments.railMove.id, { fresh: true });
    expect(detail.shipment.id).toBe(DEMO.shipments.railMove.id);
  });
});
