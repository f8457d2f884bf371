/**
 * A world for the watching tests: a real store (embedded or PostgreSQL, through the store tests' harnesses), a
 * tracking API whose shipments the test edits, a chat client that records what Slack would show (and can answer
 * 429 or refuse like Slack), and one manual clock for card time and wall time. Services are started with
 * `loop: false`, so nothing runs unless the test calls `runDue` — no timers, no sleeps.
 */
import type { KnownBlock } from '@slack/types';
import { type Logger, silentLogger } from '../../../../src/logger.js';
import { createSlackNotifier, type NotifierChat } from '../../../../src/slack/delivery/slack-notifier.js';
import type { Store } from '../../../../src/store/index.js';
import { TrackingApiError } from '../../../../src/tracking/errors.js';
import type { Page, ShipmentDetail, WebhookNotificationRecord } from '../../../../src/tracking/models.js';
import type { PageRequest } from '../../../../src/tracking/tracking-client.js';
import {
  createWatchService,
  defaultWatchConfig,
  type WatchConfig,
  type WatchService,
} from '../../../../src/watch/index.js';
import { slackError } from '../../../helpers/slack/fake-messaging-client.js';
import type { StoreHarness } from '../../store/helpers/stores.js';

export class ManualClock {
  constructor(private ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(iso: string): void {
    this.ms = Date.parse(iso);
  }
}

export interface PostedMessage {
  channel: string;
  ts: string;
  threadTs: string | null;
  text: string;
  blocks: KnownBlock[];
  broadcast: boolean;
}

/** Slack's chat methods as watching reaches them (through the Slack notifier), recording what Slack would show. */
export class FakeChat implements NotifierChat {
  readonly posts: PostedMessage[] = [];
  readonly updates: Array<{ channel: string; ts: string; text: string; blocks: KnownBlock[] }> = [];
  readonly ephemerals: Array<{ channel: string; user: string; text: string }> = [];
  /** Errors to throw on the next calls, in order. */
  readonly failPosts: Error[] = [];
  readonly failUpdates: Error[] = [];
  private serial = 0;

  async postMessage(args: Parameters<NotifierChat['postMessage']>[0]) {
    const failure = this.failPosts.shift();
    if (failure) throw failure;
    this.serial += 1;
    const ts = `1767225600.${String(this.serial).padStart(6, '0')}`;
    this.posts.push({
      channel: args.channel,
      ts,
      threadTs: args.thread_ts ?? null,
      text: args.text,
      blocks: args.blocks ?? [],
      broadcast: args.reply_broadcast === true,
    });
    return { channel: args.channel, ts };
  }

  async update(args: Parameters<NotifierChat['update']>[0]) {
    const failure = this.failUpdates.shift();
    if (failure) throw failure;
    this.updates.push({ channel: args.channel, ts: args.ts, text: args.text, blocks: args.blocks ?? [] });
    return { ok: true };
  }

  async postEphemeral(args: Parameters<NotifierChat['postEphemeral']>[0]) {
    const failure = this.failPosts.shift();
    if (failure) throw failure;
    this.ephemerals.push({ channel: args.channel, user: args.user, text: args.text });
    return { ok: true };
  }

  threadMessages(channel?: string): PostedMessage[] {
    return this.posts.filter(
      (post) => post.threadTs !== null && (channel === undefined || post.channel === channel),
    );
  }
}

export const rateLimited = (seconds: number) => slackError({ kind: 'rate_limited', retryAfter: seconds });
export const refused = (error: string) => slackError({ kind: 'platform', error });

/**
 * The tracking API as far as watching reads it: shipments the test edits, and a count of reads; webhook
 * notifications read back (`GET /webhook_notifications[/{id}]`) from what the test puts in `notifications`, newest
 * first, as Terminal49 lists them.
 */
export class FakeTracking {
  readonly shipments = new Map<string, ShipmentDetail>();
  /** Notification envelopes by id, in the order sent. */
  readonly notifications = new Map<string, unknown>();
  reads = 0;
  notificationReads: string[] = [];
  constructor(private readonly clock: ManualClock) {}
  set(detail: ShipmentDetail): void {
    this.shipments.set(detail.shipment.id, detail);
  }
  async getShipment(id: string): Promise<ShipmentDetail> {
    this.reads += 1;
    const detail = this.shipments.get(id);
    if (!detail) throw new TrackingApiError({ code: 'not_found', message: 'not found' });
    return structuredClone({ ...detail, fetchedAt: this.clock.now().toISOString() });
  }
  async getWebhookNotification(id: string): Promise<WebhookNotificationRecord> {
    this.notificationReads.push(id);
    const document = this.notifications.get(id);
    if (document === undefined) throw new TrackingApiError({ code: 'not_found', message: 'not found' });
    return recordOf(id, document);
  }
  async listWebhookNotifications(page: PageRequest = {}): Promise<Page<WebhookNotificationRecord>> {
    const size = page.size ?? 100;
    const number = page.number ?? 1;
    this.notificationReads.push(`list:${number}`);
    const newestFirst = [...this.notifications].reverse();
    const items = newestFirst
      .slice((number - 1) * size, number * size)
      .map(([id, document]) => recordOf(id, document));
    const more = number * size < newestFirst.length;
    return { items, pageNumber: number, next: more ? `page=${number + 1}` : null, total: newestFirst.length };
  }
}

function recordOf(id: string, document: unknown): WebhookNotificationRecord {
  // SAFETY: the tests put webhook_notification envelopes in; only the fields read here are assumed.
  const attributes = (document as { data: { attributes: { event: string; created_at: string } } }).data
    .attributes;
  return { id, event: attributes.event, createdAt: attributes.created_at, document };
}

export interface Replica {
  service: WatchService;
  chat: FakeChat;
  store: Store;
}

export interface WatchWorld {
  clock: ManualClock;
  tracking: FakeTracking;
  /** One Slack for every replica. */
  chat: FakeChat;
  replica(options?: {
    owner?: string;
    config?: Partial<WatchConfig>;
    webhookSecret?: string;
    logger?: Logger;
    /** Other accounts' clients (OAuth mode); every shipment is read with `tracking` otherwise. */
    trackingFor?: (accountId: string) => Promise<FakeTracking | null>;
  }): Promise<Replica>;
  dispose(): Promise<void>;
}

export const WEBHOOK_SECRET = 'whsec-test-0123456789';

export function watchWorld(harness: StoreHarness, start = '2026-03-10T09:00:00Z'): WatchWorld {
  const clock = new ManualClock(Date.parse(start));
  const tracking = new FakeTracking(clock);
  const chat = new FakeChat();
  const services: WatchService[] = [];
  let serial = 0;
  // One Store per data folder per process (docs/store.md): embedded "replicas" share one; PostgreSQL ones get a pool
  // each, so they really race.
  let shared: Promise<Store> | null = null;
  const open = (): Promise<Store> => {
    if (harness.backend !== 'embedded') return harness.open();
    shared ??= harness.open();
    return shared;
  };
  return {
    clock,
    tracking,
    chat,
    async replica(options = {}) {
      const store = await open();
      serial += 1;
      const config: WatchConfig = { ...defaultWatchConfig(100), ...options.config };
      const service = createWatchService({
        store,
        tracking,
        clock,
        wallClock: clock,
        logger: options.logger ?? silentLogger,
        config,
        owner: options.owner ?? `replica-${serial}`,
        accountId: 'watch-test',
        webhookSecret: options.webhookSecret ?? WEBHOOK_SECRET,
        random: () => 0.5,
        ...(options.trackingFor ? { trackingFor: options.trackingFor } : {}),
      });
      service.start({ notifier: createSlackNotifier(chat), loop: false });
      services.push(service);
      return { service, chat, store };
    },
    async dispose() {
      for (const service of services) await service.stop();
      await harness.dispose();
    },
  };
}
