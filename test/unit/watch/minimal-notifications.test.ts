/**
 * Terminal49's minimal notifications and catching up (docs/terminal49-webhooks.md): a notification that names no
 * shipment is completed with one `GET /webhook_notifications/{id}` ahead of every poll, then handled as usual; at
 * start, Shipwatch reads back what Terminal49 sent since the last notification it stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { embeddedHarness } from '../store/helpers/stores.js';
import { AMS, cosco, notificationJson, RELEASED, SHIPMENT_ID, serveRoute } from './helpers/shipments.js';
import { type Replica, type WatchWorld, WEBHOOK_SECRET, watchWorld } from './helpers/watch-world.js';

const minimal = (id: string, sentAt = '2026-03-10T09:00:00Z') => ({
  data: {
    id,
    type: 'webhook_notification',
    attributes: { event: 'container.transport.available', delivery_status: 'pending', created_at: sentAt },
    relationships: { reference_object: { data: { id: `te-${id}`, type: 'transport_event' } } },
  },
  included: [],
});

/** The same notification as `GET /webhook_notifications/{id}?include=…` returns it: with its event and shipment. */
const whole = (id: string, shipmentId = SHIPMENT_ID, sentAt = '2026-03-10T09:00:00Z') => ({
  ...minimal(id, sentAt),
  included: [
    {
      id: `te-${id}`,
      type: 'transport_event',
      attributes: { event: 'container.transport.available', timestamp: sentAt, timezone: AMS },
      relationships: {
        shipment: { data: { id: shipmentId, type: 'shipment' } },
        container: { data: { id: 'box-2', type: 'container' } },
      },
    },
  ],
});

describe('minimal notifications and catching up', () => {
  let world: WatchWorld;
  let a: Replica;

  beforeEach(async () => {
    world = watchWorld(embeddedHarness());
    world.tracking.set(cosco());
    a = await world.replica();
    const card = await world.chat.postMessage({ channel: 'C1', text: 'card' });
    await a.service.watch({
      teamId: 'T1',
      channelId: 'C1',
      userId: 'U1',
      detail: await world.tracking.getShipment(SHIPMENT_ID),
      cardTs: card.ts ?? '',
      threadTs: card.ts ?? null,
    });
    await a.service.runDue();
    world.clock.advance(10_000);
  });
  afterEach(async () => {
    await world.dispose();
  });

  const deliver = async (body: unknown) => {
    const server = await serveRoute(a.service.webhookRoute!, WEBHOOK_SECRET);
    try {
      return await server.post(JSON.stringify(body));
    } finally {
      await server.close();
    }
  };

  it('completes a minimal container.transport.available with one read of the notification, then updates the card', async () => {
    world.tracking.set(cosco({ second: RELEASED }));
    world.tracking.notifications.set('ntf-min-1', whole('ntf-min-1'));
    const readsBefore = world.tracking.reads;
    expect(await deliver(minimal('ntf-min-1'))).toBe(200);
    await a.service.runDue();
    world.clock.advance(1_000);
    await a.service.runDue();
    expect(world.tracking.notificationReads).toEqual(['ntf-min-1']);
    expect(world.tracking.reads - readsBefore).toBe(1);
    expect(world.chat.updates).toHaveLength(1);
    expect(
      world.chat
        .threadMessages()
        .map((post) => post.text)
        .join('\n'),
    ).toContain('CBHU5120015');
  });

  it('closes a completed notification about a shipment nobody watches, without re-fetching anything', async () => {
    world.tracking.notifications.set('ntf-min-2', whole('ntf-min-2', 'shp-unwatched'));
    const readsBefore = world.tracking.reads;
    expect(await deliver(minimal('ntf-min-2'))).toBe(200);
    await a.service.runDue();
    world.clock.advance(10_000);
    await a.service.runDue();
    expect(world.tracking.notificationReads).toEqual(['ntf-min-2']);
    expect(world.tracking.reads).toBe(readsBefore);
    expect(await a.store.watching.inbox.open('shp-unwatched', Date.parse('2027-01-01'))).toEqual([]);
  });

  it('catches up at start with what Terminal49 sent since the last notification stored, and no further back', async () => {
    // The last notification stored was sent at 09:00; two more were sent while the bot was away.
    expect(await deliver(JSON.parse(notificationJson({ id: 'ntf-seen', containerId: 'box-1' })))).toBe(200);
    world.clock.advance(10_000);
    await a.service.runDue();
    world.tracking.set(cosco({ second: RELEASED }));
    const older = whole('ntf-old', SHIPMENT_ID, '2026-03-09T09:00:00Z');
    world.tracking.notifications.set('ntf-old', older);
    world.tracking.notifications.set('ntf-seen', JSON.parse(notificationJson({ id: 'ntf-seen' })));
    world.tracking.notifications.set('ntf-away-1', whole('ntf-away-1', SHIPMENT_ID, '2026-03-10T09:30:00Z'));
    world.tracking.notifications.set('ntf-away-2', whole('ntf-away-2', SHIPMENT_ID, '2026-03-10T09:31:00Z'));
    const readsBefore = world.tracking.reads;
    const restarted = await world.replica({ owner: 'restarted' });
    await restarted.service.runDue();
    world.clock.advance(6_000);
    await restarted.service.runDue();
    expect(world.tracking.notificationReads).toEqual(['list:1']);
    expect(world.tracking.reads - readsBefore).toBe(1);
    expect(
      world.chat
        .threadMessages()
        .map((post) => post.text)
        .join('\n'),
    ).toContain('CBHU5120015');
    const stored = await a.store.watching.inbox.lastSentAt();
    expect(new Date(stored ?? 0).toISOString()).toBe('2026-03-10T09:31:00.000Z');
    expect(await a.store.watching.inbox.count()).toBe(3);
  });
});
