/**
 * The watch service as shipped, running on its own timers in real time, with its webhook route on loopback: an
 * embedded store in a temporary folder, the 0 ms tracking API and the paced Slack chat API of watch-world.ts. What
 * the watching benches POST signed notifications at and read card updates from.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../../src/clock.js';
import type { HttpRoute } from '../../src/http/route.js';
import { silentLogger } from '../../src/logger.js';
import { createSlackNotifier } from '../../src/slack/delivery/slack-notifier.js';
import type { Store } from '../../src/store/index.js';
import type { WatchService } from '../../src/watch/index.js';
import {
  createWatchService,
  defaultWatchConfig,
  signWebhookBody,
  WEBHOOK_PATH,
} from '../../src/watch/index.js';
import { BenchTracking, PacedChat, type PacedChatOptions, temporaryStore } from './watch-world.js';

export const WEBHOOK_SECRET = 'bench-webhook-secret';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LiveWorld {
  store: Store;
  tracking: BenchTracking;
  chat: PacedChat;
  service: WatchService;
  clock: Clock;
  /** The webhook route's URL on loopback. */
  url: string;
  post(body: string, signature?: string): Promise<number>;
  stop(): Promise<void>;
}

export interface LiveWorldOptions {
  /** The fake Slack's limits (default: thread messages 1/s per channel, chat.update unlimited). */
  chat?: PacedChatOptions;
  /** Wall and card time (default: the system clock); an offset clock makes polls fall behind at once. */
  clock?: Clock;
}

export async function liveWorld(options: LiveWorldOptions = {}): Promise<LiveWorld> {
  const clock = options.clock ?? systemClock;
  const temp = await temporaryStore(clock);
  const tracking = new BenchTracking(clock);
  const chat = new PacedChat(() => clock.now().getTime(), options.chat ?? {});
  const service = createWatchService({
    store: temp.store,
    tracking,
    clock,
    logger: silentLogger,
    config: defaultWatchConfig(100),
    owner: 'bench',
    accountId: 'watch-bench',
    webhookSecret: WEBHOOK_SECRET,
  });
  service.start({ notifier: createSlackNotifier(chat) });
  const served = await serve(service.webhookRoute as HttpRoute);
  return {
    store: temp.store,
    tracking,
    chat,
    service,
    clock,
    url: served.url,
    post: served.post,
    async stop() {
      await served.close();
      await service.stop();
      await temp.dispose();
    },
  };
}

async function serve(route: HttpRoute) {
  const server: Server = createServer((req, res) => {
    Promise.resolve(route.handle(req, res)).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${WEBHOOK_PATH}`;
  return {
    url,
    async post(body: string, signature = signWebhookBody(body, WEBHOOK_SECRET)) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-t49-webhook-signature': signature },
        body,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let serial = 0;

/**
 * A signed-to-be notification of `event` about one box of a shipment: the transport event in `included` as
 * Terminal49 sends most, or — `minimal` — with an empty `included`, naming only the event, as it sends
 * `container.transport.available` and a few others. `full` is the whole notification, what
 * `GET /webhook_notifications/{id}` answers with.
 */
export function notificationFor(
  shipmentId: string,
  containerId: string,
  event: string,
  options: { minimal?: boolean } = {},
): { id: string; body: string; full: unknown } {
  serial += 1;
  const reference = {
    id: `evt-${serial}`,
    type: 'transport_event',
    attributes: { event, timestamp: new Date().toISOString(), timezone: 'Europe/Amsterdam' },
    relationships: {
      shipment: { data: { id: shipmentId, type: 'shipment' } },
      container: { data: { id: containerId, type: 'container' } },
    },
  };
  const id = `ntf-bench-${serial}-${Math.random().toString(36).slice(2)}`;
  const data = {
    id,
    type: 'webhook_notification',
    attributes: { event, delivery_status: 'pending', created_at: new Date().toISOString() },
    relationships: { reference_object: { data: { id: reference.id, type: reference.type } } },
  };
  const full = { data, included: [reference] };
  return { id, body: JSON.stringify(options.minimal ? { data, included: [] } : full), full };
}

/** The body of a notification with its transport event included (the usual shape). */
export function notification(shipmentId: string, containerId: string, event: string): string {
  return notificationFor(shipmentId, containerId, event).body;
}

/** Watches each shipment (already in `world.tracking`) on a card of its own; the card ts by shipment id. */
export async function watchAll(world: LiveWorld, ids: string[], channelOf: (index: number) => string) {
  const cards = new Map<string, string>();
  for (const [index, id] of ids.entries()) {
    const ts = world.chat.card();
    cards.set(id, ts);
    await world.service.watch({
      teamId: 'TBENCH',
      channelId: channelOf(index),
      userId: 'UBENCH',
      detail: await world.tracking.getShipment(id),
      cardTs: ts,
      threadTs: ts,
    });
  }
  return cards;
}

/** Resolves true once `done()` holds (checked every 50 ms), false after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}
