/**
 * Subscriptions through signed HTTP (README "Subscriptions"): the bot with its store, its watch service and the
 * webhook route, driven by signed Slack commands and signed Terminal49 webhooks. A channel subscribes to a tag; the
 * matching shipments are watched card-less and post nothing; the first change of one posts its card with the change
 * in its thread; a shipment Terminal49 announces (`tracking_request.succeeded`) joins; one that loses the tag leaves,
 * its card saying so once; one a person unwatches stays out of the channel (its card says so once) until someone watches
 * it there again or the channel subscribes afresh; unsubscribing ends the rest. The tracking API is the simulator, with the tags and changes a
 * test gives its shipments laid over what it answers (list and reads alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import type { Shipment, ShipmentDetail } from '../../../src/tracking/models.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { signWebhookBody, WEBHOOK_PATH } from '../../../src/watch/index.js';
import type { BotHarness } from '../../helpers/slack/bot-harness.js';
import { nextId, TEST_TEAM } from '../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../helpers/slack/watching-harness.js';
import { textOf } from './interactions/world.js';

const SECRET = 'whsec-integration-subscriptions-01';
const TAG = 'quiet-watch';

/** What the test lays over the simulator's shipments: a tag, a new ETA. */
function trackingWorld() {
  const tagged = new Set<string>();
  const etaShift = new Map<string, number>();
  const hidden = new Set<string>();
  const shipmentOf = (shipment: Shipment): Shipment => {
    const shift = etaShift.get(shipment.id);
    const eta = shipment.podEtaAt;
    return {
      ...shipment,
      tags: tagged.has(shipment.id) ? [...shipment.tags, TAG] : shipment.tags,
      podEtaAt:
        shift !== undefined && eta ? { ...eta, at: new Date(Date.parse(eta.at) + shift).toISOString() } : eta,
    };
  };
  const wrap = (client: TrackingClient): TrackingClient =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'getShipment')
          return async (id: string, options?: Parameters<TrackingClient['getShipment']>[1]) => {
            const detail: ShipmentDetail = await target.getShipment(id, options);
            return { ...detail, shipment: shipmentOf(detail.shipment) };
          };
        if (property === 'listShipments')
          return async (...args: Parameters<TrackingClient['listShipments']>) => {
            const page = await target.listShipments(...args);
            return {
              ...page,
              items: page.items.filter((item) => !hidden.has(item.id)).map(shipmentOf),
            };
          };
        return Reflect.get(target, property, receiver);
      },
    });
  return { tagged, etaShift, hidden, wrap };
}

async function postWebhook(harness: BotHarness, body: unknown): Promise<number> {
  const text = JSON.stringify(body);
  const response = await fetch(`${harness.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-t49-webhook-signature': signWebhookBody(text, SECRET) },
    body: text,
  });
  await response.arrayBuffer();
  return response.status;
}

/** A whole notification about a shipment (`event` of a transport event). */
function shipmentEvent(shipmentId: string, event = 'container.transport.available') {
  const id = nextId('wn');
  const sentAt = new Date().toISOString();
  const reference = {
    id: `te-${id}`,
    type: 'transport_event',
    attributes: { event, timestamp: sentAt },
    relationships: { shipment: { data: { id: shipmentId, type: 'shipment' } } },
  };
  return {
    data: {
      id,
      type: 'webhook_notification',
      attributes: { event, delivery_status: 'pending', created_at: sentAt },
      relationships: { reference_object: { data: { id: reference.id, type: reference.type } } },
    },
    included: [reference],
  };
}

/** `tracking_request.succeeded`: the tracking request and the shipment it created. */
function trackingRequestSucceeded(shipmentId: string) {
  const id = nextId('wn');
  const request = {
    id: `tr-${id}`,
    type: 'tracking_request',
    attributes: { status: 'created', request_number: 'X' },
    relationships: { tracked_object: { data: { id: shipmentId, type: 'shipment' } } },
  };
  return {
    data: {
      id,
      type: 'webhook_notification',
      attributes: {
        event: 'tracking_request.succeeded',
        delivery_status: 'pending',
        created_at: new Date().toISOString(),
      },
      relationships: { reference_object: { data: { id: request.id, type: request.type } } },
    },
    included: [request],
  };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('subscriptions, through signed HTTP', () => {
  const world = trackingWorld();
  let watching: WatchingHarness;
  let harness: BotHarness;
  const channelId = nextId('C');
  const watchesHere = () => watching.store.watching.watches.listByChannel(TEST_TEAM.id, channelId);
  const postsHere = () =>
    harness.slack
      .callsTo('chat.postMessage')
      .filter((call) => call.args.channel === channelId && !textOf(call).includes('subscri'));

  beforeAll(async () => {
    world.tagged.add(DEMO.shipments.onWater.id);
    world.tagged.add(DEMO.shipments.appointment.id);
    watching = await startWatchingHarness('subs-acct', {
      webhookSecret: SECRET,
      tracking: world.wrap,
      config: { subscriptionSweepMs: 1_500, channelPaceMs: 100 },
    });
    ({ harness } = watching);
  });
  afterAll(async () => {
    await watching?.stop();
  });

  it('subscribes the channel, watches the matching shipments without posting anything, and lists the subscription with its count', async () => {
    const sent = await harness.command('/shipwatch', `subscribe tag:${TAG}`, { channelId });
    expect(sent.status).toBe(200);
    const line = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && textOf(call).includes('subscribed this channel'),
    );
    expect(textOf(line)).toContain(`tag:${TAG}`);

    const watches = await until(watchesHere, (found) => found.length === 2);
    expect(watches.map((watch) => watch.shipmentNumber).sort()).toEqual(
      [DEMO.shipments.onWater.bl, DEMO.shipments.appointment.bl].sort(),
    );
    expect(watches.every((watch) => watch.cardTs === null && watch.subscriptionId)).toBe(true);
    // Their first readings are taken (one poll each) and change nothing: still no card, no message.
    await until(
      async () =>
        Promise.all(watches.map((watch) => watching.store.watching.snapshots.get(watch.shipmentId))),
      (snapshots) => snapshots.every((snapshot) => snapshot !== null),
    );
    const [subscription] = await until(
      () => watching.store.subscriptions.listByChannel(TEST_TEAM.id, channelId),
      (found) => found[0]?.matched === 2,
    );
    expect(subscription?.matched).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(postsHere()).toEqual([]);

    const asked = await harness.command('/shipwatch', 'subscriptions', { channelId });
    const list = JSON.stringify((await harness.responseUrls.waitForPost(asked.responseUrl)).body);
    expect(list).toContain('"response_type":"ephemeral"');
    expect(list).toContain(`1. \`tag:${TAG}\``);
    expect(list).toContain('2 shipments match');
  });

  it('posts a quiet shipment’s card with its first change in the thread, and keeps the others quiet', async () => {
    world.etaShift.set(DEMO.shipments.onWater.id, 2 * 86_400_000);
    expect(await postWebhook(harness, shipmentEvent(DEMO.shipments.onWater.id))).toBe(200);
    const card = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) =>
        call.args.channel === channelId &&
        !call.args.thread_ts &&
        textOf(call).includes(DEMO.shipments.onWater.bl),
      10_000,
    );
    const ts = String(card.answer?.ts);
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && call.args.thread_ts === ts,
      10_000,
    );
    const watch = (await watchesHere()).find((found) => found.shipmentId === DEMO.shipments.onWater.id);
    expect(watch?.cardTs).toBe(ts);
    // The other shipment had nothing to tell: it posted nothing.
    expect(postsHere().filter((call) => textOf(call).includes(DEMO.shipments.appointment.bl))).toEqual([]);
  });

  it('posts the card of a quietly watched shipment when a person asks to watch it', async () => {
    const { bl, id } = DEMO.shipments.appointment;
    const sent = await harness.command('/shipwatch', `watch ${bl}`, { channelId });
    expect(sent.status).toBe(200);
    const card = await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(bl),
    );
    const watch = await until(
      async () => (await watchesHere()).find((found) => found.shipmentId === id),
      (found) => found?.cardTs !== null,
    );
    expect(watch).toMatchObject({ cardTs: card.answer?.ts, subscriptionId: expect.any(String) });
  });

  it('joins a shipment Terminal49 announces with tracking_request.succeeded, before the next list sweep', async () => {
    const joining = DEMO.shipments.slippedEta.id;
    world.hidden.add(joining); // not in the list yet: only the webhook can bring it
    world.tagged.add(joining);
    expect(await postWebhook(harness, trackingRequestSucceeded(joining))).toBe(200);
    const watches = await until(watchesHere, (found) => found.some((watch) => watch.shipmentId === joining));
    const joined = watches.find((watch) => watch.shipmentId === joining);
    expect(joined).toMatchObject({ cardTs: null, state: 'active' });
    world.hidden.delete(joining);
  });

  /** Resolves once a list sweep that began after `since` has completed (the subscription's count stored). */
  const sweptAfter = (since: number) =>
    until(
      () => watching.store.subscriptions.listByChannel(TEST_TEAM.id, channelId),
      (found) => (found[0]?.sweptAt ?? 0) > since + 1_600,
      15_000,
    );

  it('keeps a subscribed shipment a person unwatched out of the channel: its card says so once, and no sweep brings it back', async () => {
    const { bl, id } = DEMO.shipments.appointment;
    const ts = String((await watchesHere()).find((watch) => watch.shipmentId === id)?.cardTs);
    const sent = await harness.command('/shipwatch', `unwatch ${bl}`, { channelId, userId: 'U0CAROL' });
    expect(sent.status).toBe(200);
    const update = await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('No longer watched'),
    );
    expect(JSON.stringify(update.args.blocks)).toContain(`unwatched here; tag:${TAG} will not bring it back`);
    const unwatchedAt = Date.now();
    await sweptAfter(unwatchedAt);
    expect((await watchesHere()).map((watch) => watch.shipmentId)).not.toContain(id);
    const told = harness.slack
      .callsTo('chat.update')
      .filter(
        (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('No longer watched'),
      );
    expect(told).toHaveLength(1);
  });

  it('keeps a quiet shipment out too, telling the person who unwatched it, even when Terminal49 announces it again', async () => {
    const { bl, id } = DEMO.shipments.slippedEta;
    const sent = await harness.command('/shipwatch', `unwatch ${bl}`, { channelId, userId: 'U0CAROL' });
    const answer = JSON.stringify((await harness.responseUrls.waitForPost(sent.responseUrl)).body);
    expect(answer).toContain('stopped watching');
    expect(answer).toContain(`tag:${TAG}`);
    expect(answer).toContain('will not bring it back');
    const unwatchedAt = Date.now();
    expect(await postWebhook(harness, trackingRequestSucceeded(id))).toBe(200);
    await sweptAfter(unwatchedAt);
    expect((await watchesHere()).map((watch) => watch.shipmentId)).not.toContain(id);
  });

  it('lets a shipment back in once a person watches it here again', async () => {
    const { bl, id } = DEMO.shipments.appointment;
    await harness.command('/shipwatch', `watch ${bl}`, { channelId });
    const card = await until(
      async () => (await watchesHere()).find((watch) => watch.shipmentId === id),
      (found) => Boolean(found?.cardTs),
    );
    expect(card?.subscriptionId ?? null).toBeNull();
    // Unwatched again as a person's own watch: nothing is kept out, so the subscription takes it back, quietly.
    await harness.command('/shipwatch', `unwatch ${bl}`, { channelId });
    const back = await until(
      async () => (await watchesHere()).find((watch) => watch.shipmentId === id),
      (found) => found?.subscriptionId != null,
      15_000,
    );
    expect(back).toMatchObject({ cardTs: null, subscriptionId: expect.any(String) });
  });

  it('lets a shipment that lost the tag leave: its card says so once, and its watch ends', async () => {
    const [before] = (await watchesHere()).filter((watch) => watch.shipmentId === DEMO.shipments.onWater.id);
    const ts = String(before?.cardTs);
    world.tagged.delete(DEMO.shipments.onWater.id);
    const update = await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('No longer watched'),
      10_000,
    );
    expect(JSON.stringify(update.args.blocks)).toContain(`left tag:${TAG}`);
    const left = await until(
      watchesHere,
      (found) => !found.some((watch) => watch.shipmentId === DEMO.shipments.onWater.id),
    );
    expect(left.map((watch) => watch.shipmentId)).not.toContain(DEMO.shipments.onWater.id);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const marked = harness.slack
      .callsTo('chat.update')
      .filter(
        (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('No longer watched'),
      );
    expect(marked).toHaveLength(1);
  });

  it('ends the subscription by its number: its shipments are no longer watched, and the channel is told who ended it', async () => {
    const sent = await harness.command('/shipwatch', 'unsubscribe 1', { channelId });
    expect(sent.status).toBe(200);
    await harness.slack.waitForCall(
      'chat.postMessage',
      (call) => call.args.channel === channelId && textOf(call).includes('ended this channel'),
    );
    expect(await until(watchesHere, (found) => found.length === 0)).toEqual([]);
    expect(await watching.store.subscriptions.listByChannel(TEST_TEAM.id, channelId)).toEqual([]);
  });

  it('lets a kept-out shipment back when the channel subscribes to the filter again', async () => {
    await harness.command('/shipwatch', `subscribe tag:${TAG}`, { channelId });
    const watches = await until(watchesHere, (found) =>
      found.some((watch) => watch.shipmentId === DEMO.shipments.slippedEta.id),
    );
    expect(watches.map((watch) => watch.shipmentId)).toContain(DEMO.shipments.slippedEta.id);
  });

  it('refuses a filter it cannot read, saying which terms there are, and subscribes nothing', async () => {
    const other = nextId('C');
    const sent = await harness.command('/shipwatch', 'subscribe colour:blue', { channelId: other });
    const answer = JSON.stringify((await harness.responseUrls.waitForPost(sent.responseUrl)).body);
    expect(answer).toContain('is not a filter');
    expect(await watching.store.subscriptions.listByChannel(TEST_TEAM.id, other)).toEqual([]);
  });
});
