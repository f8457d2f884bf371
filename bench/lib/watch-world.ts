/**
 * What the watching bench needs around the watch service: shipments built in memory (the COSCO-like voyage the demo
 * shows, with as many boxes as asked), a tracking API answering from them in 0 ms (optionally counting each read
 * against an account quota, as the real client's shared guard does), and a Slack chat API that allows about one
 * message per second per channel and answers 429 with Retry-After beyond it, noting every post that ignored one; when
 * asked, it also holds `chat.update` to Slack's Tier 3 (a rolling minute of calls per workspace).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock.js';
import { silentLogger } from '../../src/logger.js';
import type { NotifierChat } from '../../src/slack/delivery/slack-notifier.js';
import { openStore, type Store } from '../../src/store/index.js';
import { TrackingApiError } from '../../src/tracking/errors.js';
import type {
  Container,
  Page,
  ShipmentDetail,
  WebhookNotificationRecord,
  ZonedTimestamp,
} from '../../src/tracking/models.js';

const AMS = 'Europe/Amsterdam';
const zoned = (at: string): ZonedTimestamp => ({ at, timeZone: AMS });

export type Phase = 'near' | 'far' | 'detention';

/** A shipment with `boxes` containers in `phase` at `now` (near: at the terminal; far: 10 days out; detention: out). */
export function shipment(id: string, boxes: number, phase: Phase, nowMs: number): ShipmentDetail {
  const iso = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();
  const containers: Container[] = Array.from({ length: boxes }, (_, i) => ({
    id: `${id}-box-${i}`,
    number: `BNCH${String(i).padStart(7, '0')}`,
    refNumbers: [],
    equipmentType: 'dry',
    equipmentLength: 40,
    equipmentHeight: 'standard',
    weightInLbs: null,
    sealNumber: null,
    currentStatus: phase === 'far' ? 'on_ship' : phase === 'detention' ? 'picked_up' : 'not_available',
    availabilityKnown: phase === 'far' ? null : true,
    availableForPickup: phase === 'far' ? null : false,
    holds: phase === 'near' ? [{ name: 'customs', status: 'hold', description: null }] : [],
    fees: [],
    pickupLfd: null,
    deadlines:
      phase === 'far' ? [] : [{ at: iso(4 * 86_400_000).slice(0, 10), source: 'terminal', timeZone: AMS }],
    pickupAppointmentAt: null,
    locationAtPodTerminal: null,
    podArrivedAt: phase === 'far' ? null : zoned(iso(-86_400_000)),
    podDischargedAt: phase === 'far' ? null : zoned(iso(-80_000_000)),
    podFullOutAt: phase === 'detention' ? zoned(iso(-3_600_000)) : null,
    podRailLoadedAt: null,
    podRailDepartedAt: null,
    indEtaAt: null,
    indAtaAt: null,
    indRailUnloadedAt: null,
    finalDestinationFullOutAt: null,
    emptyTerminatedAt: null,
    podRailCarrierScac: null,
    indRailCarrierScac: null,
    terminalCheckedAt: iso(-3_600_000),
    createdAt: iso(-30 * 86_400_000),
    podTimeZone: AMS,
    finalDestinationTimeZone: null,
    shipmentId: id,
    podTerminalId: null,
  }));
  return {
    shipment: {
      id,
      billOfLadingNumber: `BENCH${id.toUpperCase()}`,
      normalizedNumber: null,
      refNumbers: [],
      tags: [],
      shippingLine: { scac: 'COSU', name: 'COSCO', shortName: 'COSCO' },
      customerName: null,
      portOfLading: { locode: 'CNNGB', name: 'Ningbo', timeZone: 'Asia/Shanghai' },
      portOfDischarge: { locode: 'NLRTM', name: 'Rotterdam', timeZone: AMS },
      destination: { locode: null, name: null, timeZone: null },
      vessel: { name: 'COSCO SHIPPING ARIES', imo: '9783496', voyageNumber: '071W' },
      polEtdAt: null,
      polAtdAt: zoned(iso(-20 * 86_400_000)),
      polOriginalEtdAt: null,
      podEtaAt: phase === 'far' ? zoned(iso(10 * 86_400_000)) : null,
      podOriginalEtaAt: phase === 'far' ? zoned(iso(10 * 86_400_000)) : zoned(iso(-86_400_000)),
      podAtaAt: phase === 'far' ? null : zoned(iso(-86_400_000)),
      destinationEtaAt: null,
      destinationAtaAt: null,
      destinationOriginalEtaAt: null,
      lineTracking: { lastAttemptedAt: null, lastSucceededAt: null, stoppedAt: null, stoppedReason: null },
      createdAt: iso(-30 * 86_400_000),
      containerIds: containers.map((container) => container.id),
    },
    containers,
    unloadedContainerIds: [],
    unreadableContainerIds: [],
    portOfLading: null,
    portOfDischarge: null,
    destination: null,
    podTerminal: null,
    destinationTerminal: null,
    fetchedAt: new Date(nowMs).toISOString(),
  };
}

/** The tracking API as watching reads it: 0 ms, answers from `shipments`, optionally within an account quota. */
export class BenchTracking {
  readonly shipments = new Map<string, ShipmentDetail>();
  readonly reads: Array<{ id: string; at: number }> = [];
  constructor(
    private readonly clock: Clock,
    private readonly account: ((now: number) => Promise<boolean>) | null = null,
  ) {}
  async getShipment(id: string): Promise<ShipmentDetail> {
    const now = this.clock.now().getTime();
    if (this.account && !(await this.account(now))) {
      throw new TrackingApiError({ code: 'rate_limited', message: 'quota', retryAfterSeconds: 5 });
    }
    this.reads.push({ id, at: now });
    const detail = this.shipments.get(id);
    if (!detail) throw new TrackingApiError({ code: 'not_found', message: 'not found' });
    return { ...detail, fetchedAt: new Date(now).toISOString() };
  }
  /** Notifications read back (`GET /webhook_notifications/{id}`): what the scenario put in `notifications`. */
  readonly notifications = new Map<string, unknown>();
  readonly notificationReads: Array<{ id: string; at: number }> = [];
  async getWebhookNotification(id: string): Promise<WebhookNotificationRecord> {
    this.notificationReads.push({ id, at: this.clock.now().getTime() });
    const document = this.notifications.get(id);
    if (document === undefined) throw new TrackingApiError({ code: 'not_found', message: 'not found' });
    return { id, event: null, createdAt: null, document };
  }
  async listWebhookNotifications(): Promise<Page<WebhookNotificationRecord>> {
    return { items: [], pageNumber: 1, next: null, total: 0 };
  }
}

export interface PacedChatStats {
  posts: number;
  updates: number;
  /** 429s answered. */
  rateLimited: number;
  /** Of them, to chat.update. */
  updatesRateLimited: number;
  /** Posts that came before a 429's Retry-After had passed (a 429 ignored). */
  ignoredRetryAfter: number;
}

export interface PacedChatOptions {
  /** Thread messages per channel: at most one per this long. */
  paceMs?: number;
  /** chat.update calls per rolling minute (the workspace's; the bench has one); none: unlimited. */
  updatesPerMinute?: number;
}

/**
 * Slack's chat API at about one message per second per channel, 429 + Retry-After: 1 beyond it; with
 * `updatesPerMinute`, chat.update beyond that many calls in the last 60 s is answered 429 with Retry-After the seconds
 * until the oldest leaves the window (Tier 3 is about 50 a minute per workspace).
 */
export class PacedChat implements NotifierChat {
  readonly stats: PacedChatStats = {
    posts: 0,
    updates: 0,
    rateLimited: 0,
    updatesRateLimited: 0,
    ignoredRetryAfter: 0,
  };
  readonly postsByThread = new Map<string, Array<{ at: number; text: string }>>();
  readonly updatesByTs = new Map<string, number[]>();
  /** The last message each card was updated to. */
  readonly lastUpdate = new Map<string, { at: number; text: string; blocks: unknown }>();
  /** Told of every chat.update accepted (card ts, time). */
  onUpdate: ((ts: string, at: number) => void) | null = null;
  private readonly lastPost = new Map<string, number>();
  private readonly blockedUntil = new Map<string, number>();
  private readonly updateWindow: number[] = [];
  private updatesBlockedUntil = 0;
  private serial = 0;
  private readonly paceMs: number;
  private readonly updatesPerMinute: number | null;
  constructor(
    private readonly now: () => number,
    options: number | PacedChatOptions = {},
  ) {
    const settings = typeof options === 'number' ? { paceMs: options } : options;
    this.paceMs = settings.paceMs ?? 1_000;
    this.updatesPerMinute = settings.updatesPerMinute ?? null;
  }

  /** Every call answered, 429s included. */
  get calls(): number {
    return this.stats.posts + this.stats.updates + this.stats.rateLimited;
  }

  async postMessage(args: Parameters<NotifierChat['postMessage']>[0]) {
    const now = this.now();
    if ((this.blockedUntil.get(args.channel) ?? 0) > now) this.stats.ignoredRetryAfter += 1;
    const last = this.lastPost.get(args.channel);
    if (args.thread_ts && last !== undefined && now - last < this.paceMs) {
      this.stats.rateLimited += 1;
      this.blockedUntil.set(args.channel, now + 1_000);
      throw Object.assign(new Error('ratelimited'), {
        code: 'slack_webapi_rate_limited_error',
        retryAfter: 1,
      });
    }
    this.lastPost.set(args.channel, now);
    this.serial += 1;
    const ts = `${Math.floor(now / 1000)}.${String(this.serial).padStart(6, '0')}`;
    if (args.thread_ts) {
      this.stats.posts += 1;
      const list = this.postsByThread.get(args.thread_ts) ?? [];
      list.push({ at: now, text: args.text });
      this.postsByThread.set(args.thread_ts, list);
    }
    return { channel: args.channel, ts };
  }

  async update(args: Parameters<NotifierChat['update']>[0]) {
    const now = this.now();
    if (this.updatesPerMinute !== null) {
      if (this.updatesBlockedUntil > now) this.stats.ignoredRetryAfter += 1;
      while (this.updateWindow.length > 0 && (this.updateWindow[0] ?? 0) <= now - 60_000)
        this.updateWindow.shift();
      if (this.updateWindow.length >= this.updatesPerMinute) {
        const retryAfter = Math.max(1, Math.ceil(((this.updateWindow[0] ?? now) + 60_000 - now) / 1000));
        this.stats.rateLimited += 1;
        this.stats.updatesRateLimited += 1;
        this.updatesBlockedUntil = now + retryAfter * 1000;
        throw Object.assign(new Error('ratelimited'), {
          code: 'slack_webapi_rate_limited_error',
          retryAfter,
        });
      }
      this.updateWindow.push(now);
    }
    this.stats.updates += 1;
    const list = this.updatesByTs.get(args.ts) ?? [];
    list.push(now);
    this.updatesByTs.set(args.ts, list);
    this.lastUpdate.set(args.ts, { at: now, text: args.text, blocks: args.blocks });
    this.onUpdate?.(args.ts, now);
    return { ok: true };
  }

  async postEphemeral() {
    return { ok: true };
  }

  /** The ts of a new card to watch (a top-level message; not paced, as a person's lookup would have posted it). */
  card(): string {
    this.serial += 1;
    return `${Math.floor(this.now() / 1000)}.${String(this.serial).padStart(6, '0')}`;
  }
}

/**
 * An embedded store in a temporary folder, removed by `dispose`. `inMemoryDisk`: in /dev/shm (tmpfs) where there is
 * one, so a commit's fsync costs nothing: for virtual-time runs, where waiting on a disk other processes share would
 * only stretch the wall time, not the timeline or the CPU measured.
 */
export async function temporaryStore(
  clock: Clock,
  options: { inMemoryDisk?: boolean } = {},
): Promise<{ store: Store; dispose(): Promise<void> }> {
  const parent = options.inMemoryDisk && existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(parent, 'shipwatch-bench-watch-'));
  const store = await openStore({ dataDir, clock, logger: silentLogger });
  return {
    store,
    async dispose() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
