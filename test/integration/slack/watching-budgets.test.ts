/**
 * Budgets, not hopes, through signed HTTP (README "Watching shipments", the budget): the bot with its store, its
 * watch service and the webhook route, driven by signed Slack requests and signed Terminal49 webhooks. A watched card
 * is posted in its final form; a signed webhook re-fetches while polls wait for the budget; a minimal notification is
 * completed with one `GET /webhook_notifications/{id}`; card updates keep to the workspace's pace and a 429 pauses
 * them; notifications sent while the bot was away are caught up when it starts again. The tracking API is the
 * simulator, with a fake for `GET /webhook_notifications` (the simulator's own is being built on another branch) and
 * for the shipment changes a test announces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION } from '../../../src/cards/ids.js';
import { renderShipmentCard } from '../../../src/cards/index.js';
import { DEMO } from '../../../src/simulator/demo/catalog.js';
import type { ShipmentDetail, WebhookNotificationRecord } from '../../../src/tracking/models.js';
import type { TrackingClient } from '../../../src/tracking/tracking-client.js';
import { signWebhookBody, WEBHOOK_PATH } from '../../../src/watch/index.js';
import type { BotHarness } from '../../helpers/slack/bot-harness.js';
import type { FakeSlackCall } from '../../helpers/slack/fake-slack-api.js';
import { nextId } from '../../helpers/slack/payloads.js';
import { startWatchingHarness, type WatchingHarness } from '../../helpers/slack/watching-harness.js';
import { click, postCard, textOf } from './interactions/world.js';

const SECRET = 'whsec-integration-budgets-0123';

/** The world around the bot's tracking client: shipments that changed, and notifications read back. */
function trackingWorld() {
  const changes = new Map<string, (detail: ShipmentDetail) => ShipmentDetail>();
  const notifications = new Map<string, unknown>();
  const reads: string[] = [];
  const record = (id: string, document: unknown): WebhookNotificationRecord => ({
    id,
    event: null,
    createdAt: null,
    document,
  });
  const wrap = (client: TrackingClient): TrackingClient =>
    new Proxy(client, {
      get(target, property, receiver) {
        if (property === 'getShipment')
          return async (id: string, options?: Parameters<TrackingClient['getShipment']>[1]) => {
            const detail = await target.getShipment(id, options);
            return changes.get(id)?.(structuredClone(detail)) ?? detail;
          };
        if (property === 'getWebhookNotification')
          return async (id: string) => {
            reads.push(id);
            const document = notifications.get(id);
            if (document === undefined) throw Object.assign(new Error('not found'), { code: 'not_found' });
            return record(id, document);
          };
        if (property === 'listWebhookNotifications')
          return async () => {
            reads.push('list');
            const items = [...notifications].reverse().map(([id, document]) => record(id, document));
            return { items, pageNumber: 1, next: null, total: items.length };
          };
        return Reflect.get(target, property, receiver);
      },
    });
  return { changes, notifications, reads, wrap };
}

/** A new voyage number on the shipment: its card must change. */
const newVoyage = (voyage: string) => (detail: ShipmentDetail) => ({
  ...detail,
  shipment: { ...detail.shipment, vessel: { ...detail.shipment.vessel, voyageNumber: voyage } },
});

function envelope(id: string, shipmentId: string | null, sentAt = new Date().toISOString()) {
  const event = {
    id: `te-${id}`,
    type: 'transport_event',
    attributes: { event: 'container.transport.available', timestamp: sentAt },
    relationships: shipmentId ? { shipment: { data: { id: shipmentId, type: 'shipment' } } } : {},
  };
  return {
    data: {
      id,
      type: 'webhook_notification',
      attributes: { event: 'container.transport.available', delivery_status: 'pending', created_at: sentAt },
      relationships: { reference_object: { data: { id: event.id, type: event.type } } },
    },
    // A minimal notification names only its transport event; a whole one carries it with its shipment.
    included: shipmentId ? [event] : [],
  };
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

const updatesOf = (harness: BotHarness, ts: string): FakeSlackCall[] =>
  harness.slack.callsTo('chat.update').filter((call) => call.args.ts === ts);

async function watchByCommand(harness: BotHarness, bl: string, channelId: string) {
  const sent = await harness.command('/shipwatch', `watch ${bl}`, { channelId });
  expect(sent.status).toBe(200);
  return harness.slack.waitForCall(
    'chat.postMessage',
    (call) => call.args.channel === channelId && !call.args.thread_ts && textOf(call).includes(bl),
    8_000,
  );
}

describe('watching within its budgets, through signed HTTP', () => {
  const world = trackingWorld();
  let watching: WatchingHarness;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('budgets-acct', { webhookSecret: SECRET, tracking: world.wrap });
    ({ harness } = watching);
  });
  afterAll(async () => {
    await watching?.stop();
  });

  it('posts a watched card in its final form: neither the command nor the button is followed by a chat.update to mark it', async () => {
    const card = await watchByCommand(harness, DEMO.shipments.slippedEta.bl, nextId('C'));
    const ts = String(card.answer?.ts);
    expect(textOf(card)).toContain('Watching');

    const shown = await postCard(
      harness,
      renderShipmentCard(await harness.tracking.getShipment(DEMO.shipments.onWater.id), { now: new Date() }),
    );
    await click(harness, shown, { actionId: ACTION.shipmentWatch, value: DEMO.shipments.onWater.id });
    await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === shown.ts && textOf(call).includes('Watching'),
    );
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(updatesOf(harness, ts)).toEqual([]);
    expect(updatesOf(harness, shown.ts)).toHaveLength(1);
  });

  it('completes a minimal notification with one read of it, then updates the card', async () => {
    const channelId = nextId('C');
    const card = await watchByCommand(harness, DEMO.shipments.arrived.bl, channelId);
    const ts = String(card.answer?.ts);
    world.changes.set(DEMO.shipments.arrived.id, newVoyage('MIN01W'));
    world.notifications.set('ntf-minimal-1', envelope('ntf-minimal-1', DEMO.shipments.arrived.id));
    expect(await postWebhook(harness, envelope('ntf-minimal-1', null))).toBe(200);
    const update = await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('MIN01W'),
      12_000,
    );
    expect(update.args.channel).toBe(channelId);
    expect(world.reads.filter((id) => id === 'ntf-minimal-1')).toHaveLength(1);
  });

  it('re-fetches for a signed webhook while every poll waits for the budget', async () => {
    const card = await watchByCommand(harness, DEMO.shipments.onWater.bl, nextId('C'));
    const ts = String(card.answer?.ts);
    // Polls have taken all the minute they may: 45 of the budget's 50 slots in the store (what polls leave is the
    // webhooks' reserve).
    const { budget, accountId } = watching.service;
    for (let taken = 0; taken < 45; taken += 1)
      await watching.store.quota.acquire(`api-budget:${accountId}`, {
        limit: 45,
        windowMs: 60_000,
        now: Date.now(),
        inFlightHoldMs: 60_000,
      });
    expect(await budget.take(accountId, 'routine')).toMatchObject({ ok: false });
    world.changes.set(DEMO.shipments.onWater.id, newVoyage('HOOK9W'));
    expect(await postWebhook(harness, envelope(`ntf-${nextId('')}`, DEMO.shipments.onWater.id))).toBe(200);
    await harness.slack.waitForCall(
      'chat.update',
      (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('HOOK9W'),
      12_000,
    );
    expect(await budget.take(accountId, 'routine')).toMatchObject({ ok: false });
  });
});

describe('Slack’s pace for watched cards, through signed HTTP', () => {
  const world = trackingWorld();
  let watching: WatchingHarness;
  let harness: BotHarness;

  beforeAll(async () => {
    watching = await startWatchingHarness('pace-acct', {
      webhookSecret: SECRET,
      tracking: world.wrap,
      // One job at a time: what follows the 429 is what the pause decides, not a call already in flight.
      config: { cardUpdatesPerMinute: 2, concurrency: 1 },
    });
    ({ harness } = watching);
  });
  afterAll(async () => {
    await watching?.stop();
  });

  it('updates two cards of a workspace within its pace of two a minute and holds the third; a 429 pauses them all', async () => {
    const shipments = [DEMO.shipments.slippedEta, DEMO.shipments.arrived, DEMO.shipments.onWater];
    const cards: string[] = [];
    for (const shipment of shipments) {
      const card = await watchByCommand(harness, shipment.bl, nextId('C'));
      cards.push(String(card.answer?.ts));
    }
    // The first card update Slack answers with a 429: every card of the workspace waits for its Retry-After.
    harness.slack.failNext('chat.update', { kind: 'ratelimited', retryAfterSeconds: 2 });
    for (const shipment of shipments) {
      world.changes.set(shipment.id, newVoyage('PACE1W'));
      expect(await postWebhook(harness, envelope(`ntf-${nextId('')}`, shipment.id))).toBe(200);
    }
    const refused = await harness.slack.waitForCall(
      'chat.update',
      (call) => call.error === 'ratelimited',
      12_000,
    );
    const delivered = () =>
      harness.slack.callsTo('chat.update').filter((call) => call.ok && cards.includes(String(call.args.ts)));
    await expect.poll(() => delivered().length, { timeout: 12_000 }).toBeGreaterThanOrEqual(1);
    // Nothing went to Slack before the Retry-After was over.
    for (const call of delivered()) expect(call.at - refused.at).toBeGreaterThanOrEqual(1_900);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // The pace allowed two updates in the minute (the 429 took one slot): the third card waits for the next minute.
    expect(delivered().length).toBeLessThanOrEqual(2);
    expect(new Set(delivered().map((call) => call.args.ts)).size).toBe(delivered().length);
  });
});

describe('catching up when the bot starts again, through signed HTTP', () => {
  const world = trackingWorld();
  let first: WatchingHarness;

  afterAll(async () => {
    await first?.stop();
  });

  it('reads back what Terminal49 sent while the bot was away and brings the card up to date', async () => {
    first = await startWatchingHarness('catch-up-acct', { webhookSecret: SECRET, tracking: world.wrap });
    const card = await watchByCommand(first.harness, DEMO.shipments.arrived.bl, nextId('C'));
    const ts = String(card.answer?.ts);
    const seen = envelope(
      'ntf-seen-before',
      DEMO.shipments.arrived.id,
      new Date(Date.now() - 60_000).toISOString(),
    );
    expect(await postWebhook(first.harness, seen)).toBe(200);
    await first.harness.stop();

    // While it was away: the shipment changed and Terminal49 gave up delivering the notification.
    world.changes.set(DEMO.shipments.arrived.id, newVoyage('AWAY7W'));
    world.notifications.set('ntf-seen-before', seen);
    world.notifications.set('ntf-while-away', envelope('ntf-while-away', DEMO.shipments.arrived.id));
    const again = await startWatchingHarness('catch-up-acct', {
      webhookSecret: SECRET,
      tracking: world.wrap,
      store: first.store,
    });
    try {
      await again.harness.slack.waitForCall(
        'chat.update',
        (call) => call.args.ts === ts && JSON.stringify(call.args.blocks).includes('AWAY7W'),
        15_000,
      );
      expect(world.reads).toContain('list');
      expect(await first.store.watching.inbox.count()).toBe(2);
    } finally {
      await again.stop();
    }
  });
});
