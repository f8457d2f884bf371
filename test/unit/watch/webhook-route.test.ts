/**
 * `POST /webhooks/terminal49`: the signature is checked on the raw bytes before anything is parsed or stored, a
 * notification is stored once by its id and answered only after it is durable, and an unknown shipment still gets
 * 200. Served on 127.0.0.1 with an embedded store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedHarness } from '../store/helpers/stores.js';
import { cosco, notificationJson, type RouteServer, serveRoute } from './helpers/shipments.js';
import { type Replica, type WatchWorld, WEBHOOK_SECRET, watchWorld } from './helpers/watch-world.js';

describe('the Terminal49 webhook route', () => {
  let world: WatchWorld;
  let replica: Replica;
  let server: RouteServer;

  beforeEach(async () => {
    world = watchWorld(embeddedHarness());
    world.tracking.set(cosco());
    replica = await world.replica();
    const card = await world.chat.postMessage({ channel: 'C1', text: 'card' });
    await replica.service.watch({
      teamId: 'T1',
      channelId: 'C1',
      userId: 'U1',
      detail: await world.tracking.getShipment('shp-cosco-1'),
      cardTs: card.ts ?? '',
      threadTs: null,
    });
    server = await serveRoute(replica.service.webhookRoute!, WEBHOOK_SECRET);
  });
  afterEach(async () => {
    await server.close();
    await world.dispose();
  });

  const refreshJobs = () =>
    replica.store.jobs.claim({
      kinds: ['watch.refresh'],
      owner: 'probe',
      leaseMs: 1,
      now: Date.parse('2030-01-01T00:00:00Z'),
      limit: 100,
    });

  it('answers 401 and stores nothing when the signature is missing', async () => {
    expect(await server.post(notificationJson({}), { secret: null })).toBe(401);
    expect(await replica.store.watching.inbox.count()).toBe(0);
    expect(await refreshJobs()).toEqual([]);
  });

  it('answers 401 and stores nothing when the signature is wrong, or made with another secret', async () => {
    expect(await server.post(notificationJson({}), { signature: 'ab'.repeat(32) })).toBe(401);
    expect(await server.post(notificationJson({}), { signature: 'not-hex' })).toBe(401);
    expect(await server.post(notificationJson({}), { secret: 'another-secret' })).toBe(401);
    expect(await replica.store.watching.inbox.count()).toBe(0);
  });

  it('answers 401 for a body changed after it was signed', async () => {
    const body = notificationJson({});
    const { signWebhookBody } = await import('../../../src/watch/index.js');
    const signature = signWebhookBody(body, WEBHOOK_SECRET);
    expect(
      await server.post(body.replace('container.updated', 'container.transport.full_out'), { signature }),
    ).toBe(401);
    expect(await replica.store.watching.inbox.count()).toBe(0);
  });

  it('stores a signed notification once by its id, queues one re-fetch, and answers 200 to a re-delivery too', async () => {
    const body = notificationJson({ id: 'ntf-fixed-1' });
    expect(await server.post(body)).toBe(200);
    expect(await server.post(body)).toBe(200);
    expect(await replica.store.watching.inbox.count()).toBe(1);
    expect(await refreshJobs()).toHaveLength(1);
    expect(replica.service.stats().webhook).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  it('coalesces notifications about one shipment into one pending re-fetch', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(await server.post(notificationJson({ containerId: `box-${i}` }))).toBe(200);
    expect(await replica.store.watching.inbox.count()).toBe(5);
    expect(await refreshJobs()).toHaveLength(1);
  });

  it('finds the shipment of a minimal payload from the event’s relationships', async () => {
    expect(
      await server.post(notificationJson({ event: 'container.transport.available', minimal: true })),
    ).toBe(200);
    expect(await refreshJobs()).toHaveLength(1);
  });

  it('answers 200 for a shipment nobody watches, and queues nothing', async () => {
    expect(await server.post(notificationJson({ shipmentId: 'shp-nobody' }))).toBe(200);
    expect(await replica.store.watching.inbox.count()).toBe(1);
    expect(await refreshJobs()).toEqual([]);
    expect(replica.service.stats().webhook).toMatchObject({ unwatched: 1 });
  });

  it('answers 400 for a signed body that is not a notification', async () => {
    expect(await server.post('{"data":{"type":"something_else"}}')).toBe(400);
    expect(await server.post('not json')).toBe(400);
    expect(await replica.store.watching.inbox.count()).toBe(0);
  });

  it('answers 413 for a body larger than any notification, without reading it', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(1_100_000) });
    expect(await server.post(big)).toBe(413);
    expect(await replica.store.watching.inbox.count()).toBe(0);
  });

  it('answers 503 (so Terminal49 retries) when the notification cannot be stored, never 200', async () => {
    await replica.store.close();
    expect(await server.post(notificationJson({}))).toBe(503);
  });
});
